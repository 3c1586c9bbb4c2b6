import { proxy } from 'valtio/vanilla';
import { hasOwn, isRecord, keepAside, onStorageChange, readRaw, STORAGE_KEYS, writeJson } from '../lib/storage';
import { events, strings } from '../lib/strings';

/**
 * Listening preferences (SPEC 3 and 4): per track, keyed by its slug, total minutes (two
 * decimals) and a session count.
 *
 * Several tabs, long nights: each tab counts its own listening as deltas (time and sessions not
 * yet written) and writes at most every few seconds (`STATS_WRITE_MS`) and when the page is
 * hidden or closed. A write re-reads what is stored, adds this tab's deltas to it and writes it
 * back in one task, so two tabs' minutes add up instead of the last writer's copy winning;
 * a `storage` event from another tab re-bases the shown totals on what it wrote.
 * The 'listening-preferences-update' window event follows each write with the stats.
 *
 * Keys come from storage and from the page (`window.incrementSessionCount`), so every map here
 * has no prototype and is read with own-property checks: '__proto__' is just another track.
 */
export interface TrackStats {
  totalMinutes: number;
  sessionCount: number;
  /** Fields this version does not know (e.g. an older `sessions` list) are kept as they were. */
  [field: string]: unknown;
}

export type ListeningStats = Record<string, TrackStats>;

export interface StatsState {
  /** What the user sees: what is stored plus what this tab has not written yet. */
  tracks: ListeningStats;
  /** Stored top-level values that are not track entries: written back untouched. */
  extras: Record<string, unknown>;
}

interface LoadedStats {
  tracks: ListeningStats;
  extras: Record<string, unknown>;
  /** Some value could not be kept as it was (the original was kept aside). */
  lossy?: boolean;
}

/** At most one write per this many ms while playing (28,800 writes a night became 5,760 at most). */
export const STATS_WRITE_MS = 5000;

/** SPEC: lower-cased track title, spaces turned into hyphens. */
export const statsKey = (title: string): string => title.toLowerCase().replace(/ /g, '-');

export const roundMinutes = (minutes: number): number => Math.round(minutes * 100) / 100;

const emptyMap = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A stored count or total: a finite number >= 0, or a string holding one. */
const readCount = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** One stored entry; older data held a list of sessions, converted to its length. `lossy` when a value had to change. */
function normaliseTrack(value: Record<string, unknown>): { track: TrackStats; lossy: boolean } {
  const legacySessions = Array.isArray(value.sessions) ? value.sessions.length : 0;
  const track = emptyMap<unknown>() as TrackStats;
  for (const [field, fieldValue] of Object.entries(value)) Object.defineProperty(track, field, { value: fieldValue, enumerable: true, writable: true, configurable: true });
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
  return { track, lossy };
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
  const loaded: LoadedStats = { tracks: emptyMap(), extras: emptyMap(), lossy: false };
  // JSON.parse makes '__proto__' an own key; Object.entries and defineProperty keep it one.
  for (const [key, value] of Object.entries(parsed)) {
    if (isRecord(value)) {
      const { track, lossy } = normaliseTrack(value);
      define(loaded.tracks, key, track);
      if (lossy) loaded.lossy = true;
    } else define(loaded.extras, key, value);
  }
  return loaded;
}

const define = <T>(record: Record<string, T>, key: string, value: T): void => {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
};

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

/** Writes `stats` (with `extras`) as they are; false when the write failed (logged once by the caller). */
export function saveListeningStats(stats: ListeningStats, extras: Record<string, unknown> = {}): boolean {
  if (Object.keys(stats).length === 0) return true;
  const result = writeJson(STORAGE_KEYS.listeningPreferences, { ...extras, ...stats });
  if (!result.ok) {
    console.error(strings.errorSavingPreferences, result.error);
    return false;
  }
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(events.listeningPreferencesUpdate, { detail: structuredClone({ ...stats }) }));
  }
  return true;
}

export interface StatsStoreOptions {
  /** Persist changes (off in tests that only look at the numbers). */
  persist?: boolean;
  initial?: ListeningStats;
}

/** This tab's listening not yet written. `ms` may go slightly negative: the rounding already written. */
interface Pending {
  ms: number;
  sessions: number;
}

interface Ledger {
  /** What was stored when this tab last read or wrote it. */
  base: LoadedStats;
  pending: Map<string, Pending>;
  persist: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** A write failed and was logged; later failures stay quiet until one succeeds. */
  failing: boolean;
}

const ledgers = new WeakMap<StatsState, Ledger>();

const ledgerOf = (store: StatsState): Ledger => {
  let ledger = ledgers.get(store);
  if (!ledger) {
    ledger = { base: { tracks: emptyMap(), extras: emptyMap() }, pending: new Map(), persist: false, timer: undefined, failing: false };
    ledgers.set(store, ledger);
  }
  return ledger;
};

const baseTrack = (base: LoadedStats, key: string): TrackStats | undefined => (hasOwn(base.tracks, key) ? base.tracks[key] : undefined);

/** The shown entry for `key`: stored plus pending. */
function refresh(store: StatsState, key: string): void {
  const ledger = ledgerOf(store);
  const stored = baseTrack(ledger.base, key);
  const pending = ledger.pending.get(key);
  if (!stored && !pending) {
    if (hasOwn(store.tracks, key)) delete store.tracks[key];
    return;
  }
  const totalMinutes = roundMinutes(Math.max(0, (stored?.totalMinutes ?? 0) + (pending?.ms ?? 0) / 60_000));
  const sessionCount = (stored?.sessionCount ?? 0) + (pending?.sessions ?? 0);
  const shown = hasOwn(store.tracks, key) ? store.tracks[key] : undefined;
  if (!shown) {
    const entry = emptyMap<unknown>() as TrackStats;
    for (const [field, value] of Object.entries(stored ?? {})) define(entry as Record<string, unknown>, field, structuredClone(value));
    entry.totalMinutes = totalMinutes;
    entry.sessionCount = sessionCount;
    // The target has no prototype, so even '__proto__' is set as an own key (valtio has no defineProperty trap).
    store.tracks[key] = entry;
    return;
  }
  if (shown.totalMinutes !== totalMinutes) shown.totalMinutes = totalMinutes;
  if (shown.sessionCount !== sessionCount) shown.sessionCount = sessionCount;
}

function rebase(store: StatsState, base: LoadedStats): void {
  const ledger = ledgerOf(store);
  const keys = new Set([...Object.keys(store.tracks), ...Object.keys(base.tracks)]);
  ledger.base = base;
  for (const key of keys) {
    // A track whose stored entry changed shape elsewhere is shown afresh.
    if (hasOwn(store.tracks, key)) delete store.tracks[key];
    refresh(store, key);
  }
  store.extras = Object.assign(emptyMap(), base.extras);
}

export function createStatsStore(options: StatsStoreOptions = {}): StatsState {
  const persist = options.persist ?? true;
  const base: LoadedStats = options.initial ? { tracks: Object.assign(emptyMap<TrackStats>(), structuredClone(options.initial)), extras: emptyMap() } : loadListeningStats();
  const state = proxy<StatsState>({ tracks: emptyMap(), extras: emptyMap() });
  rebase(state, base);
  if (persist) followStoredStats(state);
  return state;
}

/** Writes this tab's counts from now on, shows other tabs' writes, and flushes when the tab is hidden or closed. */
function followStoredStats(state: StatsState): void {
  ledgerOf(state).persist = true;
  if (typeof window === 'undefined') return;
  // Another tab wrote: show its totals plus what this tab has not written yet.
  onStorageChange(STORAGE_KEYS.listeningPreferences, () => rebase(state, loadListeningStats()));
  // Nothing is lost when the tab is hidden or closed: write now (synchronous localStorage).
  window.addEventListener('pagehide', () => flushListeningStats(state));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushListeningStats(state);
  });
}

export const plainStats = (state: StatsState): ListeningStats => JSON.parse(JSON.stringify(state.tracks)) as ListeningStats;

/** Empty and unpersisted until startStatsStore(): importing this module reads and listens to nothing. */
export const statsStore = createStatsStore({ initial: {}, persist: false });

/** Once, from startApp(): the stored stats, then persisting this tab's listening and following other tabs. */
export function startStatsStore(store: StatsState = statsStore): void {
  rebase(store, loadListeningStats());
  followStoredStats(store);
}

function pendingOf(store: StatsState, key: string): Pending {
  const ledger = ledgerOf(store);
  let pending = ledger.pending.get(key);
  if (!pending) {
    pending = { ms: 0, sessions: 0 };
    ledger.pending.set(key, pending);
  }
  return pending;
}

function scheduleWrite(store: StatsState): void {
  const ledger = ledgerOf(store);
  if (!ledger.persist || ledger.timer !== undefined) return;
  ledger.timer = setTimeout(() => {
    ledger.timer = undefined;
    flushListeningStats(store);
  }, STATS_WRITE_MS);
}

/**
 * Writes this tab's pending listening now: re-read, add, write. Only whole hundredths of a
 * minute are written; the remainder stays pending, so frequent writes never round time away.
 */
export function flushListeningStats(store: StatsState = statsStore): void {
  const ledger = ledgerOf(store);
  if (ledger.timer !== undefined) clearTimeout(ledger.timer);
  ledger.timer = undefined;
  if (!ledger.persist) return;
  const changed = [...ledger.pending].filter(([, p]) => p.sessions !== 0 || Math.abs(p.ms) >= 1);
  if (changed.length === 0) return;
  const fresh = loadListeningStats();
  const written: [string, Pending, number][] = [];
  for (const [key, pending] of changed) {
    const stored = baseTrack(fresh, key);
    const entry = stored ?? ({ totalMinutes: 0, sessionCount: 0 } as TrackStats);
    const total = roundMinutes(Math.max(0, entry.totalMinutes + pending.ms / 60_000));
    written.push([key, { ms: (total - entry.totalMinutes) * 60_000, sessions: pending.sessions }, entry.totalMinutes]);
    entry.totalMinutes = total;
    entry.sessionCount += pending.sessions;
    if (!stored) define(fresh.tracks, key, entry);
  }
  if (!saveListeningStatsQuietly(fresh, ledger)) {
    // Kept pending; tried again after the next interval.
    scheduleWrite(store);
    return;
  }
  for (const [key, added] of written) {
    const pending = ledger.pending.get(key);
    if (!pending) continue;
    pending.ms -= added.ms;
    pending.sessions -= added.sessions;
    if (pending.sessions === 0 && Math.abs(pending.ms) < 1) ledger.pending.delete(key);
  }
  rebase(store, fresh);
}

/** A write that logs its failure once per run of failures (not every few seconds all night). */
function saveListeningStatsQuietly(stats: LoadedStats, ledger: Ledger): boolean {
  const result = writeJson(STORAGE_KEYS.listeningPreferences, { ...stats.extras, ...stats.tracks });
  if (!result.ok) {
    if (!ledger.failing) console.error(strings.errorSavingPreferences, result.error);
    ledger.failing = true;
    return false;
  }
  ledger.failing = false;
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(events.listeningPreferencesUpdate, { detail: structuredClone({ ...stats.tracks }) }));
  }
  return true;
}

/** SPEC: a global lets other parts add 1 to a track's sessionCount. Any string key is just a key. */
export function incrementSessionCount(key: string, store: StatsState = statsStore): void {
  if (typeof key !== 'string' || key === '') return;
  pendingOf(store, key).sessions += 1;
  refresh(store, key);
  scheduleWrite(store);
}

/** Adds listened time to a track. */
export function addListeningTime(key: string, ms: number, store: StatsState = statsStore): void {
  if (typeof key !== 'string' || key === '' || !Number.isFinite(ms) || ms <= 0) return;
  pendingOf(store, key).ms += ms;
  refresh(store, key);
  scheduleWrite(store);
}

export const totalMinutesOf = (key: string, store: StatsState = statsStore): number => (hasOwn(store.tracks, key) ? (store.tracks[key]?.totalMinutes ?? 0) : 0);
