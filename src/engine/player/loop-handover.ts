/**
 * Seamless loops as heard (issues 11, 22). Chromium's `<audio loop>` restarts with 3.6–8.7 ms of silence and a
 * click; buffer sources scheduled back to back on the audio clock do not. The element starts the sound as always
 * (through its MediaElementSource) while the file is read; then a loop voice (loop-voice.ts: decoded 5 s windows,
 * never the whole file) starts at the element's place on the audio clock and a short crossfade hands the sound
 * over, long before the first restart. The element keeps running, silent, as the truth the player follows (state,
 * lock screen, stats); when it pauses, resumes or is seeked, the voice follows it. One file is held per track,
 * compressed; `load` and `release` abort its read and stop its voices before anything else (two voices exist only
 * while a crossfade ends). Where decodeAudioData or buffer sources are missing, or the read or a decode fails, the
 * element's own loop stays audible. The decoder's code (loop-windows.ts) loads with the first read.
 */
import { deferred, type Deferred } from '../../lib/deferred';
import { reportError } from '../../lib/error-reporting';
import type { LoopTarget, LoopVoice } from './loop-voice';
import type { Mp3Layout } from './mp3-layout';
import { createLevelFades } from './level-fades';
import { loadLoopWindows, LoopWindowsUnavailable, type LoopWindows } from './load-loop-windows';

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
/** The element's own restart (near 0, the voice near its wrap, ~2 s apart after a night): not a seek, the voice keeps its clock. */
const OWN_RESTART_S = 3;

export interface LoopHandoverDeps extends LoopTarget {
  element: HTMLMediaElement;
  /** The element's own gain (after its MediaElementSource): 1 until the buffer takes over. */
  elementGain: GainNode;
  /** The file's bytes (fetch of the stream URL); aborted when the track changes first. */
  fetchBytes?: (url: string, signal: AbortSignal) => Promise<ArrayBuffer>;
  /** How long after the element really starts playing the decode begins (out of the first sound's way). */
  decodeDelayMs?: number;
  /** Window length (loop-voice.ts's default otherwise). */
  windowSeconds?: number;
}

export interface LoopHandover {
  /** A new looping track: decode `url` (or the cached copy's `blob`) in the background and take over when ready. */
  load(url: string, blob?: Blob): void;
  /** The file as read for decoding (null without decoding; the offline save stores it); AbortError on a track change. */
  readonly fileBytes: Promise<ArrayBuffer> | null;
  /** The element started, paused or was seeked: follow it. */
  sync(): void;
  /** Stop and free the decoded loop (the track changed, or playback stopped for good). */
  release(): void;
  /** Whether the decoded loop (not the element) is what is heard. */
  readonly active: boolean;
  /** Frames × channels × 4 of the decoded windows held (0 when none; ≤ 3 windows per voice). */
  readonly residentBytes: number;
}

/** A sound file's bytes from its URL; an HTTP error status is an error. */
export const fetchFileBytes = async (url: string, signal?: AbortSignal): Promise<ArrayBuffer> => {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.arrayBuffer();
};

const HAVE_FUTURE_DATA = 3; // HTMLMediaElement.HAVE_FUTURE_DATA, not defined outside browsers

export function supportsLoopHandover(ctx: BaseAudioContext): boolean {
  return typeof ctx.decodeAudioData === 'function' && typeof ctx.createBufferSource === 'function';
}

export function createLoopHandover(deps: LoopHandoverDeps): LoopHandover {
  const { ctx, element, elementGain, output } = deps;
  const fetchBytes = deps.fetchBytes ?? fetchFileBytes;
  const decodeDelayMs = deps.decodeDelayMs ?? 500;
  /** The file, once read and laid out (decoded a window at a time by each voice). */
  let file: { bytes: Uint8Array; layout: Mp3Layout; windows: LoopWindows } | null = null;
  /** The file to read once the element plays (the first sound comes first). */
  let pending: { url: string; blob?: Blob } | null = null;
  let decodeTimer: ReturnType<typeof setTimeout> | undefined;
  /** The voice heard, and one being started (its first window decoding); fading ones stay in `voices` until done. */
  let heard: LoopVoice | null = null;
  let starting: LoopVoice | null = null;
  const voices = new Set<LoopVoice>();
  /** Aborts the read of the file that is no longer wanted (load and release). */
  let reading: AbortController | null = null;
  let fileRead: Deferred<ArrayBuffer> | null = null;

  const fadeTo = createLevelFades(HANDOVER_FADE_S);

  const fadeOut = (voice: LoopVoice, at: number) => {
    voice.stop(fadeTo(voice.gain.gain, 0, at) + HANDOVER_FADE_S);
  };

  const stopPlaying = (at: number) => {
    starting?.stop(at);
    starting = null;
    if (heard) fadeOut(heard, at);
    heard = null;
    element.dataset.loop = 'element';
  };

  /**
   * Playing for real, not only asked to: until then (a stream still loading on a slow network, or
   * one that fails) the decode's download would compete with the first sound, or fetch a dead URL.
   */
  const elementPlaying = () => !element.paused && element.readyState >= HAVE_FUTURE_DATA;

  // The decoded bytes held, on the element for the bench and devtools (as `loop` says what is heard).
  const onResident = () => (element.dataset.decodedBytes = String(handover.residentBytes));
  const failed = (error: unknown) => reportError(error, 'Lull: could not decode the loop, the element loops instead:');

  /** A window that cannot be decoded: the element's own loop is heard again for this track. */
  const giveUp = (error: unknown) => {
    failed(error);
    file = null;
    follow();
  };

  /** A voice at the element's place, carried forward on the audio clock; heard from its start, crossfaded. */
  const startVoice = (source: { bytes: Uint8Array; layout: Mp3Layout; windows: LoopWindows }) => {
    const rate = source.layout.sampleRate;
    const voice = source.windows.createLoopVoice({ ctx, output, file: source.bytes, layout: source.layout, windowSeconds: deps.windowSeconds, onError: giveUp, onResident });
    voices.add(voice);
    starting = voice;
    voice
      .start((at) => (element.currentTime + (at - ctx.currentTime)) * rate, HANDOVER_LEAD_S)
      .then((at) => {
        if (at === null || starting !== voice) return;
        starting = null;
        fadeTo(voice.gain.gain, 1, at);
        if (heard) fadeOut(heard, at);
        heard = voice;
        fadeTo(elementGain.gain, 0, at);
        // What is heard, on the element for tests and devtools: 'decoded' or 'element'.
        element.dataset.loop = 'decoded';
      })
      .catch((error: unknown) => {
        if (starting !== voice) return;
        starting = null;
        voice.stop(ctx.currentTime);
        failed(error);
      });
  };

  function read(): void {
    decodeTimer = undefined;
    // Paused or buffering since the timer was set: the next 'playing' (sync) sets it again.
    if (!elementPlaying()) return;
    const next = pending;
    pending = null;
    if (!next) return;
    const controller = new AbortController();
    reading = controller;
    const bytesRead = next.blob ? next.blob.arrayBuffer() : fetchBytes(next.url, controller.signal);
    // The save waits for the bytes only, never for the decoder's code.
    void bytesRead.then((bytes) => !controller.signal.aborted && fileRead?.resolve(bytes), () => undefined);
    Promise.all([bytesRead, loadLoopWindows()])
      .then(([bytes, windows]) => {
        // A read the track change overtook is dropped even where the fetch could not be aborted.
        if (controller.signal.aborted) return;
        reading = null;
        const data = new Uint8Array(bytes);
        file = { bytes: data, layout: windows.parseMp3Layout(data), windows };
        follow();
      })
      .catch((error: unknown) => {
        // The element's own loop goes on: seamless is lost, the sound is not.
        if (controller.signal.aborted) return;
        if (error instanceof LoopWindowsUnavailable) return console.warn('Lull: the loop decoder could not load; the element loops:', error.message);
        fileRead?.reject(error);
        failed(error);
      });
  }

  function scheduleRead(): void {
    if (decodeTimer === undefined) decodeTimer = setTimeout(read, decodeDelayMs);
  }

  /** Makes what is heard follow the element: the decoded loop in step with it, or the element itself. */
  function follow(): void {
    const now = ctx.currentTime;
    if (!file || element.paused || element.ended) {
      stopPlaying(now);
      // Nothing decoded: the element is what is heard.
      if (!file) fadeTo(elementGain.gain, 1, now);
      return;
    }
    if (starting) return;
    if (heard) {
      const duration = file.layout.length / file.layout.sampleRate;
      const voiceAt = heard.position(now) / file.layout.sampleRate;
      const drift = Math.abs(voiceAt - element.currentTime);
      if (Math.min(drift, duration - drift) <= RESYNC_THRESHOLD_S) return;
      const nearWrap = (t: number) => t < OWN_RESTART_S || t > duration - OWN_RESTART_S;
      if (element.currentTime < 1 && nearWrap(voiceAt)) return;
    }
    startVoice(file);
  }

  const handover: LoopHandover = {
    load(url, blob) {
      handover.release();
      if (!supportsLoopHandover(ctx)) return;
      pending = { url, blob };
      fileRead = deferred<ArrayBuffer>();
      if (elementPlaying()) scheduleRead();
    },
    sync() {
      if (pending && elementPlaying()) scheduleRead();
      follow();
    },
    release() {
      reading?.abort();
      fileRead?.reject(new DOMException('the track changed', 'AbortError'));
      fileRead = null;
      reading = null;
      pending = null;
      clearTimeout(decodeTimer);
      decodeTimer = undefined;
      const now = ctx.currentTime;
      stopPlaying(now);
      file = null;
      fadeTo(elementGain.gain, 1, now);
    },
    get fileBytes() {
      return fileRead?.promise ?? null;
    },
    get active() {
      return heard !== null;
    },
    get residentBytes() {
      let total = 0;
      for (const voice of voices) {
        if (voice.done) voices.delete(voice);
        else total += voice.residentBytes;
      }
      return total;
    },
  };
  return handover;
}
