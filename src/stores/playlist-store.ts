import { proxy } from 'valtio/vanilla';
import { onStorageChange, STORAGE_KEYS } from '../lib/storage';
import { reportError } from '../lib/error-reporting';
import { registerUserText } from '../lib/scrub';
import { validateDraft, type DraftProblem, type PlaylistDraft } from './playlist-draft';
import { followPlayingItem, sameItems, type ActivePlaylist } from './playlist-position';
import { readStoredPlaylists, readStoredPlaylistsIfAny, writeStoredPlaylists, type Playlist } from './playlist-storage';

export type { ActivePlaylist } from './playlist-position';
export type { Playlist, PlaylistItem } from './playlist-storage';

/**
 * Saved playlists (SPEC 3) as the app shows them, their actions, and which one is playing. How
 * they are stored: playlist-storage.ts; the editor's draft: playlist-draft.ts; where the playing
 * position goes when the list changes: playlist-position.ts.
 *
 * Several tabs: every save, delete and move re-reads the stored list, applies its one change to
 * it (by playlist id) and writes it back in the same task, so an edit made in another tab is
 * never overwritten by this tab's older copy; the `storage` event brings other tabs' writes into
 * the store live. localStorage is synchronous, so read-modify-write in one task needs no lock
 * (Web Locks are asynchronous and would let the task end between read and write).
 * The store only changes once the write succeeded: it always shows what is really saved.
 */
export interface PlaylistState {
  playlists: Playlist[];
  active: ActivePlaylist | null;
  /** Part of the saved playlists could not be read (the original was kept aside): tell the user. */
  recovered: boolean;
}

/** A change could not be written (storage full, disabled or blocked): nothing changed. */
export type WriteProblem = 'storage';

export type PlaylistChangeResult = { ok: true } | { ok: false; problem: WriteProblem; error: unknown };

let idCounter = 0;
export const newPlaylistId = (): string => {
  idCounter += 1;
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `pl-${random}-${idCounter}`;
};

export interface PlaylistStoreOptions {
  /** Follow other tabs' writes (the app's store does; tests of one store may not). */
  followOtherTabs?: boolean;
}

export function createPlaylistStore(initial?: Playlist[], options: PlaylistStoreOptions = {}): PlaylistState {
  const stored = initial ? { playlists: initial, recovered: false } : readStoredPlaylists();
  const store = proxy<PlaylistState>({ playlists: stored.playlists, active: null, recovered: stored.recovered });
  if (options.followOtherTabs ?? !initial) {
    onStorageChange(STORAGE_KEYS.soundscapePlaylists, () => reloadPlaylists(store));
  }
  return store;
}

/** Another tab wrote the playlists: show what is stored now (the playing one keeps playing). */
export function reloadPlaylists(store: PlaylistState = playlistStore): void {
  const fresh = readStoredPlaylists();
  if (fresh.recovered) store.recovered = true;
  applyPlaylists(store, fresh.playlists);
}

/** The user closed the notice about unreadable saved playlists. */
export function dismissRecoveredNotice(store: PlaylistState = playlistStore): void {
  store.recovered = false;
}

/** Empty until startPlaylistStore(): importing this module reads and listens to nothing. */
export const playlistStore = createPlaylistStore([], { followOtherTabs: false });

let started = false;

/** Once, from startApp(): the stored playlists, then other tabs' writes as they happen. */
export function startPlaylistStore(store: PlaylistState = playlistStore): void {
  if (started && store === playlistStore) return;
  if (store === playlistStore) started = true;
  reloadPlaylists(store);
  onStorageChange(STORAGE_KEYS.soundscapePlaylists, () => reloadPlaylists(store));
}

// Playlist names and descriptions are the user's words: error reports never carry them.
registerUserText(() => playlistStore.playlists.flatMap((p) => [p.name, p.description]));

/** Replace the list, keeping the playing playlist's position on its playing sound. */
function applyPlaylists(store: PlaylistState, next: Playlist[]): void {
  const active = store.active;
  const before = active ? store.playlists.find((p) => p.id === active.playlistId)?.items.map((i) => ({ ...i })) : undefined;
  store.playlists = next;
  if (!active || !before) return;
  const after = next.find((p) => p.id === active.playlistId)?.items;
  if (after && !sameItems(before, after)) followPlayingItem(active, before, after);
}

/**
 * Applies one change to the list as it is stored now (another tab may have written since this
 * one last looked) and writes it. Only a successful write reaches the store.
 */
function commit(store: PlaylistState, change: (stored: Playlist[]) => Playlist[] | null): PlaylistChangeResult {
  const fresh = readStoredPlaylistsIfAny();
  if (fresh.recovered) store.recovered = true;
  // Nothing usable stored (never saved, unreadable and kept aside, or no storage): this tab's list is the base.
  const base = fresh.playlists ?? store.playlists.map((p) => ({ ...p, items: p.items.map((i) => ({ ...i })) }));
  const next = change(base);
  if (next === null) {
    applyPlaylists(store, base);
    return { ok: true };
  }
  const result = writeStoredPlaylists(next);
  if (!result.ok) {
    reportError(result.error, 'Could not save playlists:');
    return { ok: false, problem: 'storage', error: result.error };
  }
  applyPlaylists(store, next);
  return { ok: true };
}

/**
 * Saves a new playlist (no id) or replaces an existing one. Returns the problem instead when the
 * draft is invalid or could not be written (then nothing changed and the editor keeps the draft).
 */
export function savePlaylist(
  draft: PlaylistDraft,
  id: string | null,
  store: PlaylistState = playlistStore,
): { ok: true; id: string } | { ok: false; problem: DraftProblem } | { ok: false; problem: WriteProblem; error: unknown } {
  const problem = validateDraft(draft);
  if (problem) return { ok: false, problem };
  const playlist: Playlist = {
    id: id ?? newPlaylistId(),
    name: draft.name.trim(),
    description: draft.description.trim(),
    items: draft.items.map((item) => ({ index: item.index, duration: item.duration })),
  };
  const result = commit(store, (stored) => {
    const at = stored.findIndex((p) => p.id === playlist.id);
    // Deleted meanwhile in another tab: the user's edit brings it back rather than vanishing.
    return at === -1 ? [...stored, playlist] : stored.map((p, i) => (i === at ? playlist : p));
  });
  return result.ok ? { ok: true, id: playlist.id } : result;
}

export function deletePlaylist(id: string, store: PlaylistState = playlistStore): PlaylistChangeResult {
  return commit(store, (stored) => (stored.some((p) => p.id === id) ? stored.filter((p) => p.id !== id) : null));
}

/** Moves a playlist by `offset` places (-1 up, +1 down) within the list. */
export function movePlaylist(id: string, offset: number, store: PlaylistState = playlistStore): PlaylistChangeResult {
  return commit(store, (stored) => {
    const from = stored.findIndex((p) => p.id === id);
    const to = from + offset;
    if (from === -1 || to < 0 || to >= stored.length) return null;
    const next = [...stored];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    return next;
  });
}

export const findPlaylist = (id: string | null | undefined, store: PlaylistState = playlistStore): Playlist | undefined =>
  id ? store.playlists.find((p) => p.id === id) : undefined;

/** Playback state, written by the playlist runner (engine). */
export function setActivePlaylistState(active: ActivePlaylist | null, store: PlaylistState = playlistStore): void {
  store.active = active;
}
