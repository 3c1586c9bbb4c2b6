import { subscribe } from 'valtio/vanilla';
import { playlistStore } from '../stores/playlist-store';
import { pausePlayback, playerStore, playSound, showPlaylistNothingPlayable } from '../stores/player-store';
import { registerPlaylistControl } from '../stores/playlist-control';
import { createPlaylistRunner, type PlayerPort, type PlaylistRunner } from './playlist-runner';

/**
 * The app's one playlist runner, wired to the real player store. Created on first use and kept
 * for the page's life, so a playlist keeps moving while the user browses other routes.
 */
function createPlayerPort(): PlayerPort {
  /** The item start being watched: true once it plays, false on a load error (the store counts them). */
  let pending: { index: number; errors: number; settle: (ok: boolean) => void } | null = null;
  const settle = (ok: boolean) => {
    pending?.settle(ok);
    pending = null;
  };
  subscribe(playerStore, () => {
    if (!pending) return;
    if (playerStore.currentIndex !== pending.index || playerStore.status === 'playing') settle(true);
    else if (playerStore.loadErrors !== pending.errors) settle(false);
  });
  return {
    play(index, volume) {
      settle(true);
      const result = new Promise<boolean>((resolve) => {
        pending = { index, errors: playerStore.loadErrors, settle: resolve };
      });
      playSound(index, { volume, origin: 'playlist' });
      // The player refused it (not playable on this host).
      if (playerStore.currentIndex !== index) settle(false);
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
    registerControl(control) {
      return registerPlaylistControl(control, playerStore);
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
    onNothingPlayable: () => showPlaylistNothingPlayable(),
  });
  return shared;
}

export const playPlaylist = (playlistId: string, index = 0): void => playlistRunner().play(playlistId, index);
export const stopPlaylist = (): void => playlistRunner().stop();
