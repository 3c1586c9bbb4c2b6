import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSavedMixes, type SavedMix } from '../../../src/stores/saved-mix-storage';
import { createSavedMixStore, deleteMix, renameMix, saveMix, startSavedMixStore, validateMixName } from '../../../src/stores/saved-mix-store';
import { ownSoundNames, setOwnSoundNames } from '../../../src/stores/own-layers';

const KEY = 'savedMixes';
const chillWithRain = { sound: 'chill', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }], alive: true, seed: 7 };
const stored = (): SavedMix[] => JSON.parse(localStorage.getItem(KEY) ?? 'null') as SavedMix[];
const names = (mixes: readonly SavedMix[]) => mixes.map((mix) => mix.name);
const stops: (() => void)[] = [];
/** A store as a tab holds it: started, following the other tabs. */
const tab = () => {
  const store = createSavedMixStore();
  stops.push(startSavedMixStore(store));
  return store;
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

describe('saved mixes', () => {
  it('validates names like playlists: not empty after trimming, at most 60 characters', () => {
    expect(validateMixName('   ')).toBe('name');
    expect(validateMixName('x'.repeat(61))).toBe('nameTooLong');
    expect(validateMixName(' Night ')).toBeNull();
    const store = tab();
    expect(saveMix(' ', chillWithRain, store)).toEqual({ ok: false, problem: 'name' });
    expect(saveMix('Empty', { sound: null, layers: [] }, store)).toEqual({ ok: false, problem: 'empty' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('saves, lists, renames and deletes, stored field by field', () => {
    const store = tab();
    const saved = saveMix('  Night  ', chillWithRain, store);
    expect(saved.ok).toBe(true);
    const id = saved.ok ? saved.id : '';
    expect(stored()).toEqual([{ id, name: 'Night', ...chillWithRain }]);
    expect(store.mixes).toEqual(stored());
    expect(renameMix(id, 'Late night', store).ok).toBe(true);
    expect(names(stored())).toEqual(['Late night']);
    expect(renameMix(id, '', store)).toEqual({ ok: false, problem: 'name' });
    expect(deleteMix(id, store).ok).toBe(true);
    expect(stored()).toEqual([]);
    expect(store.mixes).toEqual([]);
  });

  it('two tabs: each change is made on what is stored now, so neither loses the other’s edit, and each shows the other’s live', () => {
    const one = tab();
    const two = tab();
    const a = saveMix('From one', chillWithRain, one);
    // Tab two has not heard of it (no storage event in the same window): its save still keeps it.
    const b = saveMix('From two', { sound: 'ocean', layers: [] }, two);
    expect(names(stored())).toEqual(['From one', 'From two']);
    const idA = a.ok ? a.id : '';
    const idB = b.ok ? b.id : '';
    renameMix(idA, 'Renamed in two', two);
    deleteMix(idB, one);
    expect(names(stored())).toEqual(['Renamed in two']);
    // The other tab's write arrives as a storage event.
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(names(one.mixes)).toEqual(['Renamed in two']);
    expect(names(two.mixes)).toEqual(['Renamed in two']);
  });

  it('a write that fails (storage full) changes nothing and says so', () => {
    const store = tab();
    saveMix('Kept', chillWithRain, store);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(saveMix('Lost', chillWithRain, store)).toMatchObject({ ok: false, problem: 'storage' });
    expect(names(store.mixes)).toEqual(['Kept']);
    vi.mocked(Storage.prototype.setItem).mockRestore();
    expect(names(stored())).toEqual(['Kept']);
  });
});

describe('corrupt saved mixes', () => {
  it.each([
    ['bad JSON', '{not json'],
    ['an object', '{"mixes":[]}'],
    ['a string', '"hello"'],
  ])('%s: kept aside with a warning, nothing shown, and the next save keeps the copy', (_label, raw) => {
    localStorage.setItem(KEY, raw);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = tab();
    expect(store.mixes).toEqual([]);
    expect(store.recovered).toBe(true);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"savedMixes"'));
    saveMix('New', chillWithRain, store);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
    expect(names(stored())).toEqual(['New']);
  });

  it('keeps the readable mixes, drops the rest, and keeps the whole original aside', () => {
    const good = { id: 'a', name: 'Good', ...chillWithRain };
    const raw = JSON.stringify([
      good,
      { id: 'b', name: '', sound: 'rain', layers: [], alive: true, seed: 1 },
      { id: 'c', name: 'Bad level', sound: 'rain', layers: [{ sound: 'fire', level: 2 }, { sound: 'wind', level: 0.3 }], alive: true, seed: 1 },
      { id: 'a', name: 'Same id', sound: 'rain', layers: [], alive: true, seed: 1 },
      { id: 'd', name: '__proto__', sound: '<script>', layers: [], alive: true, seed: 1 },
      { id: 'e', name: 'NaN seed', sound: 'rain', layers: [], alive: true, seed: -1 },
      7,
    ]);
    localStorage.setItem(KEY, raw);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = tab();
    expect(store.mixes).toEqual([good, { id: 'c', name: 'Bad level', sound: 'rain', layers: [{ sound: 'wind', level: 0.3 }], alive: true, seed: 1 }]);
    expect(store.recovered).toBe(true);
    expect(localStorage.getItem(`${KEY}.corrupt`)).toBe(raw);
  });

  it('reads what it wrote without a loss, and keeps a slug this catalogue does not know', () => {
    const mixes = [{ id: 'x', name: 'Future', sound: 'thunder', layers: [{ sound: 'hail', level: 0.5 }], alive: false, seed: 4294967295 }];
    expect(parseSavedMixes(mixes)).toEqual({ mixes, lossy: false });
    expect(parseSavedMixes([...mixes.map((mix) => ({ ...mix, extra: 1 }))])?.lossy).toBe(true);
  });

  it('a layer of the listener\'s own sound is kept with the name it had, so the mix still names it once the sound is deleted (issue 41)', () => {
    setOwnSoundNames([{ id: 'a1-b2', name: 'Fan' }]);
    const store = tab();
    const saved = saveMix('Fan and rain', { sound: 'chill', layers: [{ sound: 'own:a1-b2', level: 0.7 }, { sound: 'rain', level: 0.4 }], alive: true, seed: 3 }, store);
    expect(saved.ok).toBe(true);
    expect(stored()[0]?.layers).toEqual([{ sound: 'own:a1-b2', level: 0.7, name: 'Fan' }, { sound: 'rain', level: 0.4 }]);
    // Deleted on this device: a later write keeps the name it was saved with.
    setOwnSoundNames([]);
    saveMix('Another', { sound: 'ocean', layers: [] }, store);
    expect(stored()[0]?.layers[0]).toEqual({ sound: 'own:a1-b2', level: 0.7, name: 'Fan' });
    expect(store.recovered).toBe(false);
    ownSoundNames.known = false;
  });

  it('an own sound as the track is kept with its name beside its id, which a later write keeps once it is deleted (issue 41)', () => {
    setOwnSoundNames([{ id: 'c3', name: 'Kettle' }]);
    const store = tab();
    expect(saveMix('Kettle night', { sound: 'own:c3', soundName: 'Kettle', layers: [{ sound: 'rain', level: 0.4 }] }, store).ok).toBe(true);
    expect(stored()[0]).toMatchObject({ sound: 'own:c3', soundName: 'Kettle', layers: [{ sound: 'rain', level: 0.4 }] });
    setOwnSoundNames([]);
    saveMix('Another', { sound: 'ocean', layers: [] }, store);
    expect(stored()[0]).toMatchObject({ sound: 'own:c3', soundName: 'Kettle' });
    expect(store.recovered).toBe(false);
    ownSoundNames.known = false;
    const track = (fields: object) => [{ id: 'x', name: 'M', layers: [], alive: true, seed: 1, ...fields }];
    expect(parseSavedMixes(track({ sound: 'own:c3' }))?.lossy).toBe(false);
    expect(parseSavedMixes(track({ sound: 'chill', soundName: 'Chill' }))?.lossy).toBe(true);
    expect(parseSavedMixes(track({ sound: null, soundName: 'Kettle' }))?.lossy).toBe(true);
    expect(parseSavedMixes(track({ sound: 'own:c3', soundName: 'x'.repeat(500) }))?.lossy).toBe(true);
  });

  it('a name only on an own layer, and only as the listener could give it', () => {
    const mix = (layer: object) => [{ id: 'x', name: 'M', sound: 'chill', layers: [layer], alive: true, seed: 1 }];
    expect(parseSavedMixes(mix({ sound: 'own:abc', level: 0.5, name: 'Kettle' }))?.lossy).toBe(false);
    expect(parseSavedMixes(mix({ sound: 'own:abc', level: 0.5 }))?.lossy).toBe(false);
    expect(parseSavedMixes(mix({ sound: 'rain', level: 0.5, name: 'Rain' }))?.lossy).toBe(true);
    expect(parseSavedMixes(mix({ sound: 'own:abc', level: 0.5, name: '  ' }))?.lossy).toBe(true);
    expect(parseSavedMixes(mix({ sound: 'own:abc', level: 0.5, name: 'x'.repeat(500) }))?.lossy).toBe(true);
    expect(parseSavedMixes(mix({ sound: 'own:<script>', level: 0.5 }))?.lossy).toBe(true);
  });
});
