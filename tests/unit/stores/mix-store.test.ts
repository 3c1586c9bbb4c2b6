import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyMixLevels,
  createMixStore,
  DEFAULT_BED_LEVEL,
  DEFAULT_MASTER_VOLUME,
  MIX_PERSIST_DELAY_MS,
  persistMixStore,
  readStoredMix,
  setBedLevel,
  setMasterVolume,
  setNoiseBed,
} from '../../../src/stores/mix-store';

describe('mix state', () => {
  it('starts at full volume with no bed and every bed level at the default', () => {
    const store = createMixStore();
    expect(store.masterVolume).toBe(DEFAULT_MASTER_VOLUME);
    expect(store.bed).toBeNull();
    expect(store.bedLevels).toEqual({ white: DEFAULT_BED_LEVEL, pink: DEFAULT_BED_LEVEL, brown: DEFAULT_BED_LEVEL });
  });

  it('clamps levels to 0..1 and ignores values that are not finite numbers', () => {
    const store = createMixStore();
    setMasterVolume(0.42, store);
    expect(store.masterVolume).toBe(0.42);
    setMasterVolume(7, store);
    expect(store.masterVolume).toBe(1);
    setMasterVolume(-3, store);
    expect(store.masterVolume).toBe(0);
    for (const bad of [NaN, Infinity, -Infinity, '0.5' as unknown as number]) {
      setMasterVolume(bad, store);
      expect(store.masterVolume).toBe(0);
    }
    setBedLevel('pink', 0.25, store);
    setBedLevel('pink', NaN, store);
    setBedLevel('brown', 2, store);
    expect(store.bedLevels).toEqual({ white: DEFAULT_BED_LEVEL, pink: 0.25, brown: 1 });
  });

  it('sets and removes the bed, each colour keeping its own level', () => {
    const store = createMixStore();
    setBedLevel('brown', 0.3, store);
    setNoiseBed('brown', store);
    expect(store.bed).toBe('brown');
    setNoiseBed('white', store);
    expect(store.bed).toBe('white');
    expect(store.bedLevels.brown).toBe(0.3);
    setNoiseBed(null, store);
    expect(store.bed).toBeNull();
  });

  it('applies a shared mix in one go: master, the bed and its level', () => {
    const store = createMixStore();
    applyMixLevels({ masterVolume: 0.6, bed: 'pink', bedLevel: 0.2 }, store);
    expect(store).toMatchObject({ masterVolume: 0.6, bed: 'pink', bedLevels: { pink: 0.2 } });
    applyMixLevels({ masterVolume: 0.9, bed: null }, store);
    expect(store).toMatchObject({ masterVolume: 0.9, bed: null, bedLevels: { pink: 0.2 } });
  });
});

describe('persisted levels', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads the defaults when nothing is saved, and keeps nothing aside', () => {
    expect(readStoredMix()).toEqual({ masterVolume: 1, bedLevels: { white: 0.5, pink: 0.5, brown: 0.5 } });
    expect(localStorage.length).toBe(0);
  });

  it('writes the master volume and the bed levels once, after a short pause, and reads them back', async () => {
    const store = createMixStore();
    const stop = persistMixStore(store);
    setMasterVolume(0.3, store);
    setMasterVolume(0.35, store);
    setBedLevel('brown', 0.7, store);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS - 1);
    expect(localStorage.getItem('masterVolume')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(localStorage.getItem('masterVolume')).toBe('0.35');
    expect(JSON.parse(localStorage.getItem('noiseBedLevels') ?? 'null')).toEqual({ white: 0.5, pink: 0.5, brown: 0.7 });
    expect(readStoredMix()).toEqual({ masterVolume: 0.35, bedLevels: { white: 0.5, pink: 0.5, brown: 0.7 } });
    stop();
  });

  it('does not write the bed itself, and does not write when only the bed changed', async () => {
    const store = createMixStore();
    const stop = persistMixStore(store);
    setNoiseBed('pink', store);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS * 2);
    expect(localStorage.length).toBe(0);
    stop();
  });

  it("follows another tab's levels without writing them back", async () => {
    const store = createMixStore();
    const stop = persistMixStore(store);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    // The other tab wrote; this tab only hears the storage event.
    localStorage.setItem('masterVolume', '0.4');
    localStorage.setItem('noiseBedLevels', JSON.stringify({ white: 0.5, pink: 0.9, brown: 0.5 }));
    setItem.mockClear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'masterVolume' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'noiseBedLevels' }));
    expect(store.masterVolume).toBe(0.4);
    expect(store.bedLevels.pink).toBe(0.9);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS * 2);
    expect(setItem).not.toHaveBeenCalled();
    // This tab's own change afterwards is written as usual.
    setMasterVolume(0.6, store);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS);
    expect(localStorage.getItem('masterVolume')).toBe('0.6');
    stop();
  });

  it('flushes a pending change when the page is hidden', () => {
    const store = createMixStore();
    const stop = persistMixStore(store);
    setMasterVolume(0.2, store);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('masterVolume')).toBe('0.2');
    stop();
  });

  it.each([
    ['not JSON', '{oops'],
    ['a string', '"0.5"'],
    ['above 1', '1.5'],
    ['negative', '-0.1'],
    ['null', 'null'],
    ['an object', '{"volume":0.5}'],
  ])('keeps a corrupt master volume (%s) aside, warns naming the key, and uses the default', (_label, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('masterVolume', raw);
    expect(readStoredMix().masterVolume).toBe(DEFAULT_MASTER_VOLUME);
    expect(localStorage.getItem('masterVolume.corrupt')).toBe(raw);
    expect(localStorage.getItem('masterVolume')).toBe(raw);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"masterVolume"'));
  });

  it.each([
    ['not JSON', 'brown=1'],
    ['a list', '[0.5,0.5,0.5]'],
    ['a level out of range', '{"brown":3}'],
    ['a level that is not a number', '{"pink":"loud"}'],
    ['an unknown colour', '{"white":0.5,"__proto__":{"x":1}}'],
    ['an unknown colour', '{"violet":0.5}'],
  ])('keeps corrupt bed levels (%s) aside and uses the defaults', (_label, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('noiseBedLevels', raw);
    expect(readStoredMix().bedLevels).toEqual({ white: 0.5, pink: 0.5, brown: 0.5 });
    expect(localStorage.getItem('noiseBedLevels.corrupt')).toBe(raw);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"noiseBedLevels"'));
  });

  it('reads a partial set of bed levels, the missing colours at the default', () => {
    localStorage.setItem('noiseBedLevels', '{"pink":0.1}');
    expect(readStoredMix().bedLevels).toEqual({ white: 0.5, pink: 0.1, brown: 0.5 });
    expect(localStorage.getItem('noiseBedLevels.corrupt')).toBeNull();
  });

  it('never overwrites a corrupt value just because the other level changed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('masterVolume', 'loud');
    const store = createMixStore(readStoredMix());
    const stop = persistMixStore(store);
    setBedLevel('white', 0.9, store);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS);
    expect(localStorage.getItem('masterVolume')).toBe('loud');
    // Moving the volume itself writes it; the unreadable original stays kept aside.
    setMasterVolume(0.4, store);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS);
    expect(localStorage.getItem('masterVolume')).toBe('0.4');
    expect(localStorage.getItem('masterVolume.corrupt')).toBe('loud');
    stop();
  });
});

describe('start-up', () => {
  afterEach(() => vi.useRealTimers());

  it('importing the store reads and writes nothing; startMixStore loads the saved levels, then persists and follows other tabs', async () => {
    vi.useFakeTimers();
    localStorage.setItem('masterVolume', '0.3');
    localStorage.setItem('noiseBedLevels', '{"brown":0.2}');
    vi.resetModules();
    const fresh = await import('../../../src/stores/mix-store');
    // Prerendering and the first render see the defaults until the app starts.
    expect(fresh.mixStore.masterVolume).toBe(DEFAULT_MASTER_VOLUME);
    fresh.setMasterVolume(0.9);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS);
    expect(localStorage.getItem('masterVolume')).toBe('0.3');
    window.dispatchEvent(new StorageEvent('storage', { key: 'masterVolume', newValue: '0.6', storageArea: localStorage }));
    expect(fresh.mixStore.masterVolume).toBe(0.9);

    const stop = fresh.startMixStore();
    expect(fresh.mixStore.masterVolume).toBe(0.3);
    expect(fresh.mixStore.bedLevels.brown).toBe(0.2);
    fresh.setMasterVolume(0.8);
    await vi.advanceTimersByTimeAsync(MIX_PERSIST_DELAY_MS);
    expect(localStorage.getItem('masterVolume')).toBe('0.8');
    localStorage.setItem('masterVolume', '0.6');
    window.dispatchEvent(new StorageEvent('storage', { key: 'masterVolume', newValue: '0.6', storageArea: localStorage }));
    expect(fresh.mixStore.masterVolume).toBe(0.6);
    stop();
  });
});
