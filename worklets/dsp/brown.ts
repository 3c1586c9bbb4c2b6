/**
 * Brown noise: a leaky integrator of white noise with a DC-blocking high-pass.
 *
 * - The leak puts the integrator's corner at 10 Hz (leak ≈ 0.0013 at 48 kHz, 0.0014 at 44.1 kHz),
 *   not the widely copied 0.02 (a 140 Hz corner that leaves the spectrum flat below it).
 * - A one-pole high-pass at 7 Hz removes what the leak lets through at DC, so the output never
 *   drifts and no headroom goes to subsonic rumble.
 * - The digital integrator 1/(1 − z⁻¹) has |H| = 1/(2·sin(ω/2)), which rises above the ideal 1/ω
 *   towards Nyquist (+1.7 dB at 16 kHz, 48 kHz). A zero at z = −b (b = 5 − √24, which matches the
 *   ω² term of that error) cancels it: the slope stays −6.0 dB/octave to within ±0.3 dB up to 16 kHz.
 */
import { createPrng, INT32_TO_UNIT, type PrngState } from './prng.ts';
import { onePolePole } from './filters.ts';
import { clampBlock, NOISE_LOUDNESS_GAIN, NOISE_SAFETY_LIMIT } from './levels.ts';

export const BROWN_INTEGRATOR_CORNER_HZ = 10;
export const BROWN_DC_BLOCK_HZ = 7;
export const BROWN_CORRECTION_ZERO = 5 - Math.sqrt(24);

/** The integrator and DC blocker alone, for callers that bring their own white noise (the studio). */
export interface BrownFilter {
  /** 1 − leak. */
  readonly integratorPole: number;
  readonly dcBlockPole: number;
  /** Previous white sample (for the correction zero), integrator output, DC blocker input and output. */
  white1: number;
  integrator: number;
  dcIn1: number;
  dcOut1: number;
}

/** The filter (its state scaled by `gain` in `renderBrown`) plus the generator's state. */
export interface BrownState extends BrownFilter {
  readonly prng: PrngState;
  /** Output gain including the zero's normalisation and the sample-rate term. */
  readonly gain: number;
  readonly constants: BrownConstants;
}

/**
 * Constants of the render loop, read from the state so that V8 keeps them in registers (it
 * rebuilds inline double literals from immediates on every sample; see pink.ts).
 */
export interface BrownConstants {
  /** The PRNG's int32 times `scale` is white noise in [−gain, gain). */
  readonly scale: number;
  /** correctionZero × scale: the correction zero applied to the previous int32 directly. */
  readonly correctionScale: number;
  readonly limit: number;
}

export function createBrownFilter(sampleRate: number): BrownFilter {
  return {
    integratorPole: onePolePole(BROWN_INTEGRATOR_CORNER_HZ, sampleRate),
    dcBlockPole: onePolePole(BROWN_DC_BLOCK_HZ, sampleRate),
    white1: 0,
    integrator: 0,
    dcIn1: 0,
    dcOut1: 0,
  };
}

export function createBrownState(seed: number, sampleRate: number): BrownState {
  // With the corner fixed in Hz, the integrator's power per Hz grows with the sample rate:
  // the √(48 kHz / rate) term keeps the loudness the same at every rate.
  const gain = (NOISE_LOUDNESS_GAIN.brown * Math.sqrt(48000 / sampleRate)) / (1 + BROWN_CORRECTION_ZERO);
  return {
    prng: createPrng(seed),
    gain,
    ...createBrownFilter(sampleRate),
    constants: { scale: gain * INT32_TO_UNIT, correctionScale: BROWN_CORRECTION_ZERO * gain * INT32_TO_UNIT, limit: NOISE_SAFETY_LIMIT },
  };
}

/**
 * One sample of brown noise for `white`, unscaled: below the 10 Hz corner the gain levels off,
 * above it falls 6 dB/octave from 1 + BROWN_CORRECTION_ZERO times that of an ideal integrator.
 */
export function brownStep(f: BrownFilter, white: number): number {
  f.integrator = f.integratorPole * f.integrator + white + BROWN_CORRECTION_ZERO * f.white1;
  f.white1 = white;
  f.dcOut1 = f.integrator - f.dcIn1 + f.dcBlockPole * f.dcOut1;
  f.dcIn1 = f.integrator;
  return f.dcOut1;
}

/**
 * Fills `out[start, end)`; allocates nothing. The filter of `brownStep`, run on white noise that
 * already carries the output gain (the filter is linear: one multiply fewer per sample), taken
 * from the PRNG's int32 with no offset, with its state in locals and its constants in registers
 * (see BrownConstants). Unlike pink, a block-level bound cannot rule out the limit here (an
 * integrator can move 1.7 in 128 samples), so each sample is tested, with one compare.
 */
export function renderBrown(state: BrownState, out: Float32Array, start = 0, end = out.length): void {
  const { scale, correctionScale, limit } = state.constants;
  const integratorPole = state.integratorPole;
  const dcBlockPole = state.dcBlockPole;
  let s = state.prng.s | 0;
  // The previous white sample as the int32 it came from (white1 = s1 × scale).
  let s1 = Math.round(state.white1 / scale) | 0;
  let integrator = state.integrator;
  let dcIn1 = state.dcIn1;
  let dcOut1 = state.dcOut1;
  let over = false;
  for (let i = start; i < end; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    // Grouped so each recursion is one multiply and one add long (the loop's critical path).
    integrator = integratorPole * integrator + (s * scale + s1 * correctionScale);
    s1 = s;
    dcOut1 = dcBlockPole * dcOut1 + (integrator - dcIn1);
    dcIn1 = integrator;
    out[i] = dcOut1;
    if (Math.abs(dcOut1) > limit) over = true;
  }
  if (over) clampBlock(out, start, end, limit);
  state.prng.s = s >>> 0;
  state.white1 = s1 * scale;
  state.integrator = integrator;
  state.dcIn1 = dcIn1;
  state.dcOut1 = dcOut1;
}
