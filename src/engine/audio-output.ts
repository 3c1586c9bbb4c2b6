/**
 * The bus's way out, chosen per engine by what is heard (web-audio.ts, `streamOutputIsHeard`):
 * - through one `<audio id="lull-output">` playing a MediaStreamAudioDestinationNode's stream, where
 *   that is heard (Chromium, Firefox): Chrome shows lock-screen controls only for an audible media
 *   element, and an element keeps playing in the background;
 * - else straight to the context's destination (WebKit, where that element plays silence).
 * Where the element's play() is refused (no gesture, no media stack), the sound goes to the destination
 * until the next start tries the element again: it is never given up for good, and never doubled.
 */
export const OUTPUT_AUDIO_ID = 'lull-output';

export interface AudioOutput {
  /** The output element, or null where the engine plays to the destination. */
  readonly element: HTMLAudioElement | null;
  /** Call inside the gesture (or the microtasks it queued): plays the element, or the destination where it is refused. */
  start(): void;
  /** The app's own stop (idle): not an interruption. */
  stop(): void;
  dispose(): void;
}

export interface AudioOutputOptions {
  /** Route through the stream element (false: the destination only). */
  throughElement: boolean;
  parent?: HTMLElement;
  /** Something other than the app paused the element while it was meant to play (true), or played it again (false). */
  onInterrupted(interrupted: boolean): void;
}

export function createAudioOutput(ctx: AudioContext, from: AudioNode, options: AudioOutputOptions): AudioOutput {
  let element: HTMLAudioElement | null = null;
  if (options.throughElement && typeof ctx.createMediaStreamDestination === 'function' && typeof document !== 'undefined') {
    try {
      const stream = ctx.createMediaStreamDestination();
      element = document.createElement('audio');
      element.id = OUTPUT_AUDIO_ID;
      element.srcObject = stream.stream;
      (options.parent ?? document.body).appendChild(element);
      from.connect(stream);
    } catch {
      element?.remove();
      element = null;
    }
  }
  if (!element) {
    from.connect(ctx.destination);
    return { element: null, start() {}, stop() {}, dispose() {} };
  }
  // Its own node to the speakers, so it can be cut alone (disconnect(destination) is not in every implementation).
  const speakers = ctx.createGain();
  from.connect(speakers);
  let toDestination = false;
  const destination = (on: boolean) => {
    if (on === toDestination) return;
    toDestination = on;
    if (on) speakers.connect(ctx.destination);
    else speakers.disconnect();
  };
  const own = element;
  /** The app wants the element playing (false once it paused it itself). */
  let wanted = false;
  own.addEventListener('pause', () => {
    if (wanted && !toDestination) options.onInterrupted(true);
  });
  own.addEventListener('play', () => options.onInterrupted(false));

  return {
    element: own,
    start() {
      wanted = true;
      let started: Promise<void> | undefined;
      try {
        started = own.play();
      } catch {
        destination(true);
        return;
      }
      // Heard either way: the element once it plays, the destination while it is refused.
      started?.then(
        () => destination(false),
        () => destination(true),
      );
    },
    stop() {
      wanted = false;
      own.pause();
    },
    dispose() {
      wanted = false;
      own.remove();
    },
  };
}
