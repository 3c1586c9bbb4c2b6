/**
 * The bus's way out. What is heard always goes to the context's destination: measured at the OS
 * (docs/engines.md), that is heard in Chromium, Firefox and WebKit, while a media element
 * playing a MediaStreamAudioDestinationNode's stream drops out for 35–80 ms at a time in Chromium
 * (2 of 3 runs of the smoke suite) and is silent in WebKit.
 * Where the engine plays such an element (web-audio.ts, `streamOutputIsHeard`), one
 * `<audio id="lull-output">` also plays the mix 40 dB down, as the media session's anchor: Chrome
 * shows lock-screen controls, and keeps a tab playing in the background, only for a media element that
 * plays sound. At -40 dB its own dropouts are masked by the full-level sound; its play() is retried on
 * every start, since a refusal (no gesture) must not cost the next tap its lock-screen controls.
 */
export const OUTPUT_AUDIO_ID = 'lull-output';
/** The anchor element's share of the mix: -40 dB. */
export const ANCHOR_LEVEL = 0.01;

export interface AudioOutput {
  /** The anchor element, or null where the engine has none. */
  readonly element: HTMLAudioElement | null;
  /** Call inside the gesture (or the microtasks it queued): plays the anchor element. */
  start(): void;
  /** The app's own stop (idle): not an interruption. */
  stop(): void;
  dispose(): void;
}

export interface AudioOutputOptions {
  /** Add the stream element as the media session's anchor. */
  anchorElement: boolean;
  parent?: HTMLElement;
  /** Something other than the app paused the element while it was meant to play (true), or played it again (false). */
  onInterrupted(interrupted: boolean): void;
}

function createAnchor(ctx: AudioContext, from: AudioNode, parent: HTMLElement): HTMLAudioElement | null {
  if (typeof ctx.createMediaStreamDestination !== 'function') return null;
  let element: HTMLAudioElement | null = null;
  try {
    const stream = ctx.createMediaStreamDestination();
    const level = ctx.createGain();
    level.gain.value = ANCHOR_LEVEL;
    element = document.createElement('audio');
    element.id = OUTPUT_AUDIO_ID;
    element.srcObject = stream.stream;
    parent.appendChild(element);
    from.connect(level);
    level.connect(stream);
    return element;
  } catch {
    element?.remove();
    return null;
  }
}

export function createAudioOutput(ctx: AudioContext, from: AudioNode, options: AudioOutputOptions): AudioOutput {
  from.connect(ctx.destination);
  const element = options.anchorElement && typeof document !== 'undefined' ? createAnchor(ctx, from, options.parent ?? document.body) : null;
  if (!element) return { element: null, start() {}, stop() {}, dispose() {} };
  /** The app wants the element playing (false once it paused it itself). */
  let wanted = false;
  element.addEventListener('pause', () => {
    if (wanted) options.onInterrupted(true);
  });
  element.addEventListener('play', () => options.onInterrupted(false));
  return {
    element,
    start() {
      wanted = true;
      try {
        // Refused (no gesture, no media stack): the sound is heard all the same; the next start tries again.
        element.play()?.catch(() => undefined);
      } catch {
        // As refused.
      }
    },
    stop() {
      wanted = false;
      element.pause();
    },
    dispose() {
      wanted = false;
      element.remove();
    },
  };
}
