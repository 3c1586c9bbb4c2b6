import { nameProblem } from '../lib/name-check';
import { proxy } from 'valtio/vanilla';
import { onStorageChange, SAVED_MIXES_WRITTEN, STORAGE_KEYS } from '../lib/storage';
import { reportError } from '../lib/error-reporting';
import { registerUserText } from '../lib/scrub';
import type { Mix } from './mix-actions';
import { withOwnName } from './own-layers';
import { MAX_MIX_NAME_LENGTH, readStoredMixes, writeStoredMixes, type SavedMix } from './saved-mix-storage';

export type { SavedMix } from './saved-mix-storage';

/**
 * The listener's saved mixes (issue 23) and their actions. Several tabs, as playlists
 * (playlist-store.ts): every save, rename and delete re-reads what is stored, applies its one
 * change by id and writes the result in the same task, so another tab's edit is never
 * overwritten by this tab's older copy; the `storage` event shows other tabs' writes live. The
 * store changes only once the write succeeded: it always shows what is really saved.
 */
export interface SavedMixState {
  mixes: SavedMix[];
  /** Part of the stored mixes could not be read (the original was kept aside): tell the user. */
  recovered: boolean;
}

export type MixNameProblem = 'name' | 'nameTooLong';
export type SavedMixResult = { ok: true; id: string } | { ok: false; problem: MixNameProblem | 'empty' } | { ok: false; problem: 'storage'; error: unknown };

/** Names are validated like playlists': not empty after trimming; and short enough to read in a list. */
export function validateMixName(name: string): MixNameProblem | null {
  const problem = nameProblem(name, MAX_MIX_NAME_LENGTH);
  return problem === 'empty' ? 'name' : problem === 'tooLong' ? 'nameTooLong' : null;
}

let idCounter = 0;
const newMixId = (): string => {
  idCounter += 1;
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `mix-${random}-${idCounter}`;
};

export const createSavedMixStore = (mixes: SavedMix[] = []): SavedMixState => proxy<SavedMixState>({ mixes, recovered: false });

/** Empty until startSavedMixStore(): importing this module reads and listens to nothing. */
export const savedMixStore = createSavedMixStore();

/** Show what is stored now (another tab wrote, or the first look). */
export function reloadSavedMixes(store: SavedMixState = savedMixStore): void {
  const fresh = readStoredMixes();
  if (fresh.recovered) store.recovered = true;
  store.mixes = fresh.mixes ?? [];
}

const started = new WeakSet<SavedMixState>();

/** Once per store (the saved-mixes UI calls it when it first shows): the stored mixes, then other tabs' writes. */
export function startSavedMixStore(store: SavedMixState = savedMixStore): () => void {
  if (started.has(store)) return () => undefined;
  started.add(store);
  reloadSavedMixes(store);
  const stop = onStorageChange(STORAGE_KEYS.savedMixes, () => reloadSavedMixes(store));
  return () => {
    started.delete(store);
    stop();
  };
}

// Mix names are the user's words: error reports never carry them.
registerUserText(() => savedMixStore.mixes.map((mix) => mix.name));

/** Applies one change to the list as stored now and writes it; only a successful write reaches the store. */
function commit(store: SavedMixState, change: (stored: SavedMix[]) => SavedMix[]): { ok: true } | { ok: false; problem: 'storage'; error: unknown } {
  const fresh = readStoredMixes();
  if (fresh.recovered) store.recovered = true;
  // Nothing usable stored (never saved, unreadable and kept aside, or no storage): this tab's list is the base.
  const base = fresh.mixes ?? store.mixes.map((mix) => ({ ...mix, layers: mix.layers.map((layer) => ({ ...layer })) }));
  const next = change(base);
  const result = writeStoredMixes(next);
  if (!result.ok) {
    reportError(result.error, 'Could not save mixes:');
    store.mixes = base;
    return { ok: false, problem: 'storage', error: result.error };
  }
  store.mixes = next;
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SAVED_MIXES_WRITTEN));
  return { ok: true };
}

/** Saves `mix` under `name` as a new saved mix. */
export function saveMix(name: string, mix: Mix, store: SavedMixState = savedMixStore): SavedMixResult {
  const problem = validateMixName(name);
  if (problem) return { ok: false, problem };
  if (mix.sound === null && mix.layers.length === 0) return { ok: false, problem: 'empty' };
  const saved: SavedMix = {
    id: newMixId(),
    name: name.trim(),
    sound: mix.sound,
    ...(mix.soundName === undefined ? {} : { soundName: mix.soundName }),
    layers: mix.layers.map(withOwnName),
    alive: mix.alive ?? true,
    seed: mix.seed ?? 1,
  };
  const result = commit(store, (stored) => [...stored, saved]);
  return result.ok ? { ok: true, id: saved.id } : result;
}

/** Renames a saved mix; a mix deleted meanwhile in another tab stays deleted. */
export function renameMix(id: string, name: string, store: SavedMixState = savedMixStore): SavedMixResult {
  const problem = validateMixName(name);
  if (problem) return { ok: false, problem };
  const result = commit(store, (stored) => stored.map((mix) => (mix.id === id ? { ...mix, name: name.trim() } : mix)));
  return result.ok ? { ok: true, id } : result;
}

export function deleteMix(id: string, store: SavedMixState = savedMixStore): { ok: true } | { ok: false; problem: 'storage'; error: unknown } {
  return commit(store, (stored) => stored.filter((mix) => mix.id !== id));
}

export function dismissSavedMixesRecovered(store: SavedMixState = savedMixStore): void {
  store.recovered = false;
}
