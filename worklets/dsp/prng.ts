/**
 * Seeded PRNG for every DSP kernel: xorshift32 on a plain state object.
 * Kernels never call Math.random, so the worklet, the fallback, the studio,
 * Node tests and the bench produce identical, reproducible output from a seed.
 */
export interface PrngState {
  s: number;
}

/** A state from any integer seed; 0 is remapped because xorshift never leaves 0. */
export function createPrng(seed: number): PrngState {
  const s = seed >>> 0;
  return { s: s === 0 ? 0x9e3779b9 : s };
}

/** Next uint32. */
export function nextUint32(state: PrngState): number {
  let x = state.s;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  state.s = x >>> 0;
  return state.s;
}

/**
 * Scales the state read as a signed int32 (`s | 0`, uniform in [−2³¹, 2³¹)) to [−1, 1): the noise
 * kernels take their white noise this way, one multiply and no offset per sample.
 */
export const INT32_TO_UNIT = 1 / 2147483648;

/** Uniform in [0, 1). */
export function nextUnit(state: PrngState): number {
  return nextUint32(state) / 4294967296;
}

/** Uniform in [-1, 1). */
export function nextBipolar(state: PrngState): number {
  return nextUint32(state) / 2147483648 - 1;
}
