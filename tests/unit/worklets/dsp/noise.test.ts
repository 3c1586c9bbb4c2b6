// @vitest-environment node
/**
 * Accuracy of the noise kernels in Node: spectra in third-octave bands (Welch), level matching,
 * headroom and DC drift, at 44.1 and 48 kHz. The Chromium side (tests/e2e/noise.spec.ts) checks
 * that the real processors produce these same samples.
 */
import { describe, expect, it } from 'vitest';
import { fitSlope, flatness, kWeightedLoudness, kWeightingDesign, peakAbs, rms, thirdOctaveBands, welchPsd, windowMeans } from '../../../../measure/analysis.ts';
import { createBrownState, renderBrown } from '../../../../worklets/dsp/brown.ts';
import { NOISE_SAFETY_LIMIT } from '../../../../worklets/dsp/levels.ts';
import { createNoiseState, NOISE_SEEDS, renderNoise, type NoiseColour } from '../../../../worklets/dsp/noise.ts';
import { createPinkState, renderPink } from '../../../../worklets/dsp/pink.ts';

const RATES = [44100, 48000] as const;
const COLOURS: NoiseColour[] = ['white', 'pink', 'brown'];
/** ≈ 6 minutes: enough averaging that the 20 Hz band's estimate is good to about ±0.1 dB. */
const SPECTRUM_SAMPLES = 1 << 24;
const FFT_SIZE = 1 << 16;
const SLOW = 180_000;

function render(colour: NoiseColour, sampleRate: number, length: number, seed: number = NOISE_SEEDS[0]): Float32Array {
  const x = new Float32Array(length);
  renderNoise(createNoiseState(colour, seed, sampleRate), x);
  return x;
}

/** Largest |mean| over one-minute windows: drift, not the 5–10 Hz content (which averages out). */
function maxMinuteMean(x: Float32Array, sampleRate: number): number {
  return Math.max(...windowMeans(x, sampleRate * 60).map(Math.abs));
}
/** −60 dBFS, under 1 % of brown's RMS. */
const BROWN_DRIFT_LIMIT = 1e-3;

function spectrum(x: Float32Array, sampleRate: number, fromHz: number, toHz: number) {
  const bands = thirdOctaveBands(welchPsd(x, FFT_SIZE), sampleRate, fromHz, toHz);
  return { bands, fit: fitSlope(bands), flatness: flatness(bands) };
}

describe.each(RATES)('noise spectra at %i Hz', (sampleRate) => {
  it('white is flat within ±0.5 dB from 20 Hz to 20 kHz', { timeout: SLOW }, () => {
    const { bands, flatness: worst, fit } = spectrum(render('white', sampleRate, SPECTRUM_SAMPLES), sampleRate, 20, 20000);
    expect(bands.length).toBe(31); // 20 Hz … 20 kHz in thirds of an octave (nominal centres)
    expect(worst).toBeLessThanOrEqual(0.5);
    expect(Math.abs(fit.slope)).toBeLessThan(0.05);
  });

  it('pink falls 3.01 ± 0.1 dB/octave from 20 Hz to 20 kHz, every band within ±0.5 dB of the fit', { timeout: SLOW }, () => {
    const { fit } = spectrum(render('pink', sampleRate, SPECTRUM_SAMPLES), sampleRate, 20, 20000);
    expect(fit.slope).toBeGreaterThanOrEqual(-3.11);
    expect(fit.slope).toBeLessThanOrEqual(-2.91);
    expect(fit.maxAbsResidual).toBeLessThanOrEqual(0.5);
  });

  it('brown falls 6.02 ± 0.2 dB/octave from 40 Hz to 16 kHz, every band within ±1 dB of the fit', { timeout: SLOW }, () => {
    const { fit } = spectrum(render('brown', sampleRate, SPECTRUM_SAMPLES), sampleRate, 40, 16000);
    expect(fit.slope).toBeGreaterThanOrEqual(-6.22);
    expect(fit.slope).toBeLessThanOrEqual(-5.82);
    expect(fit.maxAbsResidual).toBeLessThanOrEqual(1);
  });

  it('the three colours are level-matched within 1 LU, at −23 LUFS for the stereo pair', { timeout: SLOW }, () => {
    const seconds = 60;
    const loudness = COLOURS.map((colour) =>
      kWeightedLoudness(NOISE_SEEDS.map((seed) => render(colour, sampleRate, sampleRate * seconds, seed)), sampleRate),
    );
    expect(Math.max(...loudness) - Math.min(...loudness)).toBeLessThanOrEqual(1);
    for (const lufs of loudness) expect(Math.abs(lufs - -23)).toBeLessThan(0.5);
  });

  it('no colour reaches ±1 over 10 minutes, and brown does not drift', { timeout: SLOW }, () => {
    for (const colour of COLOURS) {
      const x = render(colour, sampleRate, sampleRate * 600);
      expect(peakAbs(x), colour).toBeLessThan(1);
      // Headroom, not just "no clip": at least 3 dB below full scale.
      expect(peakAbs(x), colour).toBeLessThan(Math.SQRT1_2);
      if (colour === 'brown') {
        expect(maxMinuteMean(x, sampleRate)).toBeLessThan(BROWN_DRIFT_LIMIT);
        expect(rms(x)).toBeGreaterThan(0.05);
      }
    }
  });
});

describe('noise kernels', () => {
  it('render the same samples whatever the block size (state carries over exactly)', { timeout: SLOW }, () => {
    for (const colour of COLOURS) {
      const whole = render(colour, 48000, 4096 * 3);
      const state = createNoiseState(colour, NOISE_SEEDS[0], 48000);
      const pieces = new Float32Array(whole.length);
      // 128-frame quanta, an odd block and 4096-sample ScriptProcessor blocks.
      renderNoise(state, pieces, 0, 128);
      renderNoise(state, pieces, 128, 4096);
      for (let start = 4096; start < pieces.length; start += 4096) {
        renderNoise(state, pieces.subarray(start, start + 4096));
      }
      expect(pieces).toEqual(whole);
    }
  });

  it('pink stops at the safety limit even from a state beyond it (the per-block bound, not a per-sample test)', () => {
    // A state no real session reaches: the filter alone would write samples above 1.
    for (const length of [128, 4096, 37]) {
      const state = { ...createPinkState(NOISE_SEEDS[0]), b0: 1.2 };
      const out = new Float32Array(length);
      renderPink(state, out);
      expect(peakAbs(out), `${length} samples`).toBe(Math.fround(NOISE_SAFETY_LIMIT));
    }
  });

  it('left and right seeds give uncorrelated channels', { timeout: SLOW }, () => {
    for (const colour of COLOURS) {
      const [l, r] = NOISE_SEEDS.map((seed) => render(colour, 48000, 48000 * 5, seed)) as [Float32Array, Float32Array];
      let lr = 0, ll = 0, rr = 0;
      for (let i = 0; i < l.length; i++) {
        lr += (l[i] as number) * (r[i] as number);
        ll += (l[i] as number) ** 2;
        rr += (r[i] as number) ** 2;
      }
      expect(Math.abs(lr / Math.sqrt(ll * rr)), colour).toBeLessThan(0.1);
    }
  });

  it('the slope check rejects the widely copied brown leak of 0.02', { timeout: SLOW }, () => {
    // Same kernel with the integrator corner at ≈ 150 Hz: the spectrum flattens below it.
    const state = { ...createBrownState(NOISE_SEEDS[0], 48000), integratorPole: 0.98 };
    const x = new Float32Array(1 << 22);
    renderBrown(state, x);
    const { fit } = spectrum(x, 48000, 40, 16000);
    expect(fit.slope).toBeGreaterThan(-5.82);
  });

  it('the drift check catches the same integrator without its DC blocker', { timeout: SLOW }, () => {
    const state = { ...createBrownState(NOISE_SEEDS[0], 48000), dcBlockPole: 1 };
    const x = new Float32Array(48000 * 600);
    renderBrown(state, x);
    expect(maxMinuteMean(x, 48000)).toBeGreaterThan(BROWN_DRIFT_LIMIT);
  });
});

describe('K-weighting', () => {
  it('the analog-prototype design matches the BS.1770-4 coefficients at 48 kHz', () => {
    // kWeighting(48000) is that table itself; other rates rest on this design.
    const [shelf, rlb] = kWeightingDesign(48000);
    const table = [
      [shelf.b0, 1.53512485958697], [shelf.b1, -2.69169618940638], [shelf.b2, 1.19839281085285],
      [shelf.a1, -1.69065929318241], [shelf.a2, 0.73248077421585],
      [rlb.a1, -1.99004745483398], [rlb.a2, 0.99007225036621],
    ] as const;
    for (const [got, want] of table) expect(got).toBeCloseTo(want, 7);
  });

  it('reads a 1 kHz full-scale sine at −3.01 LUFS', () => {
    const sampleRate = 48000;
    const x = new Float32Array(sampleRate * 5);
    for (let i = 0; i < x.length; i++) x[i] = Math.sin((2 * Math.PI * 997 * i) / sampleRate);
    expect(kWeightedLoudness([x], sampleRate)).toBeCloseTo(-3.01, 1);
  });
});
