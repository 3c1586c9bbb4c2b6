import { proxy, subscribe } from 'valtio/vanilla';
import { isRecord, readRaw, STORAGE_KEYS, writeJson } from '../lib/storage';
import { events, strings } from '../lib/strings';

/**
 * Listening preferences (SPEC 3 and 4): per track, keyed by its slug, total minutes (two
 * decimals) and a session count. Read once at start; written whenever non-empty, then the
 * 'listening-preferences-update' window event carries the stats.
 */
export interface TrackStats {
  totalMinutes: number;
  sessionCount: number;
  /** Fields this version does not know (e.g. an older `sessions` list) are kept as they were. */
  [field: string]: unknown;
}

export type ListeningStats = Record<string, TrackStats>;

export interface StatsState {
  tracks: ListeningStats;
  /** Stored top-level values that are not track entries: written back untouched. */
  extras: Record<string, unknown>;
}

interface LoadedStats {
  tracks: ListeningStats;
  extras: Record<string, unknown>;
}

/** SPEC: lower-cased track title, spaces turned into hyphens. */
export const statsKey = (title: string): string => title.toLowerCase().replace(/ /g, '-');

export const roundMinutes = (minutes: number): number => Math.round(minutes * 100) / 100;

const finiteOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

/** One stored entry; older data held a list of sessions, converted to its length. */
function normaliseTrack(value: Record<string, unknown>): TrackStats {
  const legacySessions = Array.isArray(value.sessions) ? value.sessions.length : 0;
  return {
    ...value,
    totalMinutes: roundMinutes(finiteOr(value.totalMinutes, 0)),
    sessionCount: Math.round(finiteOr(value.sessionCount, legacySessions)),
  };
}

/**
 * Parse stored preferences. Returns undefined (the caller keeps the raw value aside) when the
 * value is not a JSON object; entries that are not objects are kept aside as extras.
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
  const loaded: LoadedStats = { tracks: {}, extras: {} };
  for (const [key, value] of Object.entries(parsed)) {
    if (isRecord(value)) loaded.tracks[key] = normaliseTrack(value);
    else loaded.extras[key] = value;
  }
  return loaded;
}

export function loadListeningStats(): LoadedStats {
  try {
    return readRaw(STORAGE_KEYS.listeningPreferences, parseListeningStats, { tracks: {}, extras: {} });
  } catch (error) {
    console.error(strings.errorLoadingPreferences, error);
    return { tracks: {}, extras: {} };
  }
}

export function saveListeningStats(stats: ListeningStats, extras: Record<string, unknown> = {}): void {
  if (Object.keys(stats).length === 0) return;
  const result = writeJson(STORAGE_KEYS.listeningPreferences, { ...extras, ...stats });
  if (!result.ok) {
    console.error(strings.errorSavingPreferences, result.error);
    return;
  }
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(events.listeningPreferencesUpdate, { detail: structuredClone(stats) }));
  }
}

export interface StatsStoreOptions {
  /** Persist changes (off in tests that only look at the numbers). */
  persist?: boolean;
  initial?: ListeningStats;
}

export function createStatsStore(options: StatsStoreOptions = {}): StatsState {
  const loaded = options.initial ? { tracks: options.initial, extras: {} } : loadListeningStats();
  const state = proxy<StatsState>(loaded);
  if (options.persist ?? true) {
    // Batched by valtio: one write (and one event) per burst of changes.
    subscribe(state, () => saveListeningStats(plainStats(state), state.extras));
  }
  return state;
}

export const plainStats = (state: StatsState): ListeningStats => JSON.parse(JSON.stringify(state.tracks)) as ListeningStats;

export const statsStore = createStatsStore();

function track(key: string, store: StatsState): TrackStats {
  let entry = store.tracks[key];
  if (!entry) {
    entry = { totalMinutes: 0, sessionCount: 0 };
    store.tracks[key] = entry;
    entry = store.tracks[key] as TrackStats;
  }
  return entry;
}

/** SPEC: a global lets other parts add 1 to a track's sessionCount. */
export function incrementSessionCount(key: string, store: StatsState = statsStore): void {
  if (typeof key !== 'string' || key === '') return;
  track(key, store).sessionCount += 1;
}

export function setTotalMinutes(key: string, minutes: number, store: StatsState = statsStore): void {
  const entry = track(key, store);
  const rounded = roundMinutes(minutes);
  if (entry.totalMinutes !== rounded) entry.totalMinutes = rounded;
}

export const totalMinutesOf = (key: string, store: StatsState = statsStore): number => store.tracks[key]?.totalMinutes ?? 0;
