import { proxy } from 'valtio/vanilla';
import { isRecord, keepAside, readRaw, STORAGE_KEYS, writeJson } from '../lib/storage';
import { constants } from '../lib/strings';
import { reportError } from '../lib/error-reporting';

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
  index: number;
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

const toInteger = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** Item duration from editor text: SPEC says non-numeric becomes 0 (which cannot be saved). */
export const parseDuration = (text: string): number => {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? 0 : n;
};

export const isValidDuration = (minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= constants.minPlaylistItemMinutes;

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
  if (!isValidDuration(parsed)) return { item: { index, duration: Math.max(constants.minPlaylistItemMinutes, Math.round(parsed)) }, lossy: true };
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
    for (const rawItem of rawItems ?? []) {
      const { item, lossy: itemLossy } = readItem(rawItem);
      lossy ||= itemLossy;
      if (!item) continue;
      if (items.some((existing) => existing.index === item.index)) {
        lossy = true;
        continue;
      }
      items.push(item);
    }
    let id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : typeof entry.id === 'number' ? String(entry.id) : newPlaylistId();
    if (ids.has(id)) id = newPlaylistId();
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
  let recovered = false;
  const playlists = readRaw<Playlist[]>(
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
    [],
  );
  return { playlists, recovered };
}

export const loadPlaylists = (): Playlist[] => readStoredPlaylists().playlists;

export function createPlaylistStore(initial?: Playlist[]): PlaylistState {
  const stored = initial ? { playlists: initial, recovered: false } : readStoredPlaylists();
  return proxy<PlaylistState>({ playlists: stored.playlists, active: null, recovered: stored.recovered });
}

/** The user closed the notice about unreadable saved playlists. */
export function dismissRecoveredNotice(store: PlaylistState = playlistStore): void {
  store.recovered = false;
}

export const playlistStore = createPlaylistStore();

function persist(store: PlaylistState): void {
  const result = writeJson(
    STORAGE_KEYS.soundscapePlaylists,
    store.playlists.map((p) => ({ id: p.id, name: p.name, description: p.description, items: p.items.map((i) => ({ index: i.index, duration: i.duration })) })),
  );
  if (!result.ok) reportError(result.error, 'Could not save playlists:');
}

/** The first problem that stops a draft from being saved, in SPEC's order, or null. */
export function validateDraft(draft: PlaylistDraft): DraftProblem | null {
  if (draft.name.trim() === '') return 'name';
  if (draft.items.length === 0) return 'items';
  if (draft.items.some((item) => !isValidDuration(item.duration))) return 'duration';
  if (new Set(draft.items.map((item) => item.index)).size !== draft.items.length) return 'duplicate';
  return null;
}

/** Saves a new playlist (no id) or replaces an existing one. Returns the problem instead when invalid. */
export function savePlaylist(draft: PlaylistDraft, id: string | null, store: PlaylistState = playlistStore): { ok: true; id: string } | { ok: false; problem: DraftProblem } {
  const problem = validateDraft(draft);
  if (problem) return { ok: false, problem };
  const playlist: Playlist = {
    id: id ?? newPlaylistId(),
    name: draft.name.trim(),
    description: draft.description.trim(),
    items: draft.items.map((item) => ({ index: item.index, duration: item.duration })),
  };
  const at = id === null ? -1 : store.playlists.findIndex((p) => p.id === id);
  const playingSound = at === -1 || store.active?.playlistId !== playlist.id ? undefined : store.playlists[at]?.items[store.active.index]?.index;
  if (at === -1) store.playlists.push(playlist);
  else store.playlists[at] = playlist;
  // An edited playing playlist keeps playing: the current position follows the playing sound
  // when it moved; if it was removed, the position is clamped to the new length.
  if (store.active?.playlistId === playlist.id) {
    const moved = playlist.items.findIndex((item) => item.index === playingSound);
    if (moved !== -1) store.active.index = moved;
    else if (store.active.index >= playlist.items.length) store.active.index = 0;
  }
  persist(store);
  return { ok: true, id: playlist.id };
}

export function deletePlaylist(id: string, store: PlaylistState = playlistStore): void {
  const at = store.playlists.findIndex((p) => p.id === id);
  if (at === -1) return;
  store.playlists.splice(at, 1);
  persist(store);
}

/** Moves a playlist by `offset` places (-1 up, +1 down) within the list. */
export function movePlaylist(id: string, offset: number, store: PlaylistState = playlistStore): void {
  const from = store.playlists.findIndex((p) => p.id === id);
  const to = from + offset;
  if (from === -1 || to < 0 || to >= store.playlists.length) return;
  const [moved] = store.playlists.splice(from, 1);
  if (moved) store.playlists.splice(to, 0, moved);
  persist(store);
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
