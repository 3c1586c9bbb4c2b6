import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMixStore, DEFAULT_BED_LEVEL, DEFAULT_MASTER_VOLUME, MIX_PERSIST_DELAY_MS, persistMixStore, readStoredMix, setMasterVolume } from '../../../src/stores/mix-store';
import { addLayer, applyMix, DEFAULT_LAYER_LEVEL, removeLayer, setBedLevel, setLayerLevel, toggleLayer } from '../../../src/stores/mix-actions';
import { MAX_LAYERS } from '../../../src/stores/mix-layers';

describe('mix state', () => {
  it('starts at full volume with no layers, alive, and every noise level at the default', () => {
    const store = createMixStore();
    expect(store.masterVolume).toBe(DEFAULT_MASTER_VOLUME);
    expect(store.layers).toEqual([]);
    expect(store.alive).toBe(true);
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
    addLayer('rain', 0.4, store);
    setLayerLevel('rain', 3, store);
    setLayerLevel('rain', NaN, store);
    expect(store.layers).toEqual([{ sound: 'rain', level: 1 }]);
  });

  it('adds soundscapes and noises as layers, each once, at most five, never a lofi song or an unknown name', () => {
    const store = createMixStore();
    expect(addLayer('rain', undefined, store)).toBe(true);
    expect(addLayer('rain', 0.9, store)).toBe(false);
    expect(addLayer('chill', undefined, store)).toBe(false);
    expect(addLayer('Rain', undefined, store)).toBe(false);
    expect(addLayer('__proto__', undefined, store)).toBe(false);
    for (const sound of ['fire', 'pink', 'ocean', 'white']) expect(addLayer(sound, undefined, store)).toBe(true);
    expect(store.layers).toHaveLength(MAX_LAYERS);
    expect(addLayer('brown', undefined, store)).toBe(false);
    expect(store.layers.map((layer) => layer.sound)).toEqual(['rain', 'fire', 'pink', 'ocean', 'white']);
    expect(store.layers[0]).toEqual({ sound: 'rain', level: DEFAULT_LAYER_LEVEL });
  });

  it('removes exactly the named layer; a noise comes back at its last level', () => {
    const store = createMixStore();
    addLayer('rain', 0.3, store);
    addLayer('brown', undefined, store);
    setLayerLevel('brown', 0.2, store);
    addLayer('fire', 0.7, store);
    removeLayer('brown', store);
    expect(store.layers).toEqual([{ sound: 'rain', level: 0.3 }, { sound: 'fire', level: 0.7 }]);
    addLayer('brown', undefined, store);
    expect(store.layers[2]).toEqual({ sound: 'brown', level: 0.2 });
    toggleLayer('rain', store);
    expect(store.layers.map((layer) => layer.sound)).toEqual(['fire', 'brown']);
  });

  it('gives a new mix a new seed, and keeps it while layers are added', () => {
    const store = createMixStore({ seed: 7 });
    addLayer('rain', undefined, store);
    const seed = store.seed;
    expect(seed).not.toBe(7);
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
    addLayer('fire', undefined, store);
    expect(store.seed).toBe(seed);
  });

  it('applies a mix in one go: volume, layers, alive and seed; what it cannot use is returned, not played', () => {
    const store = createMixStore();
    addLayer('ocean', undefined, store);
    const unused = applyMix(
      {
        sound: 'chill',
        layers: [{ sound: 'rain', level: 0.6 }, { sound: 'pink', level: 0.2 }, { sound: 'rain', level: 0.1 }, { sound: 'violet', level: 0.5 }, { sound: 'fire', level: NaN }],
        volume: 0.6,
        alive: false,
        seed: 42,
      },
      store,
    );
    expect(store).toMatchObject({ masterVolume: 0.6, alive: false, seed: 42, layers: [{ sound: 'rain', level: 0.6 }, { sound: 'pink', level: 0.2 }] });
    expect(store.bedLevels.pink).toBe(0.2);
    expect(unused.map((layer) => layer.sound)).toEqual(['rain', 'violet', 'fire']);
    applyMix({ sound: null, layers: [] }, store);
    expect(store).toMatchObject({ masterVolume: 0.6, alive: true, layers: [] });
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

  it('does not write the layers, and does not write when only the layers changed', async () => {
    const store = createMixStore();
    const stop = persistMixStore(store);
    addLayer('rain', 0.3, store);
    addLayer('pink', undefined, store);
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
