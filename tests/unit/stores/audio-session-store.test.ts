/**
 * The audio session choice (issue 40): 'playback' by default, remembered on the device under
 * 'audioSessionType' as JSON, an unreadable value kept aside (never destroyed) with the default
 * used, and other tabs' choices followed without being written back.
 */
import { describe, expect, it, vi } from 'vitest';
import { chooseAudioSessionType, createAudioSessionStore, startAudioSessionStore } from '../../../src/stores/audio-session-store';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('audio session store', () => {
  it('defaults to playback and writes nothing until the listener chooses', async () => {
    const store = createAudioSessionStore();
    const stop = startAudioSessionStore(store);
    expect(store.type).toBe('playback');
    await flush();
    expect(localStorage.getItem('audioSessionType')).toBeNull();
    stop();
  });

  it('remembers the choice across a reload', async () => {
    const store = createAudioSessionStore();
    const stop = startAudioSessionStore(store);
    chooseAudioSessionType('ambient', store);
    await flush();
    expect(localStorage.getItem('audioSessionType')).toBe('"ambient"');
    stop();
    const next = createAudioSessionStore();
    const stopNext = startAudioSessionStore(next);
    expect(next.type).toBe('ambient');
    stopNext();
  });

  it.each(['ambiant', '"AMBIENT"', '{"type":"ambient"}', '"auto"', 'null'])('keeps the unreadable value %s aside and plays with the default', async (raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('audioSessionType', raw);
    const store = createAudioSessionStore();
    const stop = startAudioSessionStore(store);
    expect(store.type).toBe('playback');
    expect(localStorage.getItem('audioSessionType.corrupt')).toBe(raw);
    // Nothing is written back over it until the listener chooses.
    await flush();
    expect(localStorage.getItem('audioSessionType')).toBe(raw);
    chooseAudioSessionType('ambient', store);
    await flush();
    expect(localStorage.getItem('audioSessionType')).toBe('"ambient"');
    expect(localStorage.getItem('audioSessionType.corrupt')).toBe(raw);
    stop();
    warn.mockRestore();
  });

  it("follows another tab's choice without writing it back", async () => {
    const store = createAudioSessionStore();
    const stop = startAudioSessionStore(store);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    localStorage.setItem('audioSessionType', '"ambient"');
    setItem.mockClear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'audioSessionType' }));
    expect(store.type).toBe('ambient');
    await flush();
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
    stop();
  });

  it('importing the store reads nothing; starting it applies the saved choice', async () => {
    localStorage.setItem('audioSessionType', '"ambient"');
    vi.resetModules();
    const fresh = await import('../../../src/stores/audio-session-store');
    expect(fresh.audioSessionStore.type).toBe('playback');
    const stop = fresh.startAudioSessionStore();
    expect(fresh.audioSessionStore.type).toBe('ambient');
    stop();
  });
});
