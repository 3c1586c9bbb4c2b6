/**
 * iOS's gesture rules emulated in Chromium, and what a listener hears, for the specs that check a
 * tap plays on iOS (player-engine.spec.ts, first-tap.spec.ts).
 */
import type { Page } from '@playwright/test';
import type { OutputProbe } from './output-probe';

/**
 * iOS's rules, emulated in Chromium (its own autoplay policy is off in this config):
 * - a media element that has never been played inside a gesture refuses play() with NotAllowedError
 *   unless it is called while a trusted tap, click or key event is dispatched, or in the microtasks
 *   that dispatch queued (navigator.userActivation stays active for seconds: too lenient). The flag is
 *   set in a capture listener on window and cleared in a bubble listener on window, which runs after
 *   React's root listener and its microtasks;
 * - an AudioContext created outside a gesture starts suspended, and resume() outside a gesture on a
 *   context never started in one is refused;
 * - HTMLMediaElement.volume is read-only (reads 1), as in levels.spec.ts.
 */
export function emulateIos() {
  const w = window as unknown as { __ios: { refused: string[]; volumeWrites: number[] } };
  const record = { refused: [] as string[], volumeWrites: [] as number[] };
  w.__ios = record;
  let inGesture = false;
  for (const type of ['touchend', 'click', 'keydown', 'keyup']) {
    window.addEventListener(type, (event) => {
      if (!event.isTrusted) return;
      inGesture = true;
      // Fallback for an event whose propagation was stopped before it bubbled to window.
      setTimeout(() => (inGesture = false));
    }, true);
    window.addEventListener(type, () => (inGesture = false));
  }
  const notAllowed = () => new DOMException('The request is not allowed by the user agent or the platform in the current context.', 'NotAllowedError');

  const unlocked = new WeakSet<HTMLMediaElement>();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (inGesture) unlocked.add(this);
    if (!unlocked.has(this)) {
      record.refused.push(this.id || this.tagName);
      return Promise.reject(notAllowed());
    }
    return play.call(this);
  };

  const NativeContext = window.AudioContext;
  const started = new WeakSet<BaseAudioContext>();
  const suspend = NativeContext.prototype.suspend;
  const resume = NativeContext.prototype.resume;
  window.AudioContext = class extends NativeContext {
    constructor(options?: AudioContextOptions) {
      super(options);
      if (inGesture) started.add(this);
      else void suspend.call(this);
    }
  };
  NativeContext.prototype.resume = function (this: AudioContext) {
    if (inGesture) started.add(this);
    if (!started.has(this)) {
      record.refused.push('AudioContext.resume');
      return Promise.reject(notAllowed());
    }
    return resume.call(this);
  };

  Object.defineProperty(HTMLMediaElement.prototype, 'volume', {
    configurable: true,
    get: () => 1,
    set: (value: number) => record.volumeWrites.push(value),
  });
  // A lock-screen or media-key action is no gesture: the activation the app can read says so too.
  Object.defineProperty(Navigator.prototype, 'userActivation', { configurable: true, get: () => ({ isActive: inGesture, hasBeenActive: true }) });
}

/** What a listener would notice: both elements playing, the context running, and the output not silent (RMS over 0.8 s). */
export const heard = (page: Page) =>
  page.evaluate(async () => {
    const probe = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    probe.take();
    probe.record(true);
    await new Promise((resolve) => setTimeout(resolve, 800));
    probe.record(false);
    const { samples } = probe.take();
    let sum = 0;
    for (const x of samples) sum += x * x;
    const player = document.getElementById('lull-player') as HTMLAudioElement | null;
    const output = document.getElementById('lull-output') as HTMLAudioElement | null;
    return {
      playerPlaying: player ? !player.paused : false,
      outputPlaying: output ? !output.paused : false,
      rms: Math.sqrt(sum / Math.max(1, samples.length)),
      samples: samples.length,
    };
  });

