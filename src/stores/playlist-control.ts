/**
 * The active playlist's previous and next, registered by the playlist runner when it starts (a store cannot import
 * the engine); one per player store. The player store's previous and next go through it while it is active.
 */
import type { PlayerState } from './player-store';

export interface PlaylistControl {
  isActive(): boolean;
  step(direction: 1 | -1): void;
}

const playlistControls = new WeakMap<PlayerState, PlaylistControl>();

/** Returns the unregister function. */
export function registerPlaylistControl(control: PlaylistControl, store: PlayerState): () => void {
  playlistControls.set(store, control);
  return () => {
    if (playlistControls.get(store) === control) playlistControls.delete(store);
  };
}

export const playlistControlOf = (store: PlayerState): PlaylistControl | undefined => playlistControls.get(store);
