// @vitest-environment node
/**
 * The walk through a soundscape's segments (issue 22, "never repeats"): what a listener would notice is a segment
 * played twice in a row, an order that comes round again (a period), a different walk each time it is replayed
 * with the same seed (a test could not reproduce a night), and a dip or bump in level at a join.
 */
import { describe, expect, it } from 'vitest';
import { createWalk, equalPowerGains, segmentAt, segmentGain, segmentsOf } from '../../../../src/engine/soundscape/segment-walk';
import { seededRandom } from '../../../../src/lib/seeded-random';
import { OCEAN_WALK_ORDER, OCEAN_WALK_RANDOM } from '../../../fixtures/ocean-walk';

const walkOf = (count: number, seed: number, steps: number) => {
  const next = createWalk(count, seed);
  const out = [0];
  for (let i = 1; i < steps; i++) out.push(next(out[i - 1] ?? 0));
  return out;
};

describe('the segment walk', () => {
  it('is the same walk for the same seed and another for another seed', () => {
    expect(walkOf(9, 42, 200)).toEqual(walkOf(9, 42, 200));
    expect(walkOf(9, 43, 200)).not.toEqual(walkOf(9, 42, 200));
  });

  it('never plays a segment twice in a row, and plays every segment', () => {
    for (const count of [2, 3, 6, 10]) {
      const walk = walkOf(count, 7, 1000);
      for (let i = 1; i < walk.length; i++) expect(walk[i]).not.toBe(walk[i - 1]);
      expect(new Set(walk).size).toBe(count);
      expect(walk.every((s) => s >= 0 && s < count)).toBe(true);
    }
  });

  it('has no period over 1000 steps', () => {
    for (const seed of [1, 2, 3]) {
      const walk = walkOf(8, seed, 1000);
      for (let period = 1; period <= 500; period++) {
        const repeats = walk.every((s, i) => i + period >= walk.length || walk[i + period] === s);
        expect(repeats, `period ${period}`).toBe(false);
      }
    }
  });

  it('spreads its choices evenly (each next segment about equally likely)', () => {
    const walk = walkOf(6, 11, 6000);
    const counts = Array.from({ length: 6 }, (_, k) => walk.filter((s) => s === k).length);
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it("the engines suite's Ocean walk: the seed drawn from its Math.random turns 9 → 5 first (issue 40)", () => {
    const next = createWalk(10, Math.floor(OCEAN_WALK_RANDOM * 2 ** 32));
    const order = [9];
    while (order.length < OCEAN_WALK_ORDER.length) order.push(next(order.at(-1)!));
    expect(order).toEqual(OCEAN_WALK_ORDER);
  });

  it('the seeded generator is uniform in [0, 1)', () => {
    const random = seededRandom(5);
    const values = Array.from({ length: 10_000 }, random);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((a, b) => a + b) / values.length).toBeCloseTo(0.5, 1);
  });
});

describe('the equal-power crossfade', () => {
  it('keeps the power of the two sides at every point (out² + in² = 1), from all out to all in', () => {
    for (let u = 0; u <= 1; u += 0.01) {
      const g = equalPowerGains(u);
      expect(g.out ** 2 + g.in ** 2).toBeCloseTo(1, 12);
    }
    expect(equalPowerGains(0)).toEqual({ out: 1, in: 0 });
    expect(equalPowerGains(1).out).toBeCloseTo(0, 12);
    expect(equalPowerGains(0.5).in).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('a segment rises over its first crossfade and falls over its last; the overlap of two keeps equal power', () => {
    const length = 1000;
    const x = 100;
    expect(segmentGain(0, length, x, true)).toBe(0);
    expect(segmentGain(0, length, x, false)).toBe(1);
    expect(segmentGain(500, length, x, true)).toBe(1);
    // The outgoing segment's offset length − x + t plays with the incoming one's offset t.
    for (let t = 0; t <= x; t += 5) {
      const out = segmentGain(length - x + t, length, x, true);
      const inc = segmentGain(t, 700, x, true);
      expect(out ** 2 + inc ** 2).toBeCloseTo(1, 12);
    }
  });
});

describe('segments of the file', () => {
  it('run between boundaries, the last over the file end, and find where a position is', () => {
    const segments = segmentsOf([100, 400, 800], 1000);
    expect(segments).toEqual([{ start: 100, length: 300 }, { start: 400, length: 400 }, { start: 800, length: 300 }]);
    expect(segmentAt(segments, 1000, 100)).toBe(0);
    expect(segmentAt(segments, 1000, 799)).toBe(1);
    expect(segmentAt(segments, 1000, 950)).toBe(2);
    expect(segmentAt(segments, 1000, 50)).toBe(2);
  });
});
