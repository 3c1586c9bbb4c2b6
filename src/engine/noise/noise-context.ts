/**
 * Web Audio helpers the graph shares: the context class, worklet modules loaded once per context,
 * and iOS's playback audio session. The one AudioContext itself lives in the bus (engine/audio-bus.ts).
 */
type AudioContextClass = typeof AudioContext;

export function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

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

interface AudioSession {
  type: string;
}

/**
 * iOS 16.4+: the 'playback' session keeps Web Audio playing with the silent switch on and the
 * screen locked. Elsewhere the property does not exist and this does nothing.
 */
export function preferPlaybackAudioSession(): void {
  const nav = navigator as Navigator & { audioSession?: AudioSession };
  if (!nav.audioSession) return;
  try {
    nav.audioSession.type = 'playback';
  } catch {
    // An older implementation that rejects the type: the default session still plays.
  }
}
