/**
 * Where noise goes after its source and its own start/stop envelope (noise-engine.ts): a fade gain
 * (the shared audioFocus.fadeGain, for the sleep timer), then out. Out is, where possible, a
 * MediaStreamAudioDestinationNode played by an <audio> element: Chrome shows lock-screen and
 * notification controls only for an audible media element, and a media element keeps playing in
 * the background where bare Web Audio may not. Otherwise, or if the element refuses to play,
 * the context's destination.
 */
export interface NoiseOutput {
  readonly fade: GainNode;
  readonly element: HTMLAudioElement | null;
  /** Starts the media element; call inside the click. Falls back to the destination if it refuses. */
  startElement(): void;
  pauseElement(): void;
}

const outputs = new WeakMap<AudioContext, NoiseOutput>();

function mediaElementRoute(ctx: AudioContext): { stream: MediaStreamAudioDestinationNode; element: HTMLAudioElement } | null {
  if (typeof ctx.createMediaStreamDestination !== 'function' || typeof Audio === 'undefined') return null;
  try {
    const stream = ctx.createMediaStreamDestination();
    const element = new Audio();
    if (!('srcObject' in element)) return null;
    element.srcObject = stream.stream;
    return { stream, element };
  } catch {
    return null;
  }
}

export function noiseOutput(ctx: AudioContext, fadeGain: number): NoiseOutput {
  const existing = outputs.get(ctx);
  if (existing) return existing;
  const fade = ctx.createGain();
  fade.gain.value = fadeGain;
  const route = mediaElementRoute(ctx);
  let throughElement = route !== null;
  fade.connect(route ? route.stream : ctx.destination);

  const toDestination = () => {
    if (!route || !throughElement) return;
    throughElement = false;
    fade.disconnect();
    fade.connect(ctx.destination);
  };

  const output: NoiseOutput = {
    fade,
    element: route?.element ?? null,
    startElement() {
      if (!route || !throughElement) return;
      // Older engines return nothing from play(); a refusal then shows up as a paused element.
      const started: Promise<void> | undefined = route.element.play();
      started?.catch(() => {
        // No autoplay permission for the element (or no media stack): the plain Web Audio output still plays.
        toDestination();
      });
    },
    pauseElement() {
      if (route && throughElement) route.element.pause();
    },
  };
  outputs.set(ctx, output);
  return output;
}
