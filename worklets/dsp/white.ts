/**
 * White noise: uniform samples from the seeded PRNG, scaled to Lull's noise loudness.
 * Uniform (not Gaussian) on purpose: its peak is exactly the gain, so it can never clip.
 */
import { createPrng, type PrngState } from './prng.ts';
import { NOISE_LOUDNESS_GAIN } from './levels.ts';

export interface WhiteState {
  readonly prng: PrngState;
  readonly gain: number;
}

export function createWhiteState(seed: number): WhiteState {
  return { prng: createPrng(seed), gain: NOISE_LOUDNESS_GAIN.white };
}

/** Fills `out[start, end)`; allocates nothing. */
export function renderWhite(state: WhiteState, out: Float32Array, start = 0, end = out.length): void {
  // xorshift32 inlined (same sequence as nextBipolar): this loop is the whole cost of the kernel.
  let s = state.prng.s;
  const scale = state.gain / 2147483648;
  const gain = state.gain;
  for (let i = start; i < end; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = (s >>> 0) * scale - gain;
  }
  state.prng.s = s >>> 0;
}
