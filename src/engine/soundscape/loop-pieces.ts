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

/**
 * Cuts `length` samples into pieces of at most `window`, as even as the grid allows. Each piece is rounded UP to the
 * grid, so `count` pieces cover the stretch and the last is the shortest: rounding down left a 480-sample sliver
 * (Ocean's segment from 3,877,440), and WebKit's decoder returns other lengths for slices that short.
 */
function cuts(length: number, window: number): number[] {
  const count = Math.max(1, Math.ceil(length / window));
  const each = Math.min(window, Math.max(CUT_GRID, Math.ceil(length / count / CUT_GRID) * CUT_GRID));
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

/**
 * Shapes a piece in its decoded buffer before it plays, so each window is a bare buffer source (every node the
 * audio thread renders costs it each quantum, issue 23): the walk's equal-power envelope, a fade-in over the first
 * `fade` samples played (a join's, or a late start's) and the join's fade-out over the `tail` samples after the
 * piece's end. `channels` hold the piece played from `into` samples in at index `from`. Two pieces meeting at a
 * join fade over the same file samples, so they sum to the sound itself.
 */
export function shapePiece(channels: readonly Float32Array[], from: number, piece: Piece, into: number, fade: number, tail: number): void {
  const samples = piece.length - into;
  const total = samples + tail;
  // Where the gain is not 1 (played samples): the fades, and where the piece meets its segment's rise and fall.
  const toPlayed = (segmentOffset: number) => segmentOffset - piece.segmentOffset - into;
  const { crossfade: x, segmentLength: length } = piece;
  const ranges: [number, number][] = [[0, fade], [samples, total]];
  if (x > 0) ranges.push([toPlayed(length - x), toPlayed(length)]);
  if (x > 0 && piece.fadesIn) ranges.push([toPlayed(0), toPlayed(x)]);
  const merged: [number, number][] = [];
  const clipped = ranges.map(([lo, hi]): [number, number] => [Math.max(0, lo), Math.min(total, hi)]).filter(([lo, hi]) => hi > lo);
  for (const [lo, hi] of clipped.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && lo <= last[1]) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  for (const [lo, hi] of merged) {
    for (let j = lo; j < hi; j++) {
      let gain = x > 0 ? pieceGain(piece, into + j) : 1;
      if (j < fade) gain *= j / fade;
      if (j >= samples) gain *= 1 - (j - samples) / tail;
      for (const channel of channels) channel[from + j]! *= gain;
    }
  }
}
