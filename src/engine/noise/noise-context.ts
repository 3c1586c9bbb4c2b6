/**
 * The app's one AudioContext for noise: created on the first Play (inside the click), suspended
 * while idle so it costs no CPU or battery, and recreated if the browser closed it or it sat
 * suspended for long (Safari's clock can stay frozen after a long suspension: silence on Play).
 */
type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

let context: AudioContext | undefined;
/** When the engine last suspended the context (Date.now ms), or undefined while it runs. */
let suspendedAt: number | undefined;
/** Longer than this suspended, a context is replaced on the next Play rather than resumed. */
export const LONG_SUSPENSION_MS = 10 * 60 * 1000;

/** The engine suspended `ctx` (idle after Pause). */
export function noteNoiseContextSuspended(ctx: AudioContext, now = Date.now()): void {
  if (ctx === context) suspendedAt = now;
}

/** The noise context, created now if needed; undefined where Web Audio is missing. */
export function noiseContext(now = Date.now()): AudioContext | undefined {
  if (context && context.state !== 'closed') {
    const stale = context.state !== 'running' && suspendedAt !== undefined && now - suspendedAt > LONG_SUSPENSION_MS;
    if (!stale) {
      suspendedAt = undefined;
      return context;
    }
    context.close().catch(() => {});
  }
  suspendedAt = undefined;
  const Context = audioContextClass();
  if (!Context) return undefined;
  // 'playback': bigger device buffers, fewer wake-ups; latency does not matter for a steady noise.
  context = new Context({ latencyHint: 'playback' });
  return context;
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
