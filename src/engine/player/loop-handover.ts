/**
 * Seamless loops as heard (issue 11). Chromium's `<audio loop>` restarts with 3.6–8.7 ms of
 * silence and a click; an AudioBufferSourceNode with `loop = true` over the decoded file does not.
 * A 120 s loop must not wait for a full decode before it is heard, so the element starts as
 * always (through its MediaElementSource) while the same file is decoded in the background; once
 * decoded, a buffer source starts at the element's position on the audio clock and a short
 * crossfade hands the sound over, long before the first restart. The element keeps running,
 * silent, as the clock and the truth the player follows (state, lock screen, stats); when it pauses,
 * resumes or is seeked, the buffer follows it.
 *
 * At most one decoded loop is resident: `load` and `release` drop the previous one before anything
 * else (two exist only while a fade-out ends). Where decodeAudioData or buffer sources are missing,
 * or the decode fails, the element's own loop stays audible (today's behaviour).
 */
import { reportError } from '../../lib/error-reporting';

/** Crossfade long enough to hide a few ms of misalignment, short enough to be inaudible as a fade. */
export const HANDOVER_FADE_S = 0.02;
/**
 * How far ahead a hand-over is scheduled: the audio thread must receive the start and the ramps
 * before their time, or a ramp already past jumps to its end value (a click). With 'playback'
 * latency the context's clock moves in steps of tens of ms on a busy machine (100 ms still
 * clicked now and then with two test workers on two cores).
 */
export const HANDOVER_LEAD_S = 0.2;
/** The element and the buffer disagreeing by more than this (after a seek) starts the buffer again at the element's place. */
export const RESYNC_THRESHOLD_S = 0.25;

export interface LoopHandoverDeps {
  ctx: BaseAudioContext;
  element: HTMLMediaElement;
  /** The element's own gain (after its MediaElementSource): 1 until the buffer takes over. */
  elementGain: GainNode;
  /** Where the buffer source goes (the track gain). */
  output: AudioNode;
  /** The file's bytes (fetch of the stream URL, or of the cached copy's object URL). */
  fetchBytes?: (url: string) => Promise<ArrayBuffer>;
  /** How long after the element really starts playing the decode begins (out of the first sound's way). */
  decodeDelayMs?: number;
}

export interface LoopHandover {
  /** A new looping track: decode `url` (or the cached copy's `blob`) in the background and take over when ready. */
  load(url: string, blob?: Blob): void;
  /** The element started, paused or was seeked: follow it. */
  sync(): void;
  /** Stop and free the decoded loop (the track changed, or playback stopped for good). */
  release(): void;
  /** Whether the decoded loop (not the element) is what is heard. */
  readonly active: boolean;
  /** Frames × channels × 4 of the resident decoded loop (0 when none). */
  readonly residentBytes: number;
}

interface Playing {
  readonly node: AudioBufferSourceNode;
  readonly gain: GainNode;
  /** ctx time at which `offset` of the buffer played. */
  readonly startedAt: number;
  readonly offset: number;
}

const defaultFetch = async (url: string): Promise<ArrayBuffer> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.arrayBuffer();
};

/** HTMLMediaElement.HAVE_FUTURE_DATA: the element has data to play on (the constant is not defined outside browsers). */
const HAVE_FUTURE_DATA = 3;

export function supportsLoopHandover(ctx: BaseAudioContext): boolean {
  return typeof ctx.decodeAudioData === 'function' && typeof ctx.createBufferSource === 'function';
}

export function createLoopHandover(deps: LoopHandoverDeps): LoopHandover {
  const { ctx, element, elementGain, output } = deps;
  const fetchBytes = deps.fetchBytes ?? defaultFetch;
  const decodeDelayMs = deps.decodeDelayMs ?? 500;
  let buffer: AudioBuffer | null = null;
  /** The file to decode once the element plays (the first sound comes first). */
  let pending: { url: string; blob?: Blob } | null = null;
  let decodeTimer: ReturnType<typeof setTimeout> | undefined;
  let playing: Playing | null = null;
  /** Bumped by load and release, so a decode that finishes late knows it is stale. */
  let token = 0;

  const fadeTo = (param: AudioParam, to: number, at: number) => {
    param.cancelScheduledValues(at);
    param.setValueAtTime(param.value, at);
    param.linearRampToValueAtTime(to, at + HANDOVER_FADE_S);
  };

  const stopPlaying = (at: number) => {
    const old = playing;
    playing = null;
    if (!old) return;
    element.dataset.loop = 'element';
    fadeTo(old.gain.gain, 0, at);
    try {
      old.node.stop(at + HANDOVER_FADE_S);
    } catch {
      // Already stopped.
    }
    old.node.onended = () => {
      old.node.disconnect();
      old.gain.disconnect();
    };
  };

  /**
   * Playing for real, not only asked to: until then (a stream still loading on a slow network, or
   * one that fails) the decode's download would compete with the first sound, or fetch a dead URL.
   */
  const elementPlaying = () => !element.paused && element.readyState >= HAVE_FUTURE_DATA;

  const position = (p: Playing, at: number, duration: number) => (((p.offset + at - p.startedAt) % duration) + duration) % duration;

  const startAt = (decoded: AudioBuffer, at: number) => {
    const node = ctx.createBufferSource();
    node.buffer = decoded;
    node.loop = true;
    const gain = ctx.createGain();
    gain.gain.value = 0;
    node.connect(gain);
    gain.connect(output);
    // The element's place now, carried forward to `at` on the audio clock.
    const offset = (element.currentTime + (at - ctx.currentTime)) % decoded.duration;
    node.start(at, offset);
    fadeTo(gain.gain, 1, at);
    stopPlaying(at);
    playing = { node, gain, startedAt: at, offset };
    // What is heard, on the element for tests and devtools: 'decoded' or 'element'.
    element.dataset.loop = 'decoded';
  };

  function decode(): void {
    decodeTimer = undefined;
    // Paused or buffering since the timer was set: the next 'playing' (sync) sets it again.
    if (!elementPlaying()) return;
    const next = pending;
    pending = null;
    if (!next) return;
    const mine = token;
    (next.blob ? next.blob.arrayBuffer() : fetchBytes(next.url))
      .then((bytes) => (mine === token ? ctx.decodeAudioData(bytes) : null))
      .then((decoded) => {
        if (!decoded || mine !== token) return;
        buffer = decoded;
        follow();
      })
      .catch((error: unknown) => {
        // The element's own loop goes on: seamless is lost, the sound is not.
        if (mine === token) reportError(error, 'Lull: could not decode the loop, the element loops instead:');
      });
  }

  function scheduleDecode(): void {
    if (decodeTimer === undefined) decodeTimer = setTimeout(decode, decodeDelayMs);
  }

  /** Makes what is heard follow the element: the decoded loop in step with it, or the element itself. */
  function follow(): void {
    const now = ctx.currentTime;
    if (!buffer || element.paused || element.ended) {
      stopPlaying(now);
      // Nothing decoded: the element is what is heard.
      if (!buffer) fadeTo(elementGain.gain, 1, now);
      return;
    }
    if (playing) {
      const drift = Math.abs(position(playing, now, buffer.duration) - element.currentTime);
      if (Math.min(drift, buffer.duration - drift) <= RESYNC_THRESHOLD_S) return;
    }
    const at = now + HANDOVER_LEAD_S;
    startAt(buffer, at);
    fadeTo(elementGain.gain, 0, at);
  }

  const handover: LoopHandover = {
    load(url, blob) {
      handover.release();
      if (!supportsLoopHandover(ctx)) return;
      pending = { url, blob };
      if (elementPlaying()) scheduleDecode();
    },
    sync() {
      if (pending && elementPlaying()) scheduleDecode();
      follow();
    },
    release() {
      token++;
      pending = null;
      clearTimeout(decodeTimer);
      decodeTimer = undefined;
      const now = ctx.currentTime;
      stopPlaying(now);
      buffer = null;
      fadeTo(elementGain.gain, 1, now);
    },
    get active() {
      return playing !== null;
    },
    get residentBytes() {
      return buffer ? buffer.length * buffer.numberOfChannels * 4 : 0;
    },
  };
  return handover;
}
