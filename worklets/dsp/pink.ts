/**
 * Pink noise: white noise through Paul Kellet's refined filter (six one-poles in parallel plus a
 * direct and a one-sample-delayed path). Measured against the ideal −3.01 dB/octave it is within
 * ±0.03 dB over 20 Hz–20 kHz at both 44.1 and 48 kHz: the poles sit low enough that the
 * sample-rate change moves nothing audible, so one set of coefficients serves both.
 */
import { createPrng, INT32_TO_UNIT, type PrngState } from './prng.ts';
import { clampBlock, NOISE_LOUDNESS_GAIN, NOISE_SAFETY_LIMIT } from './levels.ts';

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

/** Kellet's filter state plus the generator's; `renderPink` keeps the filter state scaled by `gain`. */
export interface PinkState extends PinkFilter {
  readonly prng: PrngState;
  readonly gain: number;
  readonly constants: PinkConstants;
}

/** One number per one-pole section. */
type Six = readonly [number, number, number, number, number, number];

/**
 * What the render loop multiplies by, read from the state rather than written as literals: V8
 * rebuilds every inline double literal from an immediate on every sample (two instructions each,
 * fifteen of them here), while values it loaded before the loop stay in registers. Measured: the
 * literals cost more than the filter's own arithmetic.
 */
export interface PinkConstants {
  readonly poles: Six;
  /** Kellet's input weights times gain / 2³¹: the loop feeds the PRNG's int32 straight in. */
  readonly inputs: Six;
  readonly direct: number;
  readonly delayed: number;
  readonly limit: number;
  /**
   * How far each section can move from its state within n samples is at most
   * |weight| · gain · min(n, 1 / (1 − |pole|)): `reachWeights` and `reachHorizons` give that bound,
   * `directReach` the direct and delayed paths' (see `mayExceed`).
   */
  readonly reachWeights: Six;
  readonly reachHorizons: Six;
  readonly directReach: number;
}

const KELLET_POLES = [0.99886, 0.99332, 0.969, 0.8665, 0.55, -0.7616] as const;
const KELLET_INPUTS = [0.0555179, 0.0750759, 0.153852, 0.3104856, 0.5329522, -0.016898] as const;
const KELLET_DIRECT = 0.5362;
const KELLET_DELAYED = 0.115926;

export const createPinkFilter = (): PinkFilter => ({ b0: 0, b1: 0, b2: 0, b3: 0, b4: 0, b5: 0, b6: 0 });

const sixOf = (f: (i: number) => number): Six => [f(0), f(1), f(2), f(3), f(4), f(5)];

/** Pink noise's level is independent of the sample rate (equal power per octave), so no rate. */
export function createPinkState(seed: number): PinkState {
  const gain = NOISE_LOUDNESS_GAIN.pink;
  const scale = gain * INT32_TO_UNIT;
  return {
    prng: createPrng(seed),
    gain,
    ...createPinkFilter(),
    constants: {
      poles: KELLET_POLES,
      inputs: sixOf((i) => KELLET_INPUTS[i]! * scale),
      direct: KELLET_DIRECT * scale,
      delayed: KELLET_DELAYED * scale,
      limit: NOISE_SAFETY_LIMIT,
      reachWeights: sixOf((i) => Math.abs(KELLET_INPUTS[i]!) * gain),
      reachHorizons: sixOf((i) => 1 / (1 - Math.abs(KELLET_POLES[i]!))),
      directReach: (Math.abs(KELLET_DIRECT) + Math.abs(KELLET_DELAYED)) * gain,
    },
  };
}

/** One sample of Kellet's refined filter for `white`, unscaled (RMS about 3.6× the input's). */
export function pinkStep(f: PinkFilter, white: number): number {
  const p = KELLET_POLES;
  const k = KELLET_INPUTS;
  f.b0 = p[0] * f.b0 + white * k[0];
  f.b1 = p[1] * f.b1 + white * k[1];
  f.b2 = p[2] * f.b2 + white * k[2];
  f.b3 = p[3] * f.b3 + white * k[3];
  f.b4 = p[4] * f.b4 + white * k[4];
  f.b5 = p[5] * f.b5 + white * k[5];
  const y = f.b0 + f.b1 + f.b2 + f.b3 + f.b4 + f.b5 + f.b6 + white * KELLET_DIRECT;
  f.b6 = white * KELLET_DELAYED;
  return y;
}

/**
 * Whether any of the next `length` samples could pass the limit, from the state alone: the sum of
 * the sections' states plus the most the input can add to each in that time. At Lull's gain a
 * 128-sample block is clear unless the states sum to more than ≈ 0.22 (about 5 σ), so the loop
 * itself never tests a sample; a 4096-sample fallback block always takes the clamp pass.
 */
function mayExceed(state: PinkState, length: number): boolean {
  const c = state.constants;
  const w = c.reachWeights;
  const h = c.reachHorizons;
  const states = Math.abs(state.b0) + Math.abs(state.b1) + Math.abs(state.b2) + Math.abs(state.b3) + Math.abs(state.b4) + Math.abs(state.b5) + Math.abs(state.b6);
  const input =
    w[0] * Math.min(length, h[0]) + w[1] * Math.min(length, h[1]) + w[2] * Math.min(length, h[2]) +
    w[3] * Math.min(length, h[3]) + w[4] * Math.min(length, h[4]) + w[5] * Math.min(length, h[5]);
  return states + input + c.directReach > c.limit;
}

/**
 * Fills `out[start, end)`; allocates nothing. Kellet's filter as in `pinkStep`, fed the PRNG's
 * int32 with the output gain folded into the input weights (no white sample is formed), with the
 * filter state in locals (object property writes per sample cost 4× the arithmetic), every
 * constant in a register (see PinkConstants) and no test per sample (see mayExceed).
 */
export function renderPink(state: PinkState, out: Float32Array, start = 0, end = out.length): void {
  const { poles, inputs, direct, delayed, limit } = state.constants;
  // Indexed, not destructured: array destructuring goes through an iterator.
  const p0 = poles[0], p1 = poles[1], p2 = poles[2], p3 = poles[3], p4 = poles[4], p5 = poles[5];
  const k0 = inputs[0], k1 = inputs[1], k2 = inputs[2], k3 = inputs[3], k4 = inputs[4], k5 = inputs[5];
  const clamp = mayExceed(state, end - start);
  let s = state.prng.s | 0;
  let b0 = state.b0;
  let b1 = state.b1;
  let b2 = state.b2;
  let b3 = state.b3;
  let b4 = state.b4;
  let b5 = state.b5;
  let b6 = state.b6;
  for (let i = start; i < end; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    b0 = p0 * b0 + s * k0;
    b1 = p1 * b1 + s * k1;
    b2 = p2 * b2 + s * k2;
    b3 = p3 * b3 + s * k3;
    b4 = p4 * b4 + s * k4;
    b5 = p5 * b5 + s * k5;
    out[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + s * direct;
    b6 = s * delayed;
  }
  if (clamp) clampBlock(out, start, end, limit);
  state.prng.s = s >>> 0;
  state.b0 = b0;
  state.b1 = b1;
  state.b2 = b2;
  state.b3 = b3;
  state.b4 = b4;
  state.b5 = b5;
  state.b6 = b6;
}
