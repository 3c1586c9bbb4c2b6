import type { PlayerStatus } from '../stores/player-store';

/** What the playlist runner needs of the player: a port, so the runner is testable with fake timers (playlist-playback.ts wires the real one). */
export interface PlayerView {
  status: PlayerStatus;
  currentIndex: number | null;
  /** Who started the current track; a sound the user picks ends the playlist. */
  origin?: 'user' | 'playlist';
}

export interface PlayerPort {
  /** Start sound `index` for the playlist. Resolves false (or rejects) when playback failed. */
  play(index: number, volume: number): Promise<boolean> | boolean | void;
  pause(): void;
  view(): PlayerView;
  /** Calls back whenever the player's status or current sound changes; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Hands the player's previous/next to the runner while a playlist is active; returns an unregister. */
  registerControl(control: { isActive(): boolean; step(direction: 1 | -1): void }): () => void;
}
