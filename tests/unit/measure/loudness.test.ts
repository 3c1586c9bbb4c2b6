// @vitest-environment node
/**
 * The meter every audit verdict rests on (BS.1770-4 / EBU R128), against signals whose loudness
 * and true peak are known: EBU Tech 3341's sine cases and an inter-sample peak.
 */
import { describe, expect, it } from 'vitest';
import { integratedLoudness, loudnessRange, truePeakDb } from '../../../measure/loudness.ts';

const RATE = 48000;
const sine = (hz: number, dbfs: number, seconds: number, phase = 0): Float32Array => {
  const amplitude = 10 ** (dbfs / 20);
  return Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE + phase));
};

describe('studio loudness meter', () => {
  it('reads a full-scale 997 Hz sine in one channel as −3.01 LUFS', () => {
    expect(integratedLoudness([sine(997, 0, 10)], RATE)).toBeCloseTo(-3.01, 1);
  });

  it('reads EBU Tech 3341 case 1 (stereo 1 kHz at −23 dBFS) as −23 LUFS, and case 2 (−33 dBFS) as −33', () => {
    const quiet = sine(1000, -23, 20);
    expect(integratedLoudness([quiet, quiet], RATE)).toBeCloseTo(-23, 1);
    const quieter = sine(1000, -33, 20);
    expect(integratedLoudness([quieter, quieter], RATE)).toBeCloseTo(-33, 1);
  });

  it('gates silence out: a tone with silent stretches reads like the tone alone', () => {
    const tone = sine(1000, -23, 10);
    const gappy = new Float32Array(tone.length * 2);
    gappy.set(tone, 0);
    // Within 0.1 LU: the few 400 ms blocks that straddle the edge count, slightly quieter.
    expect(Math.abs(integratedLoudness([gappy, gappy], RATE) + 23)).toBeLessThan(0.1);
  });

  it('gives a steady tone a loudness range near 0 LU, and two levels 10 dB apart about 10 LU', () => {
    const steady = sine(1000, -20, 30);
    expect(loudnessRange([steady, steady], RATE)).toBeLessThan(0.5);
    const steps = new Float32Array(60 * RATE);
    steps.set(sine(1000, -20, 30), 0);
    steps.set(sine(1000, -30, 30), 30 * RATE);
    expect(loudnessRange([steps, steps], RATE)).toBeGreaterThan(8.5);
    expect(loudnessRange([steps, steps], RATE)).toBeLessThan(10.5);
  });

  it('finds the true peak between samples: a quarter-rate sine sampled at ±45° peaks 3 dB above its samples', () => {
    const x = sine(RATE / 4, 0, 1, Math.PI / 4); // samples are ±0.707, the waveform reaches ±1
    const samplePeakDb = 20 * Math.log10(Math.max(...x.map(Math.abs)));
    expect(samplePeakDb).toBeCloseTo(-3.01, 1);
    expect(truePeakDb([x], false)).toBeGreaterThan(-0.6);
    expect(truePeakDb([x], false)).toBeLessThan(0.1);
  });
});
