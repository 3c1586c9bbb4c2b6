/**
 * White noise: uniform samples from the seeded PRNG, scaled to Lull's noise loudness.
 * Uniform (not Gaussian) on purpose: its peak is exactly the gain, so it can never clip.
 */
import { createPrng, INT32_TO_UNIT, type PrngState } from './prng.ts';
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
  // xorshift32 inlined (the sequence of nextInt32): this loop is the whole cost of the kernel.
  let s = state.prng.s | 0;
  const scale = state.gain * INT32_TO_UNIT;
  for (let i = start; i < end; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s * scale;
  }
  state.prng.s = s >>> 0;
}
