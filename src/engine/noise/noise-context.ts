/**
 * Worklet modules, loaded once per context. The one AudioContext itself lives in the bus
 * (engine/audio-bus.ts); what the browser offers for Web Audio is asked in engine/web-audio.ts.
 */
const modules = new WeakMap<BaseAudioContext, Map<string, Promise<void>>>();

/** Adds a worklet module once per context; a failed load is forgotten so a later Play retries. */
export function loadWorkletModule(ctx: BaseAudioContext, url: string): Promise<void> {
  let loaded = modules.get(ctx);
  if (!loaded) {
    loaded = new Map();
    modules.set(ctx, loaded);
  }
  let promise = loaded.get(url);
  if (!promise) {
    const forLoaded = loaded;
    promise = ctx.audioWorklet.addModule(url);
    promise.catch(() => forLoaded.delete(url));
    loaded.set(url, promise);
  }
  return promise;
}

/** AudioWorklet needs both the node class and the context's worklet (secure context, modern browser). */
export function supportsAudioWorklet(ctx: BaseAudioContext): boolean {
  return typeof AudioWorkletNode === 'function' && typeof ctx.audioWorklet?.addModule === 'function';
}
