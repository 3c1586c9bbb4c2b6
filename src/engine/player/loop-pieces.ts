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

/** The pieces, one per call, forever. */
export function planPieces(options: PlanOptions): () => Piece {
  const { fileLength: n, windowSamples } = options;
  const walking = walkable(options.segments, n);
  const segments: Segment[] = walking ? segmentsOf(options.segments.starts, n) : [{ start: 0, length: n }];
  const crossfade = walking ? options.segments.crossfade : 0;
  const nextSegment = createWalk(segments.length, options.seed);
  const wrap = (s: number) => ((s % n) + n) % n;
  let segment = segmentAt(segments, n, options.from);
  let fadesIn = false;
  /** Offset in the current segment of the next piece, and the timeline sample of the segment's offset 0. */
  let offset = wrap(options.from - (segments[segment]?.start ?? 0));
  let segmentAtTimeline = -offset;
  let queue: number[] = [];
  let continued = false;

  return () => {
    const seg = segments[segment] ?? { start: 0, length: n };
    if (queue.length === 0) {
      // Up to the file's end, then from its start: a piece is one decode of contiguous file bytes.
      const start = wrap(seg.start + offset);
      const toEnd = Math.min(seg.length - offset, n - start);
      queue = [...cuts(toEnd, windowSamples)];
    }
    const length = queue.shift() ?? 0;
    const piece = {
      start: wrap(seg.start + offset),
      length,
      at: segmentAtTimeline + offset,
      continued,
      segmentOffset: offset,
      segmentLength: seg.length,
      crossfade,
      fadesIn,
    };
    offset += length;
    const segmentDone = offset >= seg.length;
    // In order, the file's end runs into its start sample to sample; walking, a segment's end is crossfaded.
    const continues = !segmentDone || !walking;
    if (segmentDone) {
      segmentAtTimeline += seg.length - crossfade;
      segment = walking ? nextSegment(segment) : segment;
      offset = 0;
      fadesIn = walking;
      queue = [];
    }
    continued = continues;
    return { ...piece, continues };
  };
}

/** A piece's gain at `offset` samples into it (1 away from a crossfade). */
export const pieceGain = (piece: Piece, offset: number): number =>
  segmentGain(piece.segmentOffset + offset, piece.segmentLength, piece.crossfade, piece.fadesIn);
