import { hasOwn, isRecord, keepAside, readRaw, STORAGE_KEYS, writeJson } from '../lib/storage';
import { events } from '../lib/spec-constants';
import { strings } from '../lib/strings';

/**
 * How listening preferences (SPEC 3) are stored: reading, normalising, converting older data and
 * writing `listeningPreferences`. The live counting (per-tab deltas, write timing) is stats-store.ts.
 * Keys come from storage and from the page, so every map here has no prototype and is read with
 * own-property checks: '__proto__' is just another track.
 */
export interface TrackStats {
  totalMinutes: number;
  sessionCount: number;
  /** Fields this version does not know are kept as they were. */
  [field: string]: unknown;
}

export type ListeningStats = Record<string, TrackStats>;

export interface LoadedStats {
  tracks: ListeningStats;
  /** Stored top-level values that are not track entries: written back untouched. */
  extras: Record<string, unknown>;
  /** Some value could not be kept as it was (the original was kept aside). */
  lossy?: boolean;
  /** Older lists of sessions were converted to counts (SPEC 3): the stored value should be rewritten. */
  converted?: boolean;
}

/** SPEC: lower-cased track title, spaces turned into hyphens. */
export const statsKey = (title: string): string => title.toLowerCase().replace(/ /g, '-');

export const roundMinutes = (minutes: number): number => Math.round(minutes * 100) / 100;

export const emptyMap = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const define = <T>(record: Record<string, T>, key: string, value: T): void => {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
};

/** A track's stored entry, own keys only. */
export const baseTrack = (base: LoadedStats, key: string): TrackStats | undefined => (hasOwn(base.tracks, key) ? base.tracks[key] : undefined);

/** An entry's fields other than the two counts, comparable. */
export const otherFields = (track: TrackStats | undefined): string =>
  JSON.stringify(Object.entries(track ?? {}).filter(([field]) => field !== 'totalMinutes' && field !== 'sessionCount'));

/** The lists of sessions older versions stored per track (SPEC 3: converted to their length). */
const LEGACY_SESSION_LISTS = ['sessions', 'listeningSessions'] as const;

/** A stored count or total: a finite number >= 0, or a string holding one. */
const readCount = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** One stored entry. `lossy` when a value had to change; `converted` when an older list of sessions became a count. */
function normaliseTrack(value: Record<string, unknown>): { track: TrackStats; lossy: boolean; converted: boolean } {
  const lists = LEGACY_SESSION_LISTS.filter((field) => hasOwn(value, field) && Array.isArray(value[field]));
  // Both lists in one entry would be the same sessions twice: the longer one counts.
  const legacySessions = Math.max(0, ...lists.map((field) => (value[field] as unknown[]).length));
  const track = emptyMap<unknown>() as TrackStats;
  for (const [field, fieldValue] of Object.entries(value)) {
    if (!(lists as string[]).includes(field)) define(track as Record<string, unknown>, field, fieldValue);
  }
  const total = hasOwn(value, 'totalMinutes') ? readCount(value.totalMinutes) : 0;
  const sessions = hasOwn(value, 'sessionCount') ? readCount(value.sessionCount) : legacySessions;
  track.totalMinutes = roundMinutes(total ?? 0);
  track.sessionCount = Math.round(sessions ?? 0);
  // A string, a negative or a missing-but-garbled number is not silently zeroed: the caller keeps the original aside.
  const lossy =
    (hasOwn(value, 'totalMinutes') && typeof value.totalMinutes !== 'number') ||
    total === undefined ||
    (hasOwn(value, 'sessionCount') && (typeof value.sessionCount !== 'number' || !Number.isInteger(value.sessionCount))) ||
    sessions === undefined;
  return { track, lossy, converted: lists.length > 0 };
}

/**
 * Parse stored preferences. Returns undefined (the caller keeps the raw value aside) when the
 * value is not a JSON object; entries that are not objects are kept as extras.
 */
export function parseListeningStats(raw: string): LoadedStats | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.error(strings.errorLoadingPreferences, error);
    return undefined;
  }
  if (!isRecord(parsed)) {
    console.error(strings.errorLoadingPreferences, new TypeError('listeningPreferences is not an object'));
    return undefined;
  }
  const loaded: LoadedStats = { tracks: emptyMap(), extras: emptyMap(), lossy: false, converted: false };
  // JSON.parse makes '__proto__' an own key; Object.entries and defineProperty keep it one.
  for (const [key, value] of Object.entries(parsed)) {
    if (isRecord(value)) {
      const { track, lossy, converted } = normaliseTrack(value);
      define(loaded.tracks, key, track);
      if (lossy) loaded.lossy = true;
      if (converted) loaded.converted = true;
    } else define(loaded.extras, key, value);
  }
  return loaded;
}

/** Reads what is stored now; an unreadable value or odd per-track values are kept aside first. */
export function loadListeningStats(): LoadedStats {
  try {
    return readRaw(
      STORAGE_KEYS.listeningPreferences,
      (raw) => {
        const loaded = parseListeningStats(raw);
        if (loaded?.lossy) keepAside(STORAGE_KEYS.listeningPreferences, raw);
        return loaded;
      },
      { tracks: emptyMap(), extras: emptyMap() },
    );
  } catch (error) {
    console.error(strings.errorLoadingPreferences, error);
    return { tracks: emptyMap(), extras: emptyMap() };
  }
}

/**
 * The one writer of `listeningPreferences` (SPEC 4: written whenever the stats are non-empty,
 * then 'listening-preferences-update' with the stats). Returns the write's error, if any.
 */
export function writeListeningStats(stats: LoadedStats): { ok: true } | { ok: false; error: unknown } {
  if (Object.keys(stats.tracks).length === 0) return { ok: true };
  const result = writeJson(STORAGE_KEYS.listeningPreferences, { ...stats.extras, ...stats.tracks });
  if (result.ok && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(events.listeningPreferencesUpdate, { detail: structuredClone({ ...stats.tracks }) }));
  }
  return result;
}
