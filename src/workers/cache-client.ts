import * as Comlink from 'comlink';
import type { CacheWorkerApi } from './cache.worker';

/**
 * The page's handle on the cache worker: wrapped once, started on first use, terminable.
 * Callers see the same promise-returning API as the worker exposes.
 */
export type CacheClient = Comlink.Remote<CacheWorkerApi>;

let worker: Worker | undefined;
let client: CacheClient | undefined;

/**
 * Calls through `remote` that reject as soon as `failed` does. Comlink never settles a call whose
 * worker died (a script that failed to load, an uncaught error), and a save left pending forever
 * would block every later save of that sound.
 */
export function failWith<T extends object>(remote: T, failed: Promise<never>): T {
  return new Proxy(remote, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property === 'symbol' || typeof value !== 'function') return value;
      return (...args: unknown[]) => Promise.race([(value as (...a: unknown[]) => unknown)(...args), failed]);
    },
  });
}

export function cacheClient(): CacheClient {
  if (!client) {
    if (typeof Worker === 'undefined') throw new Error('Web Workers are not available in this browser');
    const started = new Worker(new URL('./cache.worker.ts', import.meta.url), { type: 'module', name: 'lull-cache' });
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    failed.catch(() => undefined); // only calls in flight care
    started.addEventListener('error', (event) => {
      fail(new Error(`the offline cache worker stopped: ${event.message || 'it could not start'}`));
      // The next call starts a fresh worker.
      if (worker === started) terminateCacheWorker();
    });
    worker = started;
    client = failWith(Comlink.wrap<CacheWorkerApi>(started), failed);
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
