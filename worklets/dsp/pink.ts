/**
 * Pink noise: white noise through Paul Kellet's refined filter (six one-poles in parallel plus a
 * direct and a one-sample-delayed path). Measured against the ideal −3.01 dB/octave it is within
 * ±0.03 dB over 20 Hz–20 kHz at both 44.1 and 48 kHz: the poles sit low enough that the
 * sample-rate change moves nothing audible, so one set of coefficients serves both.
 */
import { createPrng, type PrngState } from './prng.ts';
import { NOISE_LOUDNESS_GAIN, NOISE_SAFETY_LIMIT } from './levels.ts';

/** Kellet's filter state alone, for callers that bring their own white noise (the studio). */
export interface PinkFilter {
  b0: number;
  b1: number;
  b2: number;
  b3: number;
  b4: number;
  b5: number;
  b6: number;
}

export interface PinkState extends PinkFilter {
  readonly prng: PrngState;
  readonly gain: number;
}

export const createPinkFilter = (): PinkFilter => ({ b0: 0, b1: 0, b2: 0, b3: 0, b4: 0, b5: 0, b6: 0 });

/** Pink noise's level is independent of the sample rate (equal power per octave), so no rate. */
export function createPinkState(seed: number): PinkState {
  return { prng: createPrng(seed), gain: NOISE_LOUDNESS_GAIN.pink, ...createPinkFilter() };
}

/** One sample of Kellet's refined filter for `white`, unscaled (RMS about 3.6× the input's). */
export function pinkStep(f: PinkFilter, white: number): number {
  f.b0 = 0.99886 * f.b0 + white * 0.0555179;
  f.b1 = 0.99332 * f.b1 + white * 0.0750759;
  f.b2 = 0.969 * f.b2 + white * 0.153852;
  f.b3 = 0.8665 * f.b3 + white * 0.3104856;
  f.b4 = 0.55 * f.b4 + white * 0.5329522;
  f.b5 = -0.7616 * f.b5 - white * 0.016898;
  const y = f.b0 + f.b1 + f.b2 + f.b3 + f.b4 + f.b5 + f.b6 + white * 0.5362;
  f.b6 = white * 0.115926;
  return y;
}

/**
 * Fills `out[start, end)`; allocates nothing. The same arithmetic as `pinkStep`, in the same
 * order (so the same samples), with the filter state in locals: writing seven object properties
 * per sample cost 4× the arithmetic itself.
 */
export function renderPink(state: PinkState, out: Float32Array, start = 0, end = out.length): void {
  let s = state.prng.s;
  let b0 = state.b0;
  let b1 = state.b1;
  let b2 = state.b2;
  let b3 = state.b3;
  let b4 = state.b4;
  let b5 = state.b5;
  let b6 = state.b6;
  const gain = state.gain;
  const limit = NOISE_SAFETY_LIMIT;
  for (let i = start; i < end; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const white = (s >>> 0) / 2147483648 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    const y = (b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362) * gain;
    b6 = white * 0.115926;
    // Never engages at Lull's level (it is > 15 σ away); it makes "never reaches ±1" unconditional.
    out[i] = y > limit ? limit : y < -limit ? -limit : y;
  }
  state.prng.s = s >>> 0;
  state.b0 = b0;
  state.b1 = b1;
  state.b2 = b2;
  state.b3 = b3;
  state.b4 = b4;
  state.b5 = b5;
  state.b6 = b6;
}
