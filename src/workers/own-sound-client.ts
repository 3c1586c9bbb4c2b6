import * as Comlink from 'comlink';
import type { OwnSoundPreparation, PrepareRequest } from '../lib/own-sound-contract';
import type { OwnSoundWorkerApi } from './own-sound.worker';
import { failWith } from './cache-client';

/**
 * The page's handle on the import worker: one worker per import, so Cancel can terminate it at any point (a
 * terminated worker's open transaction aborts: nothing half-stored remains). A worker that dies rejects the call.
 */
export function prepareOwnSound(request: PrepareRequest, onProgress: (fraction: number) => void): OwnSoundPreparation {
  if (typeof Worker === 'undefined') throw new Error('Web Workers are not available in this browser');
  const worker = new Worker(new URL('./own-sound.worker.ts', import.meta.url), { type: 'module', name: 'lull-own-sound' });
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  worker.addEventListener('error', (event) => fail(new Error(`the import worker stopped: ${event.message || 'it could not start'}`)));
  const remote = failWith(Comlink.wrap<OwnSoundWorkerApi>(worker), failed);
  const transfers = 'file' in request ? [request.file] : request.channels.map((channel) => channel.buffer);
  const result = remote.prepareAndStore(Comlink.transfer(request, transfers), Comlink.proxy(onProgress));
  let stopped = false;
  // Once: Cancel and the call's own end may both come (a released proxy throws if released again).
  const stop = () => {
    if (stopped) return;
    stopped = true;
    remote[Comlink.releaseProxy]();
    worker.terminate();
  };
  result.then(stop, stop);
  return {
    result,
    cancel() {
      fail(new DOMException('The import was cancelled', 'AbortError'));
      stop();
    },
  };
}
