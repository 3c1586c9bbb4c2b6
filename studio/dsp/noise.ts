/**
 * Noise for loops. `hashNoise(i, seed)` is white noise addressed by sample index: the same
 * index gives the same value, so a layer read at `i mod N` is exactly periodic and a loop
 * needs no crossfade. Event timing and parameters come from the seeded PRNG (worklets/dsp).
 */
import { BROWN_CORRECTION_ZERO, brownStep, createBrownFilter } from '../../worklets/dsp/brown.ts';
import { createPinkFilter, pinkStep } from '../../worklets/dsp/pink.ts';
import { STUDIO_SAMPLE_RATE } from '../contract.ts';

/** The studio's earlier integrator (input × 0.05, output × 0.55) in the kernel's terms. */
const STUDIO_BROWN_GAIN = 0.0275 / (1 + BROWN_CORRECTION_ZERO);

/** Uniform white noise in [-1, 1) as a pure function of (index, seed) (lowbias32 hash). */
export function hashNoise(i: number, seed: number): number {
  let x = (i ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return (x >>> 0) / 2147483648 - 1;
}

/** Pink noise from the app's own kernel filter (worklets/dsp/pink.ts); output RMS ≈ white RMS. */
export class Pink {
  private readonly filter = createPinkFilter();
  process(white: number): number {
    return pinkStep(this.filter, white) * 0.18;
  }
}

/**
 * Brown noise from the app's own kernel filter (worklets/dsp/brown.ts: 10 Hz leak, 7 Hz DC
 * blocker); RMS ≈ 0.5 for white input, the level the recipes were balanced at.
 */
export class Brown {
  private readonly filter = createBrownFilter(STUDIO_SAMPLE_RATE);
  process(white: number): number {
    return brownStep(this.filter, white) * STUDIO_BROWN_GAIN;
  }
}
