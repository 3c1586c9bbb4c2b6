import { describe, expect, it } from 'vitest';
import { snapshot } from 'valtio/vanilla';
import { createOfflineStore, setCachedSounds } from '../../../src/stores/offline-store';

describe('offline store', () => {
  it('lists the saved sounds by id, sorted, with their URLs', () => {
    const store = createOfflineStore(true);
    setCachedSounds([{ soundscapeId: 7, originalUrl: '/media/b.mp3' }, { soundscapeId: 2, originalUrl: '/media/a.mp3' }], store);
    expect(store.cachedSoundIds).toEqual([2, 7]);
    expect(store.cachedUrls).toEqual({ 2: '/media/a.mp3', 7: '/media/b.mp3' });
    expect(store.cacheListLoaded).toBe(true);
  });

  it('keeps the same list when the saved sounds did not change, so the sound buttons are not re-rendered', () => {
    const store = createOfflineStore(true);
    const entries = [{ soundscapeId: 2, originalUrl: '/media/a.mp3' }];
    setCachedSounds(entries, store);
    const before = snapshot(store);
    setCachedSounds([...entries], store);
    expect(snapshot(store).cachedSoundIds).toBe(before.cachedSoundIds);
    expect(snapshot(store).cachedUrls).toBe(before.cachedUrls);
    setCachedSounds([...entries, { soundscapeId: 3, originalUrl: '/media/c.mp3' }], store);
    expect(snapshot(store).cachedSoundIds).toEqual([2, 3]);
    expect(snapshot(store).cachedSoundIds).not.toBe(before.cachedSoundIds);
  });
});
