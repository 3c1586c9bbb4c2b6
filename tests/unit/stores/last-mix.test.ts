/**
 * The last mix as stored (issue 40): exactly what Lull writes reads back; anything else is not
 * guessed at but kept aside whole under 'lastMix.corrupt', and nothing is offered.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseLastMix, readLastMix, writeLastMix, type LastMix } from '../../../src/stores/last-mix';

const oceanWithRain: LastMix = { sound: 'ocean', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }], alive: true, seed: 3141592653, volume: 0.8, timer: { endsAt: 1_800_000_000_000, fadeMinutes: 5 } };
/** Issue 41: a layer of the listener's own sound. */
const oceanWithOwn: LastMix = { sound: 'ocean', layers: [{ sound: 'own:0b1e-44c2', level: 0.7 }], alive: true, seed: 5, volume: 1, timer: null };
const brownAlone: LastMix = { sound: null, layers: [{ sound: 'brown', level: 0.5 }], alive: false, seed: 0, volume: 1, timer: null };

describe('the stored last mix', () => {
  it('reads back exactly what was written: a track with layers and a timer, and a noise alone', () => {
    for (const mix of [oceanWithRain, oceanWithOwn, brownAlone]) {
      expect(writeLastMix(mix)).toEqual({ ok: true });
      expect(readLastMix()).toEqual(mix);
    }
    expect(JSON.parse(localStorage.getItem('lastMix')!)).toEqual(brownAlone);
  });

  it('nothing stored: nothing to offer, nothing kept aside', () => {
    expect(readLastMix()).toBeUndefined();
    expect(localStorage.getItem('lastMix.corrupt')).toBeNull();
  });

  const broken: [string, unknown][] = [
    ['an unknown field', { ...oceanWithRain, extra: 1 }],
    ['a missing field', { sound: 'ocean', layers: [], alive: true, seed: 1, volume: 1 }],
    ['a slug with capitals', { ...oceanWithRain, sound: 'Ocean' }],
    ['a level over 1', { ...oceanWithRain, layers: [{ sound: 'rain', level: 1.5 }] }],
    ['an own sound whose id is not one Lull makes', { ...oceanWithRain, layers: [{ sound: 'own:<img>', level: 0.4 }] }],
    ['a layer twice', { ...oceanWithRain, layers: [{ sound: 'rain', level: 0.4 }, { sound: 'rain', level: 0.2 }] }],
    ['six layers', { ...oceanWithRain, layers: ['a', 'b', 'c', 'd', 'e', 'f'].map((sound) => ({ sound, level: 0.1 })) }],
    ['no track and no noise', { ...brownAlone, layers: [] }],
    ['a seed over 2^32', { ...oceanWithRain, seed: 2 ** 32 }],
    ['a volume as text', { ...oceanWithRain, volume: '0.8' }],
    ['a deadline that is not a time', { ...oceanWithRain, timer: { endsAt: 'tonight', fadeMinutes: 0 } }],
    ['a timer with a field more', { ...oceanWithRain, timer: { endsAt: 1, fadeMinutes: 0, paused: true } }],
    ['a list', [oceanWithRain]],
    ['null', null],
  ];
  it.each(broken)('rejects %s', (_, value) => {
    expect(parseLastMix(value)).toBeUndefined();
  });

  it.each(['{"sound":"ocean"', 'not json', JSON.stringify({ ...oceanWithRain, volume: 2 })])('keeps %s aside and offers nothing', (raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('lastMix', raw);
    expect(readLastMix()).toBeUndefined();
    expect(localStorage.getItem('lastMix.corrupt')).toBe(raw);
    expect(localStorage.getItem('lastMix')).toBe(raw);
    warn.mockRestore();
  });
});
