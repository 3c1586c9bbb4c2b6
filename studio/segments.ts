/**
 * Segments of a loop for the player's walk (issue 22, "never repeats"): boundaries at the loop's
 * quiet points (between waves, between gusts), so the player can play the segments in a seeded
 * random order with an equal-power crossfade at each join instead of one 2-minute period all night.
 * Pure: takes decoded stereo (what the shipped file plays), returns boundaries and measures every join.
 */
import { seamJump } from './audit/checks.ts';
import { chooseSegments, CROSSFADE_SAMPLES, MAX_SEGMENT_SAMPLES, MIN_SEGMENT_SAMPLES, SEGMENT_GRID, type ChosenSegments } from '../measure/segments.ts';

/** Chosen in measure/segments.ts (shared with the import worker); the joins are measured here. */
export { chooseSegments, CROSSFADE_SAMPLES, MAX_SEGMENT_SAMPLES, MIN_SEGMENT_SAMPLES, SEGMENT_GRID, type ChosenSegments };

/** The segments of the reversed file: the same quiet points, mirrored (segment order reversed too). */
export function mirrorStarts(starts: readonly number[], length: number): number[] {
  return starts.map((s) => (length - s) % length).sort((a, b) => a - b);
}

export interface JoinMeasure {
  /** Largest sample-to-sample jump across the join (both channels) over the sound's own p99.9 jump. */
  readonly jumpRatio: number;
  /** RMS over the crossfade against the quieter and louder of the two sides' (dB). */
  readonly levelDb: number;
  readonly lowDb: number;
  readonly highDb: number;
  /** Longest run under −80 dBFS in the join (ms). */
  readonly silenceMs: number;
}

/** The equal-power gains at step t of n: cos² + sin² = 1 (the player's segment-walk.ts uses the same curve). */
const fadeOut = (t: number, n: number) => Math.cos((Math.PI / 2) * (t / n));
const fadeIn = (t: number, n: number) => Math.sin((Math.PI / 2) * (t / n));

/** p99.9 of |x[i+1] − x[i]| over the whole loop (the seam rule's own scale). */
export const jumpScale = (x: Float32Array): number => seamJump(x).p999;

/**
 * Renders segment `to` following segment `from` as the player does (the outgoing segment's last CROSSFADE_SAMPLES
 * under the incoming one's first, equal-power) with a crossfade's length of each side around it, and measures it.
 */
export function measureJoin(ch: readonly [Float32Array, Float32Array], fromEnd: number, toStart: number, scale: readonly [number, number]): JoinMeasure {
  const n = ch[0].length;
  const x = CROSSFADE_SAMPLES;
  const at = (c: Float32Array, i: number) => c[((i % n) + n) % n] ?? 0;
  let worst = 0;
  let quiet = 0;
  let longest = 0;
  let faded = 0;
  ch.forEach((c, k) => {
    let prev = at(c, fromEnd - 2 * x);
    for (let t = -x + 1; t < 2 * x; t++) {
      const y = t < 0 ? at(c, fromEnd - x + t) : t < x ? at(c, fromEnd - x + t) * fadeOut(t, x) + at(c, toStart + t) * fadeIn(t, x) : at(c, toStart + t);
      worst = Math.max(worst, Math.abs(y - prev) / (scale[k] || 1));
      prev = y;
      if (t >= 0 && t < x) faded += y * y;
      if (k === 0) {
        quiet = Math.abs(y) < 1e-4 && Math.abs(at(ch[1], t < x ? fromEnd - x + t : toStart + t)) < 1e-4 ? quiet + 1 : 0;
        longest = Math.max(longest, quiet);
      }
    }
  });
  const rmsDb = (p: number) => 10 * Math.log10(p + 1e-20);
  const outgoing = rmsDb(sidePower(ch, fromEnd - x, x, n));
  const incoming = rmsDb(sidePower(ch, toStart, x, n));
  const level = rmsDb(faded / (2 * x));
  return { jumpRatio: worst, levelDb: level, lowDb: Math.min(outgoing, incoming), highDb: Math.max(outgoing, incoming), silenceMs: (longest / 48_000) * 1000 };
}

function sidePower(ch: readonly [Float32Array, Float32Array], from: number, length: number, n: number): number {
  let s = 0;
  for (const c of ch) for (let t = 0; t < length; t++) s += (c[(((from + t) % n) + n) % n] ?? 0) ** 2;
  return s / (2 * length);
}

/** A join passes: no jump over 3× the sound's own p99.9, no dip or bump over 3 dB beyond its two sides, no silence over 50 ms. */
export const joinPasses = (j: JoinMeasure) => j.jumpRatio <= 3 && j.levelDb >= j.lowDb - 3 && j.levelDb <= j.highDb + 3 && j.silenceMs <= 50;

/** Why a loop is played in order, by slug: its 2 minutes are one story, not a texture. */
export const ORDERED_LOOPS: Readonly<Record<string, string>> = {
  kettle:
    'one heating cycle: the boil builds, the whistle rises with the steam, it comes off the heat and reheats to the boil it began with; reordered, the whistle would start mid-rise and the kettle reheat without having cooled',
};

export interface WalkCheck {
  readonly segments: number;
  readonly joins: number;
  readonly failed: number;
  readonly worstJumpRatio: number;
  readonly worstLevelDb: number;
  readonly shortestSamples: number;
  readonly longestSamples: number;
}

/** Every ordered pair of distinct segments, joined as the player joins them, measured. */
export function checkWalk(ch: readonly [Float32Array, Float32Array], starts: readonly number[]): WalkCheck {
  const n = ch[0].length;
  const scale = [jumpScale(ch[0]), jumpScale(ch[1])] as const;
  const ends = starts.map((_, k) => (k + 1 < starts.length ? (starts[k + 1] ?? 0) : (starts[0] ?? 0) + n));
  const lengths = starts.map((s, k) => (ends[k] ?? 0) - s);
  let joins = 0;
  let failed = 0;
  let worstJumpRatio = 0;
  let worstLevelDb = 0;
  for (let a = 0; a < starts.length; a++) {
    for (let b = 0; b < starts.length; b++) {
      if (a === b) continue;
      const j = measureJoin(ch, ends[a] ?? 0, starts[b] ?? 0, scale);
      joins++;
      if (!joinPasses(j)) failed++;
      worstJumpRatio = Math.max(worstJumpRatio, j.jumpRatio);
      worstLevelDb = Math.max(worstLevelDb, j.lowDb - j.levelDb, j.levelDb - j.highDb);
    }
  }
  return { segments: starts.length, joins, failed, worstJumpRatio, worstLevelDb, shortestSamples: Math.min(...lengths), longestSamples: Math.max(...lengths) };
}
