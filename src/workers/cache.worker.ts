import * as Comlink from 'comlink';
import { createCacheApi } from './cache-api';

/** The cache worker: fetching, base64 and IndexedDB all happen here, off the main thread. */
const cache = createCacheApi();

const cacheWorkerApi = {
  ...cache,
  /** The decoded audio moves to the page (transferred, not copied). */
  async readAudio(soundscapeId: number) {
    const result = await cache.readAudio(soundscapeId);
    return result.outcome === 'hit' ? Comlink.transfer(result, [result.audio]) : result;
  },
};

export type CacheWorkerApi = typeof cacheWorkerApi;

Comlink.expose(cacheWorkerApi);
