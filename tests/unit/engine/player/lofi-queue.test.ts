import { describe, expect, it } from 'vitest';
import { createLofiQueue, shuffle } from '../../../../src/engine/player/lofi-queue';

/** A seeded generator (mulberry32), so the statistics below are reproducible. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Fisher–Yates shuffle', () => {
  it('returns a permutation on a copy', () => {
    const items = [1, 2, 3, 4, 5];
    const out = shuffle(items, seeded(1));
    expect([...out].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });

  it('swaps exactly as Fisher–Yates with the given random numbers', () => {
    // random() = 0 always picks j = 0: [a,b,c] -> i=2 swap(2,0) -> [c,b,a] -> i=1 swap(1,0) -> [b,c,a]
    expect(shuffle(['a', 'b', 'c'], () => 0)).toEqual(['b', 'c', 'a']);
    // random() just below 1 always picks j = i: nothing moves.
    expect(shuffle(['a', 'b', 'c'], () => 0.9999999)).toEqual(['a', 'b', 'c']);
    // A random() of exactly 1 must not index past the end.
    expect(shuffle(['a', 'b', 'c'], () => 1)).toEqual(['a', 'b', 'c']);
  });

  it('is unbiased: every permutation of 3 about equally often', () => {
    const random = seeded(42);
    const counts = new Map<string, number>();
    const runs = 60_000;
    for (let i = 0; i < runs; i++) {
      const key = shuffle([0, 1, 2], random).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Chi-square with 5 degrees of freedom; 20.5 is p = 0.001.
    const expected = runs / 6;
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(20.5);
  });
});

describe('lofi queue', () => {
  const lofi = [13, 14, 15, 16, 17];

  it('plays every other lofi track once before repeating, never the one that just ended', () => {
    const queue = createLofiQueue(lofi, seeded(7));
    let current = 13;
    const firstRound: number[] = [];
    for (let i = 0; i < 4; i++) {
      const next = queue.next(current)!;
      expect(next).not.toBe(current);
      firstRound.push(next);
      current = next;
    }
    expect([...firstRound].sort()).toEqual([14, 15, 16, 17]);
  });

  it('reshuffles without the current track when the queue runs out', () => {
    const queue = createLofiQueue(lofi, seeded(3));
    let current = 15;
    let reshuffles = 0;
    for (let i = 0; i < 200; i++) {
      const reshuffled = queue.pending.length === 0;
      const next = queue.next(current)!;
      expect(lofi).toContain(next);
      expect(next).not.toBe(current);
      if (reshuffled) {
        // The new round: every other lofi track once, the one that just ended left out.
        const round = [next, ...queue.pending];
        expect([...round].sort()).toEqual(lofi.filter((index) => index !== current).sort());
        reshuffles += 1;
      }
      current = next;
    }
    expect(reshuffles).toBeGreaterThan(40);
  });

  it('a reshuffled queue does not contain the current track', () => {
    const queue = createLofiQueue(lofi, () => 0);
    queue.next(13);
    // The fresh queue was built without 13.
    expect(queue.pending).not.toContain(13);
    expect(queue.pending).toHaveLength(3);
  });

  it('handles one and zero lofi tracks', () => {
    expect(createLofiQueue([20]).next(20)).toBe(20);
    expect(createLofiQueue([]).next(null)).toBeUndefined();
  });
});
