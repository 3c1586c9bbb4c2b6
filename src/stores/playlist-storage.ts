import { isRecord, readRecoverable, STORAGE_KEYS, writeJson, type WriteResult } from '../lib/storage';
import { constants } from '../lib/spec-constants';

/**
 * How saved playlists (SPEC 3) are stored, under localStorage 'soundscapePlaylists' (a JSON array):
 *   { id: string, name: string, description: string, items: { index: number, duration: number }[] }
 * `index` is the soundscape's catalogue index, `duration` whole minutes (>= 1).
 * Reading is tolerant: items written as { soundscapeIndex } / { soundscapeId } / bare numbers,
 * numbers as strings, a missing duration (default 5), a missing id or description are converted.
 * Anything that had to be dropped (an unreadable playlist or item, a duplicate item) keeps the
 * whole original value aside under 'soundscapePlaylists.corrupt', so nothing is lost silently.
 * The live list and its actions: playlist-store.ts.
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

const toInteger = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** Whole minutes from 1 to 24 hours: far below setTimeout's limit (2^31 - 1 ms, about 35,791 minutes). */
export const isValidDuration = (minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= constants.minPlaylistItemMinutes && minutes <= constants.maxPlaylistItemMinutes;

const clampDuration = (minutes: number): number =>
  Math.min(constants.maxPlaylistItemMinutes, Math.max(constants.minPlaylistItemMinutes, Math.round(minutes)));

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
export function readStoredPlaylistsIfAny(): { playlists: Playlist[] | undefined; recovered: boolean } {
  const { value, recovered } = readRecoverable(STORAGE_KEYS.soundscapePlaylists, (json) => {
    const parsed = parsePlaylists(json);
    return parsed && { value: parsed.playlists, lossy: parsed.lossy };
  });
  return { playlists: value, recovered };
}

export const loadPlaylists = (): Playlist[] => readStoredPlaylists().playlists;

/** The stored shape, field by field (nothing else a playlist object may carry). */
const toStored = (playlists: readonly Playlist[]) =>
  playlists.map((p) => ({ id: p.id, name: p.name, description: p.description, items: p.items.map((i) => ({ index: i.index, duration: i.duration })) }));

/** Writes the whole list. */
export const writeStoredPlaylists = (playlists: readonly Playlist[]): WriteResult => writeJson(STORAGE_KEYS.soundscapePlaylists, toStored(playlists));
