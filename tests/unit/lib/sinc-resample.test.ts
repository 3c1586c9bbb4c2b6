// @vitest-environment node
/**
 * The import's resampler (src/lib/sinc-resample.ts): what a listener's 44.1 kHz recording keeps at 48 kHz. Each test
 * compares with the tone as it should be at the new rate, away from the ends (the kernel reaches past them).
 */
import { describe, expect, it } from 'vitest';
import { resampleSinc } from '../../../src/lib/sinc-resample';

const tone = (hz: number, rate: number, seconds: number, phase = 0.3) => Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate + phase));

/** RMS of `actual` against a sine of `hz` at `rate`, least-squares fitted (its level and phase), away from the ends. */
function fit(actual: Float32Array, hz: number, rate: number) {
  const from = 200;
  const to = actual.length - 200;
  let ss = 0, cc = 0, sc = 0, ys = 0, yc = 0;
  for (let i = from; i < to; i++) {
    const s = Math.sin((2 * Math.PI * hz * i) / rate);
    const c = Math.cos((2 * Math.PI * hz * i) / rate);
    ss += s * s; cc += c * c; sc += s * c; ys += actual[i]! * s; yc += actual[i]! * c;
  }
  const det = ss * cc - sc * sc;
  const a = (ys * cc - yc * sc) / det;
  const b = (yc * ss - ys * sc) / det;
  let residual = 0;
  for (let i = from; i < to; i++) residual += (actual[i]! - a * Math.sin((2 * Math.PI * hz * i) / rate) - b * Math.cos((2 * Math.PI * hz * i) / rate)) ** 2;
  return { gainDb: 20 * Math.log10(Math.hypot(a, b)), residualDb: 10 * Math.log10(residual / (to - from) / 0.5) };
}

describe('resampleSinc', () => {
  it('44.1 → 48 kHz: the length follows the rates, a 1 kHz tone keeps its level (±0.01 dB) and nothing else (−70 dB)', () => {
    const out = resampleSinc(tone(1000, 44_100, 2), 44_100, 48_000);
    expect(out.length).toBe(96_000);
    const { gainDb, residualDb } = fit(out, 1000, 48_000);
    expect(Math.abs(gainDb)).toBeLessThan(0.01);
    expect(residualDb).toBeLessThan(-70);
  });

  // Chromium's own decodeAudioData resampler has the same shape (32 taps, cutoff at 0.9 of Nyquist); linear
  // interpolation, what an AudioBuffer at another rate gets, loses 4.5 dB at 17 kHz.
  it('44.1 → 48 kHz: flat within 0.05 dB to 17 kHz', () => {
    for (const hz of [100, 5000, 10_000, 15_000, 17_000]) {
      const { gainDb, residualDb } = fit(resampleSinc(tone(hz, 44_100, 1), 44_100, 48_000), hz, 48_000);
      expect(Math.abs(gainDb), `${hz} Hz`).toBeLessThan(0.05);
      expect(residualDb, `${hz} Hz`).toBeLessThan(-60);
    }
  });

  it('44.1 → 32 kHz (a kernel of 48 taps): a 20 kHz tone is gone, 5 kHz passes', () => {
    const high = resampleSinc(tone(20_000, 44_100, 1), 44_100, 32_000);
    const rms = Math.sqrt(high.slice(200, -200).reduce((sum, x) => sum + x * x, 0) / (high.length - 400));
    expect(20 * Math.log10(rms / Math.SQRT1_2)).toBeLessThan(-70);
    expect(Math.abs(fit(resampleSinc(tone(5000, 44_100, 1), 44_100, 32_000), 5000, 32_000).gainDb)).toBeLessThan(0.05);
  });

  it('96 → 48 kHz: a 30 kHz tone, above the new Nyquist, is gone (−70 dB), and 10 kHz passes', () => {
    const high = resampleSinc(tone(30_000, 96_000, 1), 96_000, 48_000);
    const rms = Math.sqrt(high.slice(200, -200).reduce((sum, x) => sum + x * x, 0) / (high.length - 400));
    expect(20 * Math.log10(rms / Math.SQRT1_2)).toBeLessThan(-70);
    expect(Math.abs(fit(resampleSinc(tone(10_000, 96_000, 1), 96_000, 48_000), 10_000, 48_000).gainDb)).toBeLessThan(0.1);
  });

  it('rates with no small ratio (22,050 → 48,000 is exact; 44,056 → 48,000 is interpolated) keep a tone clean', () => {
    for (const from of [22_050, 44_056, 32_000, 8000]) {
      const { gainDb, residualDb } = fit(resampleSinc(tone(1000, from, 1), from, 48_000), 1000, 48_000);
      expect(Math.abs(gainDb), `${from} Hz`).toBeLessThan(0.05);
      expect(residualDb, `${from} Hz`).toBeLessThan(-60);
    }
  });

  it('the same rate returns a copy; an empty input, an empty output', () => {
    const x = tone(440, 48_000, 0.01);
    const y = resampleSinc(x, 48_000, 48_000);
    expect(y).toEqual(x);
    expect(y).not.toBe(x);
    expect(resampleSinc(new Float32Array(0), 44_100, 48_000).length).toBe(0);
  });
});
