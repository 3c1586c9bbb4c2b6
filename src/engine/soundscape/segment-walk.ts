/**
 * The walk through a soundscape's segments (issue 22, "never repeats"): a seeded random order with no immediate
 * repeat, and the equal-power crossfade that joins two segments. Pure (no DOM, no Web Audio), so the order and
 * the curves are unit-tested here and the loop voice only schedules them.
 */
import { seededRandom } from '../../lib/seeded-random';

/**
 * The segment after `previous`: uniformly any other one (no segment twice in a row). With fewer than two segments
 * there is nothing to choose: the one segment follows itself.
 */
export function createWalk(count: number, seed: number): (previous: number) => number {
  const random = seededRandom(seed);
  return (previous) => {
    if (count < 2) return 0;
    const pick = Math.floor(random() * (count - 1));
    return pick >= previous ? pick + 1 : pick;
  };
}

/**
 * Equal-power gains at `u` ∈ [0, 1] through a crossfade: the outgoing segment's and the incoming one's.
 * out² + in² = 1 at every point, so two unrelated textures keep their power through the join (a linear fade dips 3 dB).
 */
export function equalPowerGains(u: number): { out: number; in: number } {
  const clamped = Math.min(1, Math.max(0, u));
  return { out: Math.cos((Math.PI / 2) * clamped), in: Math.sin((Math.PI / 2) * clamped) };
}

/** A segment of the file: `length` samples from `start` (it may run past the file's end and continue at its start). */
export interface Segment {
  readonly start: number;
  readonly length: number;
}

/** The segments between consecutive boundaries, the last one running over the file's end to the first boundary. */
export function segmentsOf(starts: readonly number[], fileLength: number): Segment[] {
  return starts.map((start, k) => ({ start, length: (k + 1 < starts.length ? (starts[k + 1] ?? 0) : (starts[0] ?? 0) + fileLength) - start }));
}

/** The segment holding file sample `position` (the walk starts where the sound already is). */
export function segmentAt(segments: readonly Segment[], fileLength: number, position: number): number {
  const index = segments.findIndex((s) => (((position - s.start) % fileLength) + fileLength) % fileLength < s.length);
  return Math.max(0, index);
}

/**
 * A segment's gain at `offset` samples into it (`from` is where it began playing: a walk that starts mid-segment
 * fades nothing in, it continues what was heard): rising over its first `crossfade` samples, falling over its last.
 */
export function segmentGain(offset: number, length: number, crossfade: number, fadesIn: boolean): number {
  const rising = fadesIn && offset < crossfade ? equalPowerGains(offset / crossfade).in : 1;
  const falling = offset > length - crossfade ? equalPowerGains((offset - (length - crossfade)) / crossfade).out : 1;
  return rising * falling;
}
