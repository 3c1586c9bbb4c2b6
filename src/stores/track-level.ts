import { soundscapes } from '../catalogue/catalogue';
import { playerStore, type PlayerState } from './player-store';

/**
 * The current track's level as its home card shows it (issue 39): 0..1 of its catalogue volume,
 * so 100 % is the level it starts at and every card's slider reads on one scale. The engine ramps
 * the player's `volume` as gain.
 */
export function trackLevel(store: Pick<PlayerState, 'currentIndex' | 'volume'> = playerStore): number {
  const catalogueVolume = (store.currentIndex === null ? undefined : soundscapes[store.currentIndex])?.volume ?? 1;
  return catalogueVolume > 0 ? Math.min(1, store.volume / catalogueVolume) : 1;
}

export function setTrackLevel(level: number, store: PlayerState = playerStore): void {
  const sound = store.currentIndex === null ? undefined : soundscapes[store.currentIndex];
  if (!sound || !Number.isFinite(level)) return;
  store.volume = Math.min(1, Math.max(0, level)) * (sound.volume ?? 1);
}
