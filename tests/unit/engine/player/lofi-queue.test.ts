import { describe, expect, it } from 'vitest';
import { createLofiQueue, createLofiRadio, shuffle } from '../../../../src/engine/player/lofi-queue';
import { createOfflineStore, markCached } from '../../../../src/stores/offline-store';
import { createPlayerStore, playSound, reportLoadError, reportPlaying } from '../../../../src/stores/player-store';
import { seededRandom as seeded } from '../../../../src/lib/seeded-random';

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

describe('lofi queue: songs that cannot play', () => {
  const lofi = [13, 14, 15, 16, 17];

  it('passes over songs that cannot play, across the end of a round (wrap-around), and never repeats the current one', () => {
    const queue = createLofiQueue(lofi, seeded(11));
    const playable = new Set([14, 16]);
    let current = 14;
    const heard: number[] = [];
    for (let i = 0; i < 30; i++) {
      const next = queue.next(current, (index) => playable.has(index))!;
      heard.push(next);
      current = next;
    }
    // Only the two playable songs, taking turns, rounds after rounds.
    expect(heard).toEqual(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 16 : 14)));
  });

  it('nothing playable but the current song (or nothing at all): undefined', () => {
    const queue = createLofiQueue(lofi, seeded(5));
    expect(queue.next(15, (index) => index === 15)).toBeUndefined();
    expect(queue.next(15, () => false)).toBeUndefined();
    expect(createLofiQueue([20]).next(20, () => false)).toBeUndefined();
    // The queue still works once something can play again.
    expect(queue.next(15, (index) => index === 17)).toBe(17);
  });
});

describe('lofi radio over the stores', () => {
  const flush = async () => {
    for (let i = 0; i < 3; i++) await Promise.resolve();
  };

  it('offline: from one saved song to the other, never to an unsaved one; with none else it stops and says why', () => {
    const store = createPlayerStore({ reversed: false });
    const offline = createOfflineStore(false);
    markCached(15, '/media/chill.mp3', offline);
    markCached(20, '/media/deep.mp3', offline);
    const radio = createLofiRadio({ store, offline, random: seeded(3) });
    playSound(15, {}, store);
    const heard: number[] = [];
    for (let i = 0; i < 6; i++) {
      radio.playAfter(store.currentIndex!);
      heard.push(store.currentIndex!);
      expect(store).toMatchObject({ status: 'loading', intent: 'play', reachedBy: 'radio' });
    }
    expect(heard).toEqual([20, 15, 20, 15, 20, 15]);
    // Deep removed from the device: after Chill nothing else can play.
    offline.cachedSoundIds = [15];
    radio.playAfter(15);
    expect(store).toMatchObject({ currentIndex: 15, status: 'paused', intent: 'pause' });
    expect(offline.status?.message).toBe('Nothing else to play offline: no other lofi song is saved on this device');
    radio.dispose();
  });

  it('online: a song the radio picked that fails to load is passed over, and the radio goes on', async () => {
    const store = createPlayerStore({ reversed: false });
    const offline = createOfflineStore(true);
    const radio = createLofiRadio({ store, offline, random: () => 0 });
    playSound(15, {}, store);
    reportPlaying(store);
    radio.playAfter(15);
    // random() = 0 shuffles [13,14,16,...,23] to [14,16,...,23,13]: 14 comes first.
    expect(store.currentIndex).toBe(14);
    reportLoadError(store, offline);
    await flush();
    expect(store).toMatchObject({ currentIndex: 16, status: 'loading', intent: 'play', reachedBy: 'radio', failedSounds: [14] });
    // A song the user picked that fails is left alone (SPEC 4).
    playSound(18, {}, store);
    reportLoadError(store, offline);
    await flush();
    expect(store).toMatchObject({ currentIndex: 18, status: 'paused', failedSounds: [14, 18] });
    radio.dispose();
  });

  it('online, every song fails: the radio stops at the last one and says why', async () => {
    const store = createPlayerStore({ reversed: false });
    const offline = createOfflineStore(true);
    const radio = createLofiRadio({ store, offline, random: seeded(9) });
    playSound(13, {}, store);
    radio.playAfter(13);
    const tried = new Set<number>();
    for (let i = 0; i < 20 && store.status === 'loading'; i++) {
      tried.add(store.currentIndex!);
      reportLoadError(store, offline);
      await flush();
    }
    // Every lofi song was tried once (13 too, once the others had failed), then nothing was left.
    expect(tried.size).toBe(11);
    expect(store).toMatchObject({ status: 'paused', intent: 'pause' });
    expect(offline.status?.message).toBe('Nothing else to play: no other lofi song could be loaded');
    radio.dispose();
  });
});
