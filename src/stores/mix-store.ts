import { proxy, subscribe } from 'valtio/vanilla';
import { isRecord, onStorageChange, readJson, STORAGE_KEYS, writeJson } from '../lib/storage';
import { reportError } from '../lib/error-reporting';
import { isNoiseColour, type NoiseColour } from './noise-store';

/**
 * The listener's mix (issue 13): one master volume over everything that plays, and a noise bed
 * under the current track. Plain numbers and names only: the audio engine follows this store
 * with `subscribe` and applies every level as Web Audio gain (ramped, never `element.volume`).
 *
 * Persisted (lib/storage rules: an unreadable value is kept aside, a warning names the key, the
 * default is used): the master volume under 'masterVolume' (a JSON number 0..1) and the bed
 * levels under 'noiseBedLevels' ({ white, pink, brown }, each 0..1). The bed itself is not: a
 * reload starts with nothing playing.
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
export const NOISE_COLOURS: readonly NoiseColour[] = ['white', 'pink', 'brown'];
/** Writes wait this long after the last change, so dragging a slider writes once. */
export const MIX_PERSIST_DELAY_MS = 300;

const defaultBedLevels = (): Record<NoiseColour, number> => ({ white: DEFAULT_BED_LEVEL, pink: DEFAULT_BED_LEVEL, brown: DEFAULT_BED_LEVEL });

export function createMixStore(initial: Partial<MixState> = {}): MixState {
  return proxy<MixState>({
    masterVolume: DEFAULT_MASTER_VOLUME,
    bed: null,
    bedLevels: defaultBedLevels(),
    ...initial,
  });
}

/** A level as the stores keep it: a finite number clamped to 0..1, or undefined. */
export function clampLevel(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined;
}

/** A stored level must already be in range: a value we would have to change is not ours to rewrite. */
const storedLevel = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;

export const parseStoredMasterVolume = (value: unknown): number | undefined => storedLevel(value);

/** Missing colours take the default; an unknown field or a bad level makes the whole value unreadable (kept aside). */
export function parseStoredBedLevels(value: unknown): Record<NoiseColour, number> | undefined {
  if (!isRecord(value)) return undefined;
  const levels = defaultBedLevels();
  for (const [key, level] of Object.entries(value)) {
    if (!isNoiseColour(key)) return undefined;
    const parsed = storedLevel(level);
    if (parsed === undefined) return undefined;
    levels[key] = parsed;
  }
  return levels;
}

/** The saved levels, or the defaults for anything unreadable (lib/storage keeps the original aside). */
export function readStoredMix(): Pick<MixState, 'masterVolume' | 'bedLevels'> {
  return {
    masterVolume: readJson(STORAGE_KEYS.masterVolume, parseStoredMasterVolume, DEFAULT_MASTER_VOLUME),
    bedLevels: readJson(STORAGE_KEYS.noiseBedLevels, parseStoredBedLevels, defaultBedLevels()),
  };
}

/**
 * Writes the levels a little after they change (and at once when the page is hidden, so a
 * reload right after a change keeps it). Only values that changed are written: a key whose
 * unreadable original is the only copy is never touched just because the other one moved.
 * Returns a function that flushes and stops.
 */
export function persistMixStore(store: MixState, delayMs: number = MIX_PERSIST_DELAY_MS): () => void {
  let written = { masterVolume: store.masterVolume, bedLevels: JSON.stringify(store.bedLevels) };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (store.masterVolume !== written.masterVolume) {
      const result = writeJson(STORAGE_KEYS.masterVolume, store.masterVolume);
      if (result.ok) written = { ...written, masterVolume: store.masterVolume };
      else reportError(result.error, 'Could not save the master volume:');
    }
    const bedLevels = JSON.stringify(store.bedLevels);
    if (bedLevels !== written.bedLevels) {
      const result = writeJson(STORAGE_KEYS.noiseBedLevels, store.bedLevels);
      if (result.ok) written = { ...written, bedLevels };
      else reportError(result.error, 'Could not save the noise levels:');
    }
  };
  const unsubscribe = subscribe(store, () => {
    clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  });
  // Another tab moved a level: follow it, and count it as written so this tab does not echo it back.
  const followOtherTab = () => {
    const stored = readStoredMix();
    written = { masterVolume: stored.masterVolume, bedLevels: JSON.stringify(stored.bedLevels) };
    store.masterVolume = stored.masterVolume;
    store.bedLevels = stored.bedLevels;
  };
  const stopFollowing = [onStorageChange(STORAGE_KEYS.masterVolume, followOtherTab), onStorageChange(STORAGE_KEYS.noiseBedLevels, followOtherTab)];
  // Valtio notifies after a microtask: compare with what was written rather than trust a pending timer.
  const onHide = () => flush();
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onHide);
  return () => {
    onHide();
    unsubscribe();
    for (const stop of stopFollowing) stop();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
  };
}

/** Defaults until startMixStore(): importing this module reads and listens to nothing. */
export const mixStore = createMixStore();

/** Once, from startApp(): the saved levels, then persisting them and following other tabs. Returns the stop. */
export function startMixStore(store: MixState = mixStore): () => void {
  Object.assign(store, readStoredMix());
  return persistMixStore(store);
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

/** A shared mix, applied in one go (the mix link's Play tap): levels first, so the sound starts at them. */
export function applyMixLevels(mix: { masterVolume?: number; bed?: NoiseColour | null; bedLevel?: number }, store: MixState = mixStore): void {
  if (mix.masterVolume !== undefined) setMasterVolume(mix.masterVolume, store);
  if (mix.bed && mix.bedLevel !== undefined) setBedLevel(mix.bed, mix.bedLevel, store);
  if (mix.bed !== undefined) setNoiseBed(mix.bed, store);
}
