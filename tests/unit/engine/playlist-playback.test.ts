import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playPlaylist, stopPlaylist } from '../../../src/engine/playlist-playback';
import { pausePlayback, playerStore, playlistIsActive, playNext, playPrevious, reportLoadError, reportPlaying } from '../../../src/stores/player-store';
import { playlistStore, savePlaylist } from '../../../src/stores/playlist-store';

const flush = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};

let id = '';
beforeEach(() => {
  vi.useFakeTimers();
  const saved = savePlaylist({ name: 'Night', description: '', items: [{ index: 2, duration: 1 }, { index: 9, duration: 1 }] }, null);
  if (!saved.ok) throw new Error('could not save');
  id = saved.id;
});
afterEach(() => {
  stopPlaylist();
  playlistStore.playlists.splice(0);
  vi.useRealTimers();
});

describe('playlist playback through the real player store', () => {
  it('plays the item at its catalogue volume with origin playlist, and takes over the player\'s previous and next', () => {
    playPlaylist(id);
    expect(playerStore).toMatchObject({ currentIndex: 2, volume: 1, origin: 'playlist', status: 'loading' });
    expect(playlistIsActive()).toBe(true);
    stopPlaylist();
    expect(playlistIsActive()).toBe(false);
  });

  it('the player bar\'s next and previous move the playlist directly; playlist-next and playlist-previous announce the wrapped index', () => {
    const announced: [string, unknown][] = [];
    const listener = (event: Event) => announced.push([event.type, (event as CustomEvent).detail]);
    window.addEventListener('playlist-next', listener);
    window.addEventListener('playlist-previous', listener);
    try {
      playPlaylist(id);
      playNext();
      expect(playerStore).toMatchObject({ currentIndex: 9, volume: 0.2, origin: 'playlist' });
      expect(playlistStore.active?.index).toBe(1);
      playNext();
      expect(playerStore.currentIndex).toBe(2);
      playPrevious();
      expect(playerStore.currentIndex).toBe(9);
      expect(announced).toEqual([['playlist-next', 1], ['playlist-next', 0], ['playlist-previous', 1]]);
      // Stopped: next is the player's own again (catalogue order from Crickets), and nothing is announced.
      stopPlaylist();
      playNext();
      expect(playerStore).toMatchObject({ currentIndex: 10, origin: 'user' });
      expect(announced).toHaveLength(3);
    } finally {
      window.removeEventListener('playlist-next', listener);
      window.removeEventListener('playlist-previous', listener);
    }
  });

  it('a load error skips the item after 2 s', async () => {
    playPlaylist(id);
    reportLoadError();
    await flush();
    expect(playlistStore.active?.problem).toBe('failed');
    vi.advanceTimersByTime(1999);
    expect(playerStore.currentIndex).toBe(2);
    vi.advanceTimersByTime(1);
    expect(playerStore).toMatchObject({ currentIndex: 9, volume: 0.2 });
  });

  it('a pause while the item loads is a pause, not a failure', async () => {
    playPlaylist(id);
    pausePlayback();
    await flush();
    vi.advanceTimersByTime(10_000);
    expect(playlistStore.active).toMatchObject({ index: 0, problem: null });
    expect(playerStore.currentIndex).toBe(2);
  });

  it('the item clock starts when the sound really plays', async () => {
    playPlaylist(id);
    vi.advanceTimersByTime(120_000);
    expect(playerStore.currentIndex).toBe(2);
    reportPlaying();
    await flush();
    vi.advanceTimersByTime(60_000);
    expect(playerStore.currentIndex).toBe(9);
  });
});
