/**
 * A windowed-sinc resampler for whole recordings (issue 41): an import decodes a file at its own rate and the import
 * worker brings it to 48 kHz here, off the main thread, where Chromium's decodeAudioData would resample on it.
 * Pure: arrays in, arrays out.
 *
 * Each output sample is the sum of TAPS input samples under a Kaiser-windowed sinc whose cutoff sits at ROLLOFF of
 * the lower of the two Nyquist frequencies. Rates in a small ratio (44.1 → 48 kHz is 147 : 160) use an exact
 * polyphase table, one kernel per output phase; others interpolate between 512 tabulated phases.
 */

/** Input samples each output sample is computed from (at 1:1; widened when the rate goes down). */
const TAPS = 32;
/** The cutoff as a fraction of the lower Nyquist frequency (44.1 kHz in: 19.8 kHz; flat within 0.05 dB to 17 kHz). */
const ROLLOFF = 0.9;
/** Kaiser window's β: about 75 dB of stopband with 32 taps. */
const BETA = 7.5;
const MAX_EXACT_PHASES = 1024;
const TABLE_PHASES = 512;

/** Zeroth-order modified Bessel function of the first kind (the Kaiser window's), by its series. */
function bessel0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

const greatestDivisor = (a: number, b: number): number => (b === 0 ? a : greatestDivisor(b, a % b));

interface Kernel {
  /** Input samples per kernel. */
  taps: number;
  /** Kernel for phase p (0..phases) at [p * taps, (p + 1) * taps): weights of input samples floor(t) - taps/2 + 1 + j. */
  table: Float32Array;
  phases: number;
}

/** The kernels at `phases` + 1 evenly spaced fractional positions (the last equals the first, one sample on). */
function kernels(fromRate: number, toRate: number, phases: number): Kernel {
  // Going down, the cutoff follows the output's Nyquist and the kernel widens in input samples to keep its shape.
  const scale = Math.min(1, toRate / fromRate);
  const cutoff = ROLLOFF * scale;
  // A multiple of 4 (resampleSinc sums four products at a time).
  const taps = 4 * Math.ceil(TAPS / 4 / scale);
  const half = taps / 2;
  const table = new Float32Array((phases + 1) * taps);
  const norm = bessel0(BETA);
  for (let p = 0; p <= phases; p++) {
    const frac = p / phases;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      // Distance from the output's position to input sample floor(t) - half + 1 + j.
      const x = j - half + 1 - frac;
      const r = x / half;
      const window = Math.abs(r) >= 1 ? 0 : bessel0(BETA * Math.sqrt(1 - r * r)) / norm;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
      const w = cutoff * sinc * window;
      table[p * taps + j] = w;
      sum += w;
    }
    // Unity gain at DC for every phase: no ripple from the table's own rounding.
    for (let j = 0; j < taps; j++) table[p * taps + j]! /= sum;
  }
  return { taps, table, phases };
}

/** `input` (one channel at `fromRate`) at `toRate`: round(length × toRate / fromRate) samples. */
export function resampleSinc(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input.slice();
  const length = Math.round((input.length * toRate) / fromRate);
  const out = new Float32Array(length);
  const divisor = greatestDivisor(fromRate, toRate);
  const outStep = toRate / divisor;
  const exact = outStep <= MAX_EXACT_PHASES;
  const { taps, table, phases } = kernels(fromRate, toRate, exact ? outStep : TABLE_PHASES);
  const half = taps / 2;
  const inStep = fromRate / divisor;
  const n = input.length;
  const weights = new Float32Array(taps);
  for (let k = 0; k < length; k++) {
    // The output's position in input samples, as an integer part and a phase, without drift over hours.
    const whole = Math.floor((k * inStep) / outStep);
    const phase = (k * inStep) % outStep;
    const first = whole - half + 1;
    let row: number;
    let kernel = table;
    if (exact) {
      row = phase * taps;
    } else {
      const position = (phase / outStep) * phases;
      const p = Math.floor(position);
      const a = position - p;
      for (let j = 0; j < taps; j++) weights[j] = table[p * taps + j]! + a * (table[(p + 1) * taps + j]! - table[p * taps + j]!);
      kernel = weights;
      row = 0;
    }
    let acc = 0;
    if (first >= 0 && first + taps <= n) {
      // Four products at a time: the interior, where nearly all the work is.
      let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
      for (let j = 0; j < taps; j += 4) {
        a0 += input[first + j]! * kernel[row + j]!;
        a1 += input[first + j + 1]! * kernel[row + j + 1]!;
        a2 += input[first + j + 2]! * kernel[row + j + 2]!;
        a3 += input[first + j + 3]! * kernel[row + j + 3]!;
      }
      acc = a0 + a1 + a2 + a3;
    } else {
      // Near the ends the kernel reaches past the recording: nothing is there.
      for (let j = 0; j < taps; j++) {
        const i = first + j;
        if (i >= 0 && i < n) acc += input[i]! * kernel[row + j]!;
      }
    }
    out[k] = acc;
  }
  return out;
}
