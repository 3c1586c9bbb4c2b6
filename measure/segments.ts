/**
 * Choosing a loop's segments for the walk (issue 22, "never repeats"): boundaries at the loop's quiet points (between
 * waves, between gusts), each segment long enough to be heard as a passage. Pure: decoded stereo in, boundaries out.
 * Shared by the studio (studio/segments.ts, for the catalogue's files) and the import worker of Your sounds (issue 41,
 * src/workers/own-sound.worker.ts), so a listener's recording is cut the way the catalogue's are.
 */

/** Boundaries sit on a 10 ms grid: 480 samples at 48 kHz, a whole 441 at 44.1 kHz (the player cuts there exactly). */
export const SEGMENT_GRID = 480;
/**
 * The crossfade at a join: 1 s, inside both segments (the outgoing one's last second under the incoming one's first),
 * long enough that two unrelated textures blend without a step, short enough to stay within a quiet stretch.
 */
export const CROSSFADE_SAMPLES = 48_000;
/** Segment lengths: long enough to be heard as a passage (a wave, a gust), short enough for many orders. */
export const MIN_SEGMENT_SAMPLES = 8 * 48_000;
export const MAX_SEGMENT_SAMPLES = 24 * 48_000;

export interface ChosenSegments {
  /** Boundaries (file samples, ascending, on SEGMENT_GRID); segment k runs from starts[k] to starts[k + 1] (the last wraps). */
  readonly starts: number[];
  /** Energy over each boundary's crossfade stretch against the loop's median stretch (dB; negative = quieter). */
  readonly boundaryDb: number[];
}

const power = (l: Float32Array, r: Float32Array, from: number, to: number): number => {
  let s = 0;
  for (let i = from; i < to; i++) s += ((l[i] ?? 0) ** 2 + (r[i] ?? 0) ** 2) / 2;
  return s / Math.max(1, to - from);
};

/** Mean power per grid step over the crossfade stretch centred on each grid point (circular). */
function stretchEnergy(l: Float32Array, r: Float32Array): Float64Array {
  const steps = Math.floor(l.length / SEGMENT_GRID);
  const hop = new Float64Array(steps);
  for (let k = 0; k < steps; k++) hop[k] = power(l, r, k * SEGMENT_GRID, (k + 1) * SEGMENT_GRID);
  const half = Math.round(CROSSFADE_SAMPLES / SEGMENT_GRID);
  const out = new Float64Array(steps);
  let sum = 0;
  for (let k = -half; k < half; k++) sum += hop[(k + steps) % steps] ?? 0;
  for (let k = 0; k < steps; k++) {
    out[k] = sum / (2 * half);
    sum += (hop[(k + half) % steps] ?? 0) - (hop[(k - half + steps) % steps] ?? 0);
  }
  return out;
}

/** Circular distance between two grid steps. */
const apart = (a: number, b: number, steps: number) => Math.min(Math.abs(a - b), steps - Math.abs(a - b));

/**
 * Chooses boundaries: the quietest stretches first, each at least MIN_SEGMENT_SAMPLES from the others, then
 * the quietest allowed point inside any segment still longer than MAX_SEGMENT_SAMPLES.
 */
export function chooseSegments(l: Float32Array, r: Float32Array): ChosenSegments {
  const energy = stretchEnergy(l, r);
  const steps = energy.length;
  const min = MIN_SEGMENT_SAMPLES / SEGMENT_GRID;
  const max = MAX_SEGMENT_SAMPLES / SEGMENT_GRID;
  const chosen: number[] = [];
  const allowed = (k: number) => chosen.every((c) => apart(c, k, steps) >= min);
  const byQuiet = Array.from({ length: steps }, (_, k) => k).sort((a, b) => (energy[a] ?? 0) - (energy[b] ?? 0));
  // Local minima only (a stretch quieter than everything within half a minimum segment), quietest first.
  const radius = Math.floor(min / 2);
  const isMinimum = (k: number) => {
    for (let d = 1; d <= radius; d++) if ((energy[(k + d) % steps] ?? 0) < (energy[k] ?? 0) || (energy[(k - d + steps) % steps] ?? 0) < (energy[k] ?? 0)) return false;
    return true;
  };
  for (const k of byQuiet) if (isMinimum(k) && allowed(k)) chosen.push(k);
  // Long stretches without a quiet point still get boundaries: their quietest allowed points.
  for (let grown = true; grown; ) {
    grown = false;
    chosen.sort((a, b) => a - b);
    for (let i = 0; i < chosen.length && !grown; i++) {
      const a = chosen[i] ?? 0;
      const b = (chosen[(i + 1) % chosen.length] ?? 0) + (i + 1 === chosen.length ? steps : 0);
      if (b - a <= max) continue;
      const inside = byQuiet.find((k) => {
        const u = k < a ? k + steps : k;
        return u > a && u < b && allowed(k);
      });
      if (inside !== undefined) {
        chosen.push(inside);
        grown = true;
      }
    }
  }
  chosen.sort((a, b) => a - b);
  const median = [...energy].sort((a, b) => a - b)[Math.floor(steps / 2)] ?? 1;
  return {
    starts: chosen.map((k) => k * SEGMENT_GRID),
    boundaryDb: chosen.map((k) => 10 * Math.log10((energy[k] ?? 0) / median)),
  };
}
