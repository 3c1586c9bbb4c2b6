/**
 * What a loop voice plays, piece by piece (issue 22): the file cut into pieces of at most a window, each decoded on
 * its own, laid on one timeline. In order (a file without segments, or one that must not be reordered) the pieces
 * follow the file round and round; walking, they follow its segments in the walk's order (segment-walk.ts), the
 * next segment starting a crossfade before the last one ends. Pure: the voice schedules what this returns.
 */
import { createWalk, segmentAt, segmentGain, segmentsOf, type Segment } from './segment-walk';
import type { LoopSegments } from '../../catalogue/loop-segments';

/** Piece boundaries on a 10 ms grid at 48 kHz: a whole number of frames at 44.1 kHz as well. */
const CUT_GRID = 480;

export interface Piece {
  /** File samples played, [start, start + length): never across the file's end. */
  readonly start: number;
  readonly length: number;
  /** Timeline sample (from the plan's first piece) where the piece's first sample plays. */
  readonly at: number;
  /** The next piece continues the file from this one's end (joined sample to sample, not crossfaded). */
  readonly continues: boolean;
  /** This piece continues the previous one. */
  readonly continued: boolean;
  /** For the piece's gain: where it starts in its segment, the segment's length, its crossfade, whether it fades in. */
  readonly segmentOffset: number;
  readonly segmentLength: number;
  readonly crossfade: number;
  readonly fadesIn: boolean;
}

export interface PlanOptions {
  readonly fileLength: number;
  readonly windowSamples: number;
  /** The file's segments (src/catalogue/loop-segments.ts); none or `ordered`: the file plays in order. */
  readonly segments?: LoopSegments;
  /** File sample where the sound is when the plan starts. */
  readonly from: number;
  readonly seed: number;
}

/** Whether a file's segments can be walked (at least three, each longer than two crossfades). */
export function walkable(segments: LoopSegments | undefined, fileLength: number): segments is Extract<LoopSegments, { starts: readonly number[] }> {
  if (!segments || 'ordered' in segments || segments.length !== fileLength || segments.starts.length < 3) return false;
  return segmentsOf(segments.starts, fileLength).every((s) => s.length >= 2 * segments.crossfade);
}

/** Cuts `length` samples into pieces of at most `window`, as even as the grid allows (no sliver at the end). */
function cuts(length: number, window: number): number[] {
  const count = Math.max(1, Math.ceil(length / window));
  const each = Math.min(window, Math.max(CUT_GRID, Math.round(length / count / CUT_GRID) * CUT_GRID));
  const out: number[] = [];
  for (let done = 0; done < length; done += each) out.push(Math.min(each, length - done));
  return out;
}

/** A segment's pieces (offsets in it): up to the file's end, then from its start, each stretch cut evenly. */
function piecesOf(seg: Segment, n: number, window: number): { offset: number; length: number }[] {
  const first = Math.min(seg.length, n - seg.start);
  const out: { offset: number; length: number }[] = [];
  let offset = 0;
  for (const stretch of first < seg.length ? [first, seg.length - first] : [seg.length]) {
    for (const length of cuts(stretch, window)) {
      out.push({ offset, length });
      offset += length;
    }
  }
  return out;
}

/**
 * The pieces, one per call, forever, starting with the piece that holds file sample `from` (the caller plays it
 * from there: `from − start` samples in).
 */
export function planPieces(options: PlanOptions): () => Piece {
  const { fileLength: n, windowSamples } = options;
  const walking = walkable(options.segments, n);
  const segments: Segment[] = walking ? segmentsOf(options.segments.starts, n) : [{ start: 0, length: n }];
  const crossfade = walking ? options.segments.crossfade : 0;
  const nextSegment = createWalk(segments.length, options.seed);
  const wrap = (s: number) => ((s % n) + n) % n;
  let segment = segmentAt(segments, n, options.from);
  let pieces = piecesOf(segments[segment] ?? { start: 0, length: n }, n, windowSamples);
  const into = wrap(options.from - (segments[segment]?.start ?? 0));
  let index = Math.max(0, pieces.findIndex((p) => into >= p.offset && into < p.offset + p.length));
  let fadesIn = false;
  /** The timeline sample of the current segment's offset 0 (the first piece's start is timeline 0). */
  let segmentAtTimeline = -(pieces[index]?.offset ?? 0);
  let continued = false;

  return () => {
    const seg = segments[segment] ?? { start: 0, length: n };
    const { offset, length } = pieces[index] ?? { offset: 0, length: seg.length };
    const piece = { start: wrap(seg.start + offset), length, at: segmentAtTimeline + offset, continued, segmentOffset: offset, segmentLength: seg.length, crossfade, fadesIn };
    index++;
    const segmentDone = index >= pieces.length;
    // In order, the file's end runs into its start sample to sample; walking, a segment's end is crossfaded.
    const continues = !segmentDone || !walking;
    if (segmentDone) {
      segmentAtTimeline += seg.length - crossfade;
      segment = walking ? nextSegment(segment) : segment;
      pieces = piecesOf(segments[segment] ?? seg, n, windowSamples);
      index = 0;
      fadesIn = walking;
    }
    continued = continues;
    return { ...piece, continues };
  };
}

/** A piece's gain at `offset` samples into it (1 away from a crossfade). */
export const pieceGain = (piece: Piece, offset: number): number =>
  segmentGain(piece.segmentOffset + offset, piece.segmentLength, piece.crossfade, piece.fadesIn);

/** Curve points of a crossfade every 10 ms at 48 kHz: the linear steps between them stay within 1e-4 of the curve. */
const CURVE_STEP = 480;

/**
 * Sets `param` to a piece's crossfade envelope, played from `into` samples in at ctx time `when`: its value at
 * the first sample, then the segment's rise and fall as value curves where the piece meets them.
 */
export function applyPieceGain(param: AudioParam, piece: Piece, into: number, when: number, rate: number): void {
  const { segmentOffset, segmentLength: length, crossfade: x, fadesIn } = piece;
  const from = segmentOffset + into;
  const to = segmentOffset + piece.length;
  // The value before any event (a value set at `when` would collide with a curve starting there).
  param.value = pieceGain(piece, into);
  for (const [a, b] of [...(fadesIn ? [[0, x]] : []), [length - x, length]] as [number, number][]) {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (hi <= lo) continue;
    const points = Math.max(2, Math.ceil((hi - lo) / CURVE_STEP) + 1);
    const curve = Float32Array.from({ length: points }, (_, k) => segmentGain(lo + ((hi - lo) * k) / (points - 1), length, x, fadesIn));
    param.setValueCurveAtTime(curve, when + (lo - from) / rate, (hi - lo) / rate);
  }
}
