/**
 * The 'alive' drift of a mix's layer levels (issue 23): a slow random walk of gain breakpoints, one
 * every `stepSeconds`, each within ±`maxDb` of the set level, joined by linear ramps. Seeded per mix
 * and per layer, and a function of time alone, so a mix sounds the same from its link.
 */
import { createPrng, nextBipolar } from './prng';

export interface DriftPoint {
  /** Seconds on the drift's clock (the audio clock). */
  at: number;
  /** Linear gain, 10^(dB/20) with dB in [−maxDb, maxDb]. */
  gain: number;
}

export interface DriftOptions {
  stepSeconds?: number;
  maxDb?: number;
}

export const DRIFT_STEP_SECONDS = 90;
export const DRIFT_MAX_DB = 3;

/** Layer `layer`'s own stream: the mix's seed mixed with the layer's place (golden-ratio spacing). */
const streamSeed = (seed: number, layer: number) => (seed ^ Math.imul(layer + 1, 0x9e3779b9)) >>> 0;

/**
 * The breakpoints from the one at or before `from` to the first at or after `to`. Each point's dB is
 * half the previous one's plus half a fresh draw: a slow walk that never leaves ±maxDb.
 */
export function driftPoints(seed: number, layer: number, from: number, to: number, options: DriftOptions = {}): DriftPoint[] {
  const step = options.stepSeconds ?? DRIFT_STEP_SECONDS;
  const maxDb = options.maxDb ?? DRIFT_MAX_DB;
  const prng = createPrng(streamSeed(seed, layer));
  const first = Math.max(0, Math.floor(from / step));
  const last = Math.max(first + 1, Math.ceil(to / step));
  const points: DriftPoint[] = [];
  let db = 0;
  for (let k = 0; k <= last; k++) {
    db = 0.5 * db + 0.5 * maxDb * nextBipolar(prng);
    if (k >= first) points.push({ at: k * step, gain: 10 ** (db / 20) });
  }
  return points;
}
