/** What a loop voice (loop-voice.ts) is given and what it offers: its own module, so the voice's code stays lazy. */
import type { LoopSegments } from '../../catalogue/loop-segments';
import type { Mp3Layout, Mp3Slice } from './mp3-layout';

/** Where a loop plays (the voice, and the loop track that runs it): its context, and the node it goes to (the track gain). */
export interface LoopTarget {
  ctx: BaseAudioContext;
  output: AudioNode;
}

export interface LoopVoiceDeps extends LoopTarget {
  file: Uint8Array;
  layout: Mp3Layout;
  windowSeconds?: number;
  /** Sound kept scheduled ahead (default MIN_AHEAD_S, loop-voice.ts); unit tests of the window mechanics pass 0. */
  aheadSeconds?: number;
  /** Called when a window could not be decoded (the voice then stops scheduling). */
  onError?: (error: unknown) => void;
  /** The windows held changed (one scheduled, ended or dropped). */
  onResident?: () => void;
  /** The file's segments (src/catalogue/loop-segments.ts): walked in a random order; without them, in order. */
  segments?: LoopSegments;
  /** The walk's seed (a new one each play unless given). */
  seed?: number;
  /** A file still arriving (streamed-mp3.ts): each slice waits for its frames (`file` is then not read). */
  readSlice?: (start: number, length: number) => Promise<Mp3Slice>;
  /** The gain the windows play into when the caller has one (a layer's level gain, which it keeps): else the voice's own, into `output`. */
  gain?: GainNode;
  /** A window decoded ahead (a warm start, track-media.ts): the voice's first decode uses it when it is that window, else decodes its own. */
  predecoded?: Promise<Predecoded | null>;
}

/** File samples [start, start + length) decoded at the file's rate: the buffer holds them from `skip`. */
export interface Predecoded {
  readonly start: number;
  readonly length: number;
  readonly buffer: AudioBuffer;
  readonly skip: number;
}

export interface LoopVoice {
  /** The gain the windows play into: the voice's own (starts at 0: whoever starts it fades it in), or the one it was given. */
  readonly gain: GainNode;
  /** Decodes the window under `where(at)` and plays it from there at `at` (`lead` after now); resolves with `at`, or null if stopped first. */
  start(where: (at: number) => number, lead?: number): Promise<number | null>;
  /** Stops everything at `at` and drops what is not yet playing; nothing is decoded after this. */
  stop(at: number): void;
  /** File sample heard at ctx time `at` (once started). */
  position(at: number): number;
  /** Decoded bytes held (frames × channels × 4), the windows being decoded included once they exist. */
  readonly residentBytes: number;
  /** Stopped, and nothing left playing or decoding. */
  readonly done: boolean;
}

