import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addListeningTime,
  createStatsStore,
  flushListeningStats,
  incrementSessionCount,
  parseListeningStats,
  plainStats,
  startStatsStore,
  STATS_WRITE_MS,
  statsKey,
} from '../../../src/stores/stats-store';
import { subscribe } from 'valtio/vanilla';

const KEY = 'listeningPreferences';
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as Record<string, { totalMinutes: number; sessionCount: number }> | null;

describe('listening stats store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keys are the lower-cased title with spaces turned into hyphens', () => {
    expect(statsKey('Ocean')).toBe('ocean');
    expect(statsKey('Deep Blue Sea')).toBe('deep-blue-sea');
  });

  it('converts older data holding a list of sessions and keeps every other field', () => {
    localStorage.setItem(KEY, JSON.stringify({ rain: { totalMinutes: 3.456, sessions: [{}, {}, {}], favourite: true }, ocean: { totalMinutes: 1, sessionCount: 5 }, version: 2 }));
    const store = createStatsStore({ persist: false });
    expect(store.tracks.rain).toMatchObject({ totalMinutes: 3.46, sessionCount: 3, favourite: true });
    expect(store.tracks.ocean).toMatchObject({ totalMinutes: 1, sessionCount: 5 });
    expect({ ...store.extras }).toEqual({ version: 2 });
  });

  it('SPEC 3: older lists of sessions (sessions, listeningSessions) become sessionCount on load, and the stored entry is rewritten so', () => {
    localStorage.setItem(KEY, JSON.stringify({ ocean: { totalMinutes: 2, sessions: [1, 2, 3] }, rain: { totalMinutes: 1, listeningSessions: [{}, {}] }, wind: { totalMinutes: 4, sessionCount: 7 } }));
    const store = createStatsStore({ initial: {}, persist: false });
    startStatsStore(store);
    // Rewritten at load, before anything plays.
    expect(stored()).toEqual({ ocean: { totalMinutes: 2, sessionCount: 3 }, rain: { totalMinutes: 1, sessionCount: 2 }, wind: { totalMinutes: 4, sessionCount: 7 } });
    expect(plainStats(store)).toEqual(stored());
    // A lossless conversion, not corrupt data: nothing kept aside.
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBeNull();
  });

  it('SPEC 4: the global adds 1 to a track\'s sessionCount and writes it at once (by key or by title)', () => {
    localStorage.setItem(KEY, JSON.stringify({ ocean: { totalMinutes: 2, sessionCount: 1 } }));
    const store = createStatsStore();
    incrementSessionCount('ocean', store);
    expect(stored()?.ocean?.sessionCount).toBe(2);
    incrementSessionCount('Deep Blue', store);
    expect(stored()?.['deep-blue']?.sessionCount).toBe(1);
  });

  it('a write re-renders only the tracks it changed: unchanged entries are not removed and re-added every few seconds', () => {
    localStorage.setItem(KEY, JSON.stringify({ ocean: { totalMinutes: 2, sessionCount: 1 }, river: { totalMinutes: 5, sessionCount: 2, note: 'x' } }));
    const store = createStatsStore();
    const touched: string[] = [];
    subscribe(store, (ops) => ops.forEach((op) => touched.push(`${op[0]} ${op[1].join('.')}`)), true);
    const river = store.tracks.river;
    addListeningTime('ocean', 60_000, store);
    touched.length = 0;
    flushListeningStats(store);
    expect(touched.filter((op) => op.includes('river'))).toEqual([]);
    expect(touched.filter((op) => op.startsWith('delete'))).toEqual([]);
    expect(store.tracks.river).toBe(river);
    expect(store.tracks.ocean?.totalMinutes).toBe(3);
  });

  it('writes at most every few seconds, then fires listening-preferences-update with the stats', () => {
    const store = createStatsStore();
    const details: unknown[] = [];
    const listener = (event: Event) => details.push((event as CustomEvent).detail);
    window.addEventListener('listening-preferences-update', listener);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    incrementSessionCount('ocean', store);
    for (let second = 0; second < 60; second++) {
      addListeningTime('ocean', 1000, store);
      vi.advanceTimersByTime(1000);
    }
    window.removeEventListener('listening-preferences-update', listener);
    // The new session at once, then a minute of one-second ticks: 12 writes, not 60.
    expect(setItem.mock.calls.filter(([key]) => key === KEY)).toHaveLength(1 + 60_000 / STATS_WRITE_MS);
    expect(stored()).toEqual({ ocean: { totalMinutes: 1, sessionCount: 1 } });
    expect(details.at(-1)).toEqual(stored());
    expect(store.tracks.ocean).toMatchObject({ totalMinutes: 1, sessionCount: 1 });
  });

  it('writes on pagehide and when the page is hidden, so nothing is lost when the tab closes', () => {
    const store = createStatsStore();
    addListeningTime('rain', 30_000, store);
    incrementSessionCount('rain', store);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual({ rain: { totalMinutes: 0.5, sessionCount: 1 } });
    addListeningTime('rain', 30_000, store);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(stored()).toEqual({ rain: { totalMinutes: 1, sessionCount: 1 } });
  });

  it('two tabs add up: each adds its own listening to what is stored, and shows the other tab\'s writes', () => {
    const tabA = createStatsStore();
    const tabB = createStatsStore();
    incrementSessionCount('ocean', tabA);
    addListeningTime('ocean', 60_000, tabA);
    flushListeningStats(tabA);
    // Tab B never heard of tab A's minute (no storage event yet): its write must not erase it.
    incrementSessionCount('ocean', tabB);
    addListeningTime('ocean', 120_000, tabB);
    addListeningTime('rain', 6_000, tabB);
    flushListeningStats(tabB);
    expect(stored()).toEqual({ ocean: { totalMinutes: 3, sessionCount: 2 }, rain: { totalMinutes: 0.1, sessionCount: 0 } });
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(tabA.tracks.ocean).toMatchObject({ totalMinutes: 3, sessionCount: 2 });
    // Unwritten time stays on top of the other tab's totals.
    addListeningTime('ocean', 30_000, tabA);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(tabA.tracks.ocean?.totalMinutes).toBe(3.5);
  });

  it('writes only whole hundredths of a minute and carries the rest, so frequent writes never lose time', () => {
    const store = createStatsStore();
    for (let n = 0; n < 600; n++) {
      addListeningTime('wind', 100, store); // a tenth of a second
      if (n % 3 === 0) flushListeningStats(store);
    }
    flushListeningStats(store);
    expect(stored()?.wind?.totalMinutes).toBe(1);
  });

  it('writes nothing while empty', () => {
    const store = createStatsStore();
    flushListeningStats(store);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps top-level extras when writing', () => {
    localStorage.setItem(KEY, JSON.stringify({ note: 'x', ocean: { totalMinutes: 0, sessionCount: 0 } }));
    const store = createStatsStore();
    incrementSessionCount('ocean', store);
    flushListeningStats(store);
    expect(stored()).toEqual({ note: 'x', ocean: { totalMinutes: 0, sessionCount: 1 } });
  });

  it('logs a load failure with the SPEC message and keeps the unreadable value aside', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(KEY, '{not json');
    const store = createStatsStore({ persist: false });
    expect(plainStats(store)).toEqual({});
    expect(error).toHaveBeenCalledWith('Error loading listening preferences:', expect.anything());
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe('{not json');
    expect(parseListeningStats('[1,2]')).toBeUndefined();
  });

  it('a failing write logs the SPEC message once (not every few seconds), fires no event, and keeps the time for later', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const setItem = Storage.prototype.setItem;
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const listener = vi.fn();
    window.addEventListener('listening-preferences-update', listener);
    const store = createStatsStore();
    for (let second = 0; second < 120; second++) {
      addListeningTime('ocean', 1000, store);
      vi.advanceTimersByTime(1000);
    }
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Error saving listening preferences:', expect.any(DOMException));
    expect(listener).not.toHaveBeenCalled();
    full.mockImplementation(function (this: Storage, key: string, value: string) {
      setItem.call(this, key, value);
    });
    vi.advanceTimersByTime(STATS_WRITE_MS);
    window.removeEventListener('listening-preferences-update', listener);
    expect(stored()?.ocean?.totalMinutes).toBe(2);
    expect(listener).toHaveBeenCalled();
  });

  it('keeps odd per-track values (a string, a negative count) aside instead of silently zeroing them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const raw = JSON.stringify({ a: { totalMinutes: 'lots', sessionCount: -3 }, c: { totalMinutes: '12.5', sessionCount: 2 }, b: 7 });
    localStorage.setItem(KEY, raw);
    const store = createStatsStore();
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('listeningPreferences.corrupt'));
    expect(store.tracks.a).toMatchObject({ totalMinutes: 0, sessionCount: 0 });
    // A number written as a string is read as that number.
    expect(store.tracks.c).toMatchObject({ totalMinutes: 12.5, sessionCount: 2 });
    expect({ ...store.extras }).toEqual({ b: 7 });
    // Well-formed data keeps nothing aside.
    localStorage.clear();
    localStorage.setItem(KEY, JSON.stringify({ a: { totalMinutes: 1.5, sessionCount: 2 } }));
    createStatsStore({ persist: false });
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBeNull();
  });

  it('a stored "__proto__" key and incrementSessionCount("__proto__") stay ordinary tracks and never touch Object.prototype', () => {
    localStorage.setItem(KEY, '{"__proto__":{"totalMinutes":5,"sessionCount":1,"polluted":true},"ocean":{"totalMinutes":1,"sessionCount":1}}');
    const store = createStatsStore();
    incrementSessionCount('__proto__', store);
    incrementSessionCount('constructor', store);
    addListeningTime('__proto__', 60_000, store);
    flushListeningStats(store);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).sessionCount).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('totalMinutes');
    const written = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(written, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(written, '__proto__')?.value).toMatchObject({ totalMinutes: 6, sessionCount: 2, polluted: true });
    expect(written.constructor).toMatchObject({ totalMinutes: 0, sessionCount: 1 });
    expect(written.ocean).toEqual({ totalMinutes: 1, sessionCount: 1 });
  });
});

describe('start-up', () => {
  it('importing the store reads nothing; startStatsStore shows the stored stats and persists this tab from then on', async () => {
    localStorage.setItem('listeningPreferences', JSON.stringify({ ocean: { totalMinutes: 12, sessionCount: 3 } }));
    vi.resetModules();
    const fresh = await import('../../../src/stores/stats-store');
    expect(fresh.totalMinutesOf('ocean')).toBe(0);
    fresh.startStatsStore();
    expect(fresh.totalMinutesOf('ocean')).toBe(12);
    fresh.incrementSessionCount('ocean');
    fresh.flushListeningStats(fresh.statsStore);
    expect(JSON.parse(localStorage.getItem('listeningPreferences') ?? '{}').ocean.sessionCount).toBe(4);
  });
});
