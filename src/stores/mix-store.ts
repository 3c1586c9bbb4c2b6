import { proxy } from 'valtio/vanilla';
import type { NoiseColour } from './noise-store';

/**
 * The listener's mix (issue 13): one master volume over everything that plays, and a noise bed
 * under the current track. Plain numbers and names only: the audio engine follows this store
 * with `subscribe` and applies every level as Web Audio gain (ramped, never `element.volume`).
 */
export interface MixState {
  /** The user's master volume, 0..1, scaling the catalogue volumes and the noise bed. */
  masterVolume: number;
  /** The noise colour played under the current track, or null for none. */
  bed: NoiseColour | null;
  /** Each colour's level as a bed, 0..1 (before the master volume). */
  bedLevels: Record<NoiseColour, number>;
}

export const DEFAULT_MASTER_VOLUME = 1;
export const DEFAULT_BED_LEVEL = 0.5;

export function createMixStore(initial: Partial<MixState> = {}): MixState {
  return proxy<MixState>({
    masterVolume: DEFAULT_MASTER_VOLUME,
    bed: null,
    bedLevels: { white: DEFAULT_BED_LEVEL, pink: DEFAULT_BED_LEVEL, brown: DEFAULT_BED_LEVEL },
    ...initial,
  });
}

export const mixStore = createMixStore();

/** A level as the stores keep it: a finite number clamped to 0..1, or undefined. */
export function clampLevel(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined;
}

export function setMasterVolume(volume: number, store: MixState = mixStore): void {
  const level = clampLevel(volume);
  if (level !== undefined) store.masterVolume = level;
}

/** Play `colour` under the current track (null takes the bed away). */
export function setNoiseBed(colour: NoiseColour | null, store: MixState = mixStore): void {
  store.bed = colour;
}

export function setBedLevel(colour: NoiseColour, level: number, store: MixState = mixStore): void {
  const clamped = clampLevel(level);
  if (clamped !== undefined) store.bedLevels[colour] = clamped;
}
