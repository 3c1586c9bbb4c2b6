// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seamMetrics } from '../e2e/output-probe';

/** Seeded noise with no exact zero in it. */
function noise(n: number): Float32Array {
  let state = 7;
  return Float32Array.from({ length: n }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32 - 0.5) * 0.2 + 1e-4;
  });
}

describe('seamMetrics: what the recorded-output tests call silence', () => {
  it('a lone exact zero (the waveform crossing zero on a sample) is no silence', () => {
    const samples = noise(48_000);
    samples[20_000] = 0;
    expect(seamMetrics(samples, 48_000).longestSilenceMs).toBe(0);
  });

  it('two exact zeros in a row are, and a dropped quantum reads as its length, at its place', () => {
    const two = noise(48_000);
    two.fill(0, 20_000, 20_002);
    expect(seamMetrics(two, 48_000).longestSilenceMs).toBeCloseTo((2 / 48_000) * 1000, 6);
    const quantum = noise(48_000);
    quantum.fill(0, 24_000, 24_128);
    const metrics = seamMetrics(quantum, 48_000);
    expect(metrics.longestSilenceMs).toBeCloseTo((128 / 48_000) * 1000, 6);
    expect(metrics.longestSilenceAtMs).toBe(500);
  });
});
