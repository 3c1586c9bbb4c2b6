import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createStatsStore,
  incrementSessionCount,
  parseListeningStats,
  plainStats,
  saveListeningStats,
  setTotalMinutes,
  statsKey,
} from '../../src/stores/stats-store';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('listening stats store', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keys are the lower-cased title with spaces turned into hyphens', () => {
    expect(statsKey('Ocean')).toBe('ocean');
    expect(statsKey('Deep Blue Sea')).toBe('deep-blue-sea');
  });

  it('converts older data holding a list of sessions and keeps every other field', () => {
    localStorage.setItem(
      'listeningPreferences',
      JSON.stringify({ rain: { totalMinutes: 3.456, sessions: [{}, {}, {}], favourite: true }, ocean: { totalMinutes: 1, sessionCount: 5 }, version: 2 }),
    );
    const store = createStatsStore({ persist: false });
    expect(store.tracks.rain).toMatchObject({ totalMinutes: 3.46, sessionCount: 3, favourite: true });
    expect(store.tracks.ocean).toMatchObject({ totalMinutes: 1, sessionCount: 5 });
    expect(store.extras).toEqual({ version: 2 });
  });

  it('writes whenever non-empty, then fires listening-preferences-update with the stats', async () => {
    const store = createStatsStore();
    const details: unknown[] = [];
    const listener = (event: Event) => details.push((event as CustomEvent).detail);
    window.addEventListener('listening-preferences-update', listener);
    incrementSessionCount('ocean', store);
    setTotalMinutes('ocean', 0.016666, store);
    await flush();
    window.removeEventListener('listening-preferences-update', listener);
    const stored = JSON.parse(localStorage.getItem('listeningPreferences') ?? 'null');
    expect(stored).toEqual({ ocean: { totalMinutes: 0.02, sessionCount: 1 } });
    expect(details.at(-1)).toEqual(stored);
    expect(details).toHaveLength(1);
  });

  it('writes nothing while empty', () => {
    saveListeningStats({});
    expect(localStorage.getItem('listeningPreferences')).toBeNull();
  });

  it('keeps top-level extras when writing', async () => {
    localStorage.setItem('listeningPreferences', JSON.stringify({ note: 'x', ocean: { totalMinutes: 0, sessionCount: 0 } }));
    const store = createStatsStore();
    incrementSessionCount('ocean', store);
    await flush();
    expect(JSON.parse(localStorage.getItem('listeningPreferences') ?? 'null')).toEqual({ note: 'x', ocean: { totalMinutes: 0, sessionCount: 1 } });
  });

  it('logs a load failure with the SPEC message and keeps the unreadable value aside', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('listeningPreferences', '{not json');
    const store = createStatsStore({ persist: false });
    expect(plainStats(store)).toEqual({});
    expect(error).toHaveBeenCalledWith('Error loading listening preferences:', expect.anything());
    expect(localStorage.getItem('listeningPreferences.corrupt')).toBe('{not json');
    expect(parseListeningStats('[1,2]')).toBeUndefined();
  });

  it('logs a save failure with the SPEC message and fires no event', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const listener = vi.fn();
    window.addEventListener('listening-preferences-update', listener);
    saveListeningStats({ ocean: { totalMinutes: 1, sessionCount: 1 } });
    window.removeEventListener('listening-preferences-update', listener);
    expect(error).toHaveBeenCalledWith('Error saving listening preferences:', expect.any(DOMException));
    expect(listener).not.toHaveBeenCalled();
  });

  it('ignores nonsense numbers in stored data', () => {
    const parsed = parseListeningStats(JSON.stringify({ a: { totalMinutes: 'lots', sessionCount: -3 }, b: 7 }));
    expect(parsed?.tracks.a).toMatchObject({ totalMinutes: 0, sessionCount: 0 });
    expect(parsed?.extras).toEqual({ b: 7 });
  });
});
