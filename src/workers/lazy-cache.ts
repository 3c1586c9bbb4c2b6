import type { CacheBackend } from '../lib/cache-contract';

/**
 * The cache worker behind a backend that loads it at its first call (a save, a read, Settings' list)
 * or at `warm()` (the first press on the page): comlink, the client and the worker script (about
 * 9.5 KB gzip) are then off the first load. The list of saved sounds at start-up is read on the page
 * (lib/saved-list.ts). A worker that fails to start rejects that call; the next one tries again.
 */
export function lazyCacheBackend(load: () => Promise<CacheBackend> = async () => (await import('./cache-client')).cacheClient()) {
  const call =
    <K extends keyof CacheBackend>(name: K) =>
    async (...args: Parameters<CacheBackend[K]>): Promise<Awaited<ReturnType<CacheBackend[K]>>> => {
      const client = await load();
      return (client[name] as (...given: Parameters<CacheBackend[K]>) => Promise<Awaited<ReturnType<CacheBackend[K]>>>)(...args);
    };
  const backend: CacheBackend = {
    saveAudio: call('saveAudio'),
    readAudio: call('readAudio'),
    listCachedSounds: call('listCachedSounds'),
    removeCachedSound: call('removeCachedSound'),
    clearCachedSounds: call('clearCachedSounds'),
  };
  return {
    backend,
    /** Starts loading the client and its worker, so a first read or save does not wait for them. */
    warm(): void {
      load().catch(() => undefined); // the call that needs it reports the failure
    },
  };
}
