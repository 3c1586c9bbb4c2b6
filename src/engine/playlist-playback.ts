import { subscribe } from 'valtio/vanilla';
import { playlistStore } from '../stores/playlist-store';
import { pausePlayback, playerStore, playSound, setActivePlaylist } from '../stores/player-store';
import { createPlaylistRunner, type PlayerPort, type PlaylistRunner } from './playlist-runner';

/**
 * The app's one playlist runner, wired to the real player store. Created on first use and kept
 * for the page's life, so a playlist keeps moving while the user browses other routes.
 */
function createPlayerPort(): PlayerPort {
  /** The item start being watched: it resolves true once it plays, false if loading ends without playing. */
  let pending: { index: number; settle: (ok: boolean) => void; sawLoading: boolean } | null = null;
  const settle = (ok: boolean) => {
    pending?.settle(ok);
    pending = null;
  };
  subscribe(playerStore, () => {
    if (!pending) return;
    const { status, currentIndex } = playerStore;
    if (currentIndex !== pending.index) return settle(true);
    if (status === 'playing') return settle(true);
    if (status === 'loading') pending.sawLoading = true;
    // SPEC 4: an audio error clears loading without a message (the store shows it as paused).
    else if (status === 'paused' && pending.sawLoading) settle(false);
  });
  return {
    play(index, volume) {
      settle(true);
      const result = new Promise<boolean>((resolve) => {
        pending = { index, settle: resolve, sawLoading: playerStore.status === 'loading' && playerStore.currentIndex === index };
      });
      playSound(index, { volume, origin: 'playlist' });
      if (playerStore.currentIndex !== index) settle(false);
      else if (playerStore.status === 'loading') pending!.sawLoading = true;
      return result;
    },
    pause() {
      pausePlayback();
    },
    view() {
      return { status: playerStore.status, currentIndex: playerStore.currentIndex, origin: playerStore.origin };
    },
    subscribe(listener) {
      return subscribe(playerStore, listener);
    },
    setActivePlaylist(value) {
      setActivePlaylist(value);
    },
  };
}

let shared: PlaylistRunner | undefined;

export function playlistRunner(): PlaylistRunner {
  shared ??= createPlaylistRunner({
    store: playlistStore,
    player: createPlayerPort(),
    now: () => Date.now(),
    target: window,
    isAvailable: (sound) => !playerStore.reversed || Boolean(sound.reversedURL),
  });
  return shared;
}

export const playPlaylist = (playlistId: string, index = 0): void => playlistRunner().play(playlistId, index);
export const stopPlaylist = (): void => playlistRunner().stop();
