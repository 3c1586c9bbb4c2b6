import * as Comlink from 'comlink';
import type { CacheWorkerApi } from './cache.worker';

/**
 * The page's handle on the cache worker: wrapped once, started on first use, terminable.
 * Callers see the same promise-returning API as the worker exposes.
 */
export type CacheClient = Comlink.Remote<CacheWorkerApi>;

let worker: Worker | undefined;
let client: CacheClient | undefined;

export function cacheClient(): CacheClient {
  if (!client) {
    if (typeof Worker === 'undefined') throw new Error('Web Workers are not available in this browser');
    worker = new Worker(new URL('./cache.worker.ts', import.meta.url), { type: 'module', name: 'lull-cache' });
    client = Comlink.wrap<CacheWorkerApi>(worker);
  }
  return client;
}

/** Stops the worker; the next call starts a fresh one. */
export function terminateCacheWorker(): void {
  client?.[Comlink.releaseProxy]();
  worker?.terminate();
  worker = undefined;
  client = undefined;
}
