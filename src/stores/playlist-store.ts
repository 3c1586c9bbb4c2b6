import { proxy } from 'valtio/vanilla';
import { isRecord, keepAside, onStorageChange, readRaw, STORAGE_KEYS, writeJson } from '../lib/storage';
import { constants } from '../lib/strings';
import { reportError } from '../lib/error-reporting';
import { registerUserText } from '../lib/scrub';

/**
 * Saved playlists (SPEC 3) and which one is playing.
 *
 * Stored shape under localStorage 'soundscapePlaylists' (a JSON array):
 *   { id: string, name: string, description: string, items: { index: number, duration: number }[] }
 * `index` is the soundscape's catalogue index, `duration` whole minutes (>= 1).
 * Reading is tolerant: items written as { soundscapeIndex } / { soundscapeId } / bare numbers,
 * numbers as strings, a missing duration (default 5), a missing id or description are converted.
 * Anything that had to be dropped (an unreadable playlist or item, a duplicate item) keeps the
 * whole original value aside under 'soundscapePlaylists.corrupt', so nothing is lost silently.
 *
 * Several tabs: every save, delete and move re-reads the stored list, applies its one change to
 * it (by playlist id) and writes it back in the same task, so an edit made in another tab is
 * never overwritten by this tab's older copy; the `storage` event brings other tabs' writes into
 * the store live. localStorage is synchronous, so read-modify-write in one task needs no lock
 * (Web Locks are asynchronous and would let the task end between read and write).
 * The store only changes once the write succeeded: it always shows what is really saved.
 */
export interface PlaylistItem {
  index: number;
  duration: number;
}

export interface Playlist {
  id: string;
  name: string;
  description: string;
  items: PlaylistItem[];
}

/** The playing playlist. `endsAt` is the item's deadline (Date.now ms) while its clock runs, else null. */
export interface ActivePlaylist {
  playlistId: string;
  /**
   * The playing item's position; when `removed`, the position of the item that follows it (the
   * playing item was edited out of the playlist while it played: nothing is highlighted, and the
   * next item is this one).
   */
  index: number;
  /** The catalogue index of the sound the item plays, so edits can find it again. */
  sound?: number;
  removed?: boolean;
  /** Why the item is not playing normally: 'missing' (skips after 1 s) or 'failed' (skips after 2 s). */
  problem: 'missing' | 'failed' | null;
  endsAt: number | null;
  /** Item time left when its clock is stopped (paused, loading). */
  remainingMs: number;
}

export interface PlaylistState {
  playlists: Playlist[];
  active: ActivePlaylist | null;
  /** Part of the saved playlists could not be read (the original was kept aside): tell the user. */
  recovered: boolean;
}

/** A draft as the editor holds it: ids optional, durations already parsed. */
export interface PlaylistDraft {
  name: string;
  description: string;
  items: PlaylistItem[];
}

export type DraftProblem = 'name' | 'items' | 'duration' | 'duplicate';

/** A change could not be written (storage full, disabled or blocked): nothing changed. */
export type WriteProblem = 'storage';

export type PlaylistChangeResult = { ok: true } | { ok: false; problem: WriteProblem; error: unknown };

const toInteger = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** Item duration from editor text: SPEC says non-numeric becomes 0 (which cannot be saved). */
export const parseDuration = (text: string): number => {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? 0 : n;
};

/** Whole minutes from 1 to 24 hours: far below setTimeout's limit (2^31 - 1 ms, about 35,791 minutes). */
export const isValidDuration = (minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= constants.minPlaylistItemMinutes && minutes <= constants.maxPlaylistItemMinutes;

const clampDuration = (minutes: number): number =>
  Math.min(constants.maxPlaylistItemMinutes, Math.max(constants.minPlaylistItemMinutes, Math.round(minutes)));

let idCounter = 0;
export const newPlaylistId = (): string => {
  idCounter += 1;
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `pl-${random}-${idCounter}`;
};

/** Fields a stored playlist or item may carry; any other field would be dropped on the next save. */
const KNOWN_PLAYLIST_FIELDS = new Set(['id', 'name', 'description', 'items', 'soundscapes']);
const KNOWN_ITEM_FIELDS = new Set(['index', 'soundscapeIndex', 'soundscapeId', 'id', 'duration', 'minutes']);
const hasUnknownFields = (value: Record<string, unknown>, known: ReadonlySet<string>): boolean => Object.keys(value).some((key) => !known.has(key));

interface ReadItemResult {
  item?: PlaylistItem;
  lossy: boolean;
}

function readItem(value: unknown): ReadItemResult {
  if (typeof value === 'number' || typeof value === 'string') {
    const index = toInteger(value);
    return index !== undefined && Number.isInteger(index) && index >= 0
      ? { item: { index, duration: constants.defaultPlaylistItemMinutes }, lossy: false }
      : { lossy: true };
  }
  if (!isRecord(value)) return { lossy: true };
  const index = toInteger(value.index ?? value.soundscapeIndex ?? value.soundscapeId ?? value.id);
  if (index === undefined || !Number.isInteger(index) || index < 0) return { lossy: true };
  const extra = hasUnknownFields(value, KNOWN_ITEM_FIELDS);
  const rawDuration = value.duration ?? value.minutes;
  const parsed = rawDuration === undefined ? constants.defaultPlaylistItemMinutes : toInteger(rawDuration);
  // A stored duration we cannot use as-is becomes the nearest valid one; the original is kept aside.
  if (parsed === undefined) return { item: { index, duration: constants.defaultPlaylistItemMinutes }, lossy: true };
  if (!isValidDuration(parsed)) return { item: { index, duration: clampDuration(parsed) }, lossy: true };
  return { item: { index, duration: parsed }, lossy: extra };
}

/** Parses the stored value; `lossy` is true when something could not be kept as it was. */
export function parsePlaylists(value: unknown): { playlists: Playlist[]; lossy: boolean } | undefined {
  const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.playlists) ? value.playlists : undefined;
  if (!list) return undefined;
  // A wrapper object's other fields, like unknown fields below, would not survive the next save.
  let lossy = isRecord(value) && hasUnknownFields(value, new Set(['playlists']));
  const playlists: Playlist[] = [];
  const ids = new Set<string>();
  for (const entry of list) {
    if (!isRecord(entry)) {
      lossy = true;
      continue;
    }
    const name = typeof entry.name === 'string' ? entry.name : typeof entry.name === 'number' ? String(entry.name) : undefined;
    if (name === undefined) {
      lossy = true;
      continue;
    }
    lossy ||= hasUnknownFields(entry, KNOWN_PLAYLIST_FIELDS);
    const rawItems = Array.isArray(entry.items) ? entry.items : Array.isArray(entry.soundscapes) ? entry.soundscapes : undefined;
    if (!rawItems) lossy = true;
    const items: PlaylistItem[] = [];
    // A set, not a scan per item: a large stored list must not freeze the home page.
    const seen = new Set<number>();
    for (const rawItem of rawItems ?? []) {
      const { item, lossy: itemLossy } = readItem(rawItem);
      lossy ||= itemLossy;
      if (!item) continue;
      if (seen.has(item.index)) {
        lossy = true;
        continue;
      }
      seen.add(item.index);
      items.push(item);
    }
    // Ids made up for old data are derived from the position, so every read (each write re-reads)
    // gives the same ones until the first write stores them.
    const position = playlists.length;
    let id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : typeof entry.id === 'number' ? String(entry.id) : `pl-stored-${position}`;
    if (ids.has(id)) id = `${id}~${position}`;
    ids.add(id);
    playlists.push({ id, name, description: typeof entry.description === 'string' ? entry.description : '', items });
  }
  return { playlists, lossy };
}

/**
 * Reads the saved playlists. `recovered` is true when some of the stored value could not be used
 * as it was: the original was kept aside (lib/storage) and the user is told.
 */
export function readStoredPlaylists(): { playlists: Playlist[]; recovered: boolean } {
  const stored = readStoredPlaylistsIfAny();
  return { playlists: stored.playlists ?? [], recovered: stored.recovered };
}

/** As readStoredPlaylists, with undefined playlists when nothing usable is stored. */
function readStoredPlaylistsIfAny(): { playlists: Playlist[] | undefined; recovered: boolean } {
  let recovered = false;
  const playlists = readRaw<Playlist[] | undefined>(
    STORAGE_KEYS.soundscapePlaylists,
    (raw) => {
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        recovered = true;
        return undefined;
      }
      const parsed = parsePlaylists(value);
      if (!parsed || parsed.lossy) recovered = true;
      if (parsed?.lossy) keepAside(STORAGE_KEYS.soundscapePlaylists, raw);
      return parsed?.playlists;
    },
    undefined,
  );
  return { playlists, recovered };
}

export const loadPlaylists = (): Playlist[] => readStoredPlaylists().playlists;

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

const toStored = (playlists: readonly Playlist[]) =>
  playlists.map((p) => ({ id: p.id, name: p.name, description: p.description, items: p.items.map((i) => ({ index: i.index, duration: i.duration })) }));

/**
 * Where the playing position goes when the playing playlist changes under it: onto its sound if
 * that is still in the list, else (the playing item was removed) onto the item that followed it.
 */
function followPlayingItem(active: ActivePlaylist, before: readonly PlaylistItem[], after: readonly PlaylistItem[]): void {
  const sound = active.sound ?? (active.removed ? undefined : before[active.index]?.index);
  const found = sound === undefined ? -1 : after.findIndex((item) => item.index === sound);
  if (found !== -1) {
    active.index = found;
    active.removed = false;
    return;
  }
  if (after.length === 0) return;
  // The first item after the playing one (in the old order) that is still there comes next.
  const start = active.removed ? active.index : active.index + 1;
  const stillThere = new Map(after.map((item, at) => [item.index, at]));
  for (let step = 0; step < before.length; step++) {
    const next = before[(start + step) % before.length];
    const at = next === undefined ? undefined : stillThere.get(next.index);
    if (at !== undefined) {
      active.index = at;
      active.removed = true;
      return;
    }
  }
  active.index = 0;
  active.removed = true;
}

/** Replace the list, keeping the playing playlist's position on its playing sound. */
function applyPlaylists(store: PlaylistState, next: Playlist[]): void {
  const active = store.active;
  const before = active ? store.playlists.find((p) => p.id === active.playlistId)?.items.map((i) => ({ ...i })) : undefined;
  store.playlists = next;
  if (!active || !before) return;
  const after = next.find((p) => p.id === active.playlistId)?.items;
  if (after && !sameItems(before, after)) followPlayingItem(active, before, after);
}

const sameItems = (a: readonly PlaylistItem[], b: readonly PlaylistItem[]): boolean =>
  a.length === b.length && a.every((item, at) => item.index === b[at]?.index && item.duration === b[at]?.duration);

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
  const result = writeJson(STORAGE_KEYS.soundscapePlaylists, toStored(next));
  if (!result.ok) {
    reportError(result.error, 'Could not save playlists:');
    return { ok: false, problem: 'storage', error: result.error };
  }
  applyPlaylists(store, next);
  return { ok: true };
}

/** The first problem that stops a draft from being saved, in SPEC's order, or null. */
export function validateDraft(draft: PlaylistDraft): DraftProblem | null {
  if (draft.name.trim() === '') return 'name';
  if (draft.items.length === 0) return 'items';
  if (draft.items.some((item) => !isValidDuration(item.duration))) return 'duration';
  if (new Set(draft.items.map((item) => item.index)).size !== draft.items.length) return 'duplicate';
  return null;
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

/** Draft helpers, pure: the editor keeps its draft in React state and edits it through these. */
export function addDraftItem(items: readonly PlaylistItem[], index: number): PlaylistItem[] {
  if (items.some((item) => item.index === index)) return [...items];
  return [...items, { index, duration: constants.defaultPlaylistItemMinutes }];
}

export function moveDraftItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** Playback state, written by the playlist runner (engine). */
export function setActivePlaylistState(active: ActivePlaylist | null, store: PlaylistState = playlistStore): void {
  store.active = active;
}
