import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOfflineMonitor } from '../../../../src/features/offline/offline-monitor';
import { createOfflineStore, isSoundAvailable, markCached, setCachedSounds, showStatus } from '../../../../src/stores/offline-store';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.useRealTimers());

const setNavigatorOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

describe('online and offline (SPEC 4)', () => {
  it('offline shows the offline message; back online shows its message for 3 s', () => {
    setNavigatorOnline(true);
    const store = createOfflineStore(true);
    const stop = startOfflineMonitor(window, store);
    window.dispatchEvent(new Event('offline'));
    expect(store.online).toBe(false);
    expect(store.status?.message).toBe('You are offline - only cached sounds are available');
    window.dispatchEvent(new Event('online'));
    expect(store.online).toBe(true);
    expect(store.status?.message).toBe('You are back online');
    vi.advanceTimersByTime(2999);
    expect(store.status?.message).toBe('You are back online');
    vi.advanceTimersByTime(1);
    expect(store.status).toBeNull();
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(store.online).toBe(true);
  });

  it('the 3 s timer never clears a newer message', () => {
    const store = createOfflineStore(false);
    const stop = startOfflineMonitor(window, store);
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(1000);
    showStatus('Playing cached version of: Ocean', 'info', store);
    vi.advanceTimersByTime(5000);
    expect(store.status?.message).toBe('Playing cached version of: Ocean');
    stop();
  });

  it('starting offline says so at once', () => {
    setNavigatorOnline(false);
    const store = createOfflineStore(true);
    const stop = startOfflineMonitor(window, store);
    expect(store.online).toBe(false);
    expect(store.status?.message).toBe('You are offline - only cached sounds are available');
    stop();
    setNavigatorOnline(true);
  });

  it('offline, only saved sounds are available; sound 0 counts', () => {
    const store = createOfflineStore(false);
    expect(isSoundAvailable(store, 0)).toBe(false);
    markCached(0, '/media/ocean.mp3', store);
    expect(isSoundAvailable(store, 0)).toBe(true);
    expect(isSoundAvailable(store, 1)).toBe(false);
    setCachedSounds([{ soundscapeId: 3, originalUrl: '/media/river.mp3' }, { soundscapeId: 0, originalUrl: '/media/ocean.mp3' }], store);
    expect(store.cachedSoundIds).toEqual([0, 3]);
    store.online = true;
    expect(isSoundAvailable(store, 1)).toBe(true);
  });
});
