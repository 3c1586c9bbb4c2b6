/**
 * One soundscape loop on the audio clock from decoded windows of its MP3 (issue 22), never the whole file: pieces
 * of up to 5 s (loop-pieces.ts, mp3-layout.ts) scheduled with start(when, offset, duration) on one sample grid, in
 * order, or walking the catalogue's segments in a seeded random order, crossfaded ("never repeats"). Held: the piece
 * playing, those up to MIN_AHEAD_S ahead and one being decoded: about 8 MB for any length (the file: 46 MB).
 * The voice owns its clock: `position(at)` is where an in-order play would be (what the element shows).
 */
import { samplesAfterEnd, sliceMp3, type Mp3Layout } from './mp3-layout';
import { decodeSlice, decoderFor, WindowDecodeError, type Decoded } from './window-decode';
import { planPieces, shapePiece, type Piece } from './loop-pieces';
import type { LoopVoice, LoopVoiceDeps } from './loop-voice-types';

export type { LoopTarget, LoopVoice, LoopVoiceDeps, Predecoded } from './loop-voice-types';

/** 5 s: a decode per 5 s of sound, three windows well under the 12 MB budget. */
export const WINDOW_SECONDS = 5;
/**
 * Each window is decoded this far past its end (the next window's first samples, the loop's first
 * after its end) and crossfaded into the next over them: the same samples on both sides sum to the
 * sound itself, so a buffer source that ends a frame early or late (rate conversion rounds) is inaudible.
 */
export const JOIN_SAMPLES = 96;
/** How far ahead a voice or a late window is started unless told (the audio thread must get it before its time). */
export const SCHEDULE_LEAD_S = 0.1;
/** A window decoded too late fades in over 10 ms at 48 kHz: started at once, mid-sound, it would click. */
const LATE_FADE_SAMPLES = 480;
/**
 * Sound kept scheduled ahead (issue 40): the next decode waits for a window's 'ended' on the main thread, up to a piece
 * (5 s) after the last, so a main thread blocked 5 s just then still finds 6 s scheduled. 11 s of 48 kHz stereo plus a
 * piece playing and one decoding: 8 MB.
 */
export const MIN_AHEAD_S = 11;
/** Pieces due within this of a voice's start are decoded before it starts (the next one's decode is then not late). */
const START_AHEAD_S = 0.5;

interface Scheduled {
  readonly node: AudioBufferSourceNode;
  readonly bytes: number;
  readonly when: number;
}

/** A slice that arrived after the voice stopped is not decoded. */
class VoiceStopped extends Error {
  override name = 'AbortError';
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

const bytesOf = (buffer: AudioBuffer) => buffer.length * buffer.numberOfChannels * 4;

/** Samples decoded past a piece's end for a join to the next (fewer after the file's end if its padding is short). */
const tailSamples = (p: Piece, layout: Mp3Layout) =>
  !p.continues ? 0 : p.start + p.length < layout.length ? Math.min(JOIN_SAMPLES, layout.length - p.start - p.length) : Math.min(JOIN_SAMPLES, samplesAfterEnd(layout));

/** The samples an in-order start from the file's beginning decodes first (a warm start decodes them before the tap). */
export function firstWindow(layout: Mp3Layout, windowSeconds: number): { start: number; length: number } {
  const piece = planPieces({ fileLength: layout.length, windowSamples: Math.round(windowSeconds * layout.sampleRate), from: 0, seed: 0 })();
  return { start: piece.start, length: piece.length + tailSamples(piece, layout) };
}

export function createLoopVoice(deps: LoopVoiceDeps): LoopVoice {
  const { ctx, file, layout } = deps;
  const rate = layout.sampleRate;
  const windowSamples = Math.round((deps.windowSeconds ?? WINDOW_SECONDS) * rate);
  const decoder = decoderFor(ctx, rate);
  const own = !deps.gain;
  const gain = deps.gain ?? ctx.createGain();
  if (own) {
    gain.gain.value = 0;
    gain.connect(deps.output);
  }
  const scheduled = new Set<Scheduled>();
  let stopped = false;
  let decoding = 0;
  /** The pieces to play, the next one, and the ctx time of the plan's timeline 0. */
  let nextPiece = (): Piece | null => null;
  let pending: Piece | null = null;
  let originAt = 0;
  /** Sound scheduled ahead before the next decode waits, walking (a piece can be short): in order, the next piece is enough. */
  let aheadS = 0;
  /** ctx time `anchorAt` is file sample `anchorPos` of an in-order play (the voice's clock). */
  let anchorAt = 0, anchorPos = 0;

  const wrap = (sample: number) => ((Math.round(sample) % layout.length) + layout.length) % layout.length;
  // Every join on a frame of the context: starts on its sample grid, and (at 44.1 kHz, say) every window
  // boundary a whole number of its frames apart, so the buffer sources convert the rate as one buffer would.
  const snap = (t: number) => Math.ceil(t * ctx.sampleRate - 1e-6) / ctx.sampleRate;
  const grid = rate / gcd(rate, Math.round(ctx.sampleRate));
  const onGrid = (sample: number) => wrap(Math.round(sample / grid) * grid);
  const dueOf = (piece: Piece) => originAt + piece.at / rate;

  const tailOf = (p: Piece) => tailSamples(p, layout);
  /** A window decoded ahead: offered to the first decode only, and held no longer than that. */
  let predecoded = deps.predecoded;
  /** The fade-in of the next piece: the previous piece's tail. */
  let nextFade = 0;
  const decodePiece = async (piece: Piece): Promise<Decoded> => {
    decoding++;
    try {
      const length = piece.length + tailOf(piece);
      const ahead = predecoded;
      predecoded = undefined;
      // One that failed, or is another window, is decoded here (a real failure is then this decode's to report).
      const early = ahead && (await ahead.catch(() => null));
      if (stopped) throw new VoiceStopped();
      if (early && early.start === piece.start && early.length === length) return { piece, buffer: early.buffer, skip: early.skip };
      const slice = deps.readSlice ? await deps.readSlice(piece.start, length) : sliceMp3(file, layout, piece.start, length);
      if (stopped) throw new VoiceStopped();
      return { piece, ...(await decodeSlice(decoder, slice)) };
    } finally {
      decoding--;
    }
  };

  /** Plays `buffer` (piece `p` decoded, its first sample at `skip`) from `into` samples in at `when`, faded in over `fade` samples. */
  const schedule = (buffer: AudioBuffer, skip: number, p: Piece, into: number, when: number, fade: number) => {
    const samples = p.length - into, tail = tailOf(p);
    // Its fades and walk envelope go into the samples (the buffer is this window's alone): a bare source, no gain node.
    shapePiece(Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c)), skip + into, p, into, fade, tail);
    const node = ctx.createBufferSource();
    node.buffer = buffer;
    node.connect(gain);
    node.start(when, (skip + into) / rate, (samples + tail) / rate);
    const entry = { node, bytes: bytesOf(buffer), when };
    scheduled.add(entry);
    deps.onResident?.();
    node.onended = () => {
      scheduled.delete(entry);
      node.disconnect();
      // The gain goes with the last window (after a fade-out ends).
      if (own && stopped && scheduled.size === 0) gain.disconnect();
      deps.onResident?.();
      pump();
    };
    return tail;
  };

  /**
   * Schedules a decoded piece at its time, or from `floor` (where the clock is by then) if that has passed: it then
   * starts that far in, faded in over `lateFade` samples (a late piece starting at once would be a click).
   */
  const place = (d: Decoded, floor: number, lateFade: number) => {
    const due = dueOf(d.piece);
    const at = Math.max(due, floor);
    const into = at === due ? 0 : Math.round(((at - due) * rate) / grid) * grid;
    const fade = at === due ? (d.piece.continued ? nextFade : 0) : lateFade;
    nextFade = into < d.piece.length ? schedule(d.buffer, d.skip, d.piece, into, at, fade) : 0;
  };

  /** Keeps the next piece scheduled: at least one after the one playing, and a window of sound ahead. */
  function pump(): void {
    if (stopped || decoding > 0 || !pending) return;
    const piece = pending;
    if (scheduled.size >= 2 && dueOf(piece) - ctx.currentTime >= aheadS) return;
    decodePiece(piece)
      .then((decoded) => {
        if (stopped) return;
        pending = nextPiece();
        // Decoded after its time (the page stalled): it starts where the clock is by then, so the voice keeps its
        // place instead of sliding late and doubling the next join.
        place(decoded, snap(ctx.currentTime + SCHEDULE_LEAD_S), LATE_FADE_SAMPLES);
        pump();
      })
      .catch((error: unknown) => {
        if (!stopped) deps.onError?.(error);
      });
  }

  async function start(where: (at: number) => number, lead: number): Promise<number | null> {
    // A late decode (a busy machine) may have missed its window: the next try decodes where the sound is by then.
    for (let attempt = 0; attempt < 3; attempt++) {
      const wanted = onGrid(where(ctx.currentTime + lead));
      const plan = planPieces({ fileLength: layout.length, windowSamples, segments: deps.segments, from: wanted, seed: deps.seed ?? Math.floor(Math.random() * 2 ** 32) });
      nextPiece = plan;
      const first = plan();
      // Every piece due by shortly after the start is decoded first and starts with it: started inside a walk's
      // crossfade, the next segment is already due, and decoded afterwards it would come in late.
      const ready = [await decodePiece(first)];
      let next = plan();
      while (!stopped && next.at < wanted - first.start + START_AHEAD_S * rate) {
        ready.push(await decodePiece(next));
        next = plan();
      }
      if (stopped) return null;
      const at = snap(ctx.currentTime + lead);
      const from = onGrid(where(at));
      const into = from - first.start;
      if (into < 0 || into >= first.length) continue;
      anchorAt = at;
      anchorPos = from;
      originAt = at - into / rate;
      aheadS = Math.max(deps.aheadSeconds ?? MIN_AHEAD_S, first.crossfade > 0 ? 1.5 * (windowSamples / rate) : 0);
      pending = next;
      // The voice's gain rises from 0 at `at` (the hand-over's fade): what starts with it needs no fade of its own.
      for (const decoded of ready) place(decoded, at, 0);
      pump();
      return at;
    }
    throw new WindowDecodeError('the first window was decoded too late three times');
  }

  return {
    gain,
    start: (where, lead = SCHEDULE_LEAD_S) =>
      start(where, lead).catch((error: unknown) => {
        if (error instanceof VoiceStopped) return null;
        throw error;
      }),
    stop(at) {
      stopped = true;
      for (const entry of scheduled) {
        try {
          entry.node.stop(at);
        } catch {
          // Already stopped.
        }
        // A window that would start after the stop is never heard: it goes now.
        if (entry.when >= at) {
          scheduled.delete(entry);
          entry.node.disconnect();
        }
      }
      if (own && scheduled.size === 0) gain.disconnect();
      deps.onResident?.();
    },
    position(at) {
      return wrap(anchorPos + (at - anchorAt) * rate);
    },
    get done() {
      return stopped && scheduled.size === 0 && decoding === 0;
    },
    get residentBytes() {
      let total = 0;
      for (const entry of scheduled) total += entry.bytes;
      return total;
    },
  };
}
