import { proxy } from 'valtio/vanilla';
import { hasOwn, onStorageChange, STORAGE_KEYS } from '../lib/storage';
import { strings } from '../lib/strings';
import {
  define,
  emptyMap,
  baseTrack,
  loadListeningStats,
  otherFields,
  roundMinutes,
  statsKey,
  writeListeningStats,
  type ListeningStats,
  type LoadedStats,
  type TrackStats,
} from './stats-storage';

export { parseListeningStats, roundMinutes, statsKey, type ListeningStats, type TrackStats } from './stats-storage';

/**
 * Listening preferences (SPEC 3 and 4) as this tab counts them: per track, keyed by its slug,
 * total minutes (two decimals) and a session count. How they are stored: stats-storage.ts.
 *
 * Several tabs, long nights: each tab counts its own listening as deltas (time and sessions not
 * yet written) and writes at most every few seconds (`STATS_WRITE_MS`), at once for a new session,
 * and when the page is hidden or closed. A write re-reads what is stored, adds this tab's deltas to
 * it and writes it back in one task, so two tabs' minutes add up instead of the last writer's copy
 * winning; a `storage` event from another tab re-bases the shown totals on what it wrote.
 */
export interface StatsState {
  /** What the user sees: what is stored plus what this tab has not written yet. */
  tracks: ListeningStats;
  /** Stored top-level values that are not track entries: written back untouched. */
  extras: Record<string, unknown>;
}

/** At most one write per this many ms while playing (28,800 writes a night became 5,760 at most). */
export const STATS_WRITE_MS = 5000;

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

/** Shows `base` plus pending. Entries whose counts alone changed change in place: a write every few seconds re-renders only what it changed. */
function rebase(store: StatsState, base: LoadedStats): void {
  const ledger = ledgerOf(store);
  const before = ledger.base;
  const keys = new Set([...Object.keys(store.tracks), ...Object.keys(base.tracks)]);
  ledger.base = base;
  for (const key of keys) {
    // A track whose stored entry changed shape elsewhere (another field) is shown afresh.
    if (hasOwn(store.tracks, key) && otherFields(baseTrack(before, key)) !== otherFields(baseTrack(base, key))) delete store.tracks[key];
    refresh(store, key);
  }
  if (JSON.stringify(store.extras) !== JSON.stringify(base.extras)) store.extras = Object.assign(emptyMap(), base.extras);
}

/** The stored stats; older lists of sessions converted on load are written back as counts at once (SPEC 3). */
function loadAndConvert(ledger: Ledger): LoadedStats {
  const loaded = loadListeningStats();
  if (loaded.converted) saveQuietly(loaded, ledger);
  return loaded;
}

export function createStatsStore(options: StatsStoreOptions = {}): StatsState {
  const persist = options.persist ?? true;
  const state = proxy<StatsState>({ tracks: emptyMap(), extras: emptyMap() });
  const ledger = ledgerOf(state);
  ledger.persist = persist;
  const base: LoadedStats = options.initial ? { tracks: Object.assign(emptyMap<TrackStats>(), structuredClone(options.initial)), extras: emptyMap() } : loadAndConvert(ledger);
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
  // A pause from anywhere (the app, the OS, the lock screen) makes the total final at once; captured,
  // then written after the element's own listeners have added the last seconds.
  const afterPause = () => setTimeout(() => flushListeningStats(state), 0);
  document.addEventListener('pause', afterPause, true);
  document.addEventListener('ended', afterPause, true);
}

export const plainStats = (state: StatsState): ListeningStats => JSON.parse(JSON.stringify(state.tracks)) as ListeningStats;

/** Empty and unpersisted until startStatsStore(): importing this module reads and listens to nothing. */
export const statsStore = createStatsStore({ initial: {}, persist: false });

/** Once, from startApp(): the stored stats, then persisting this tab's listening and following other tabs. */
export function startStatsStore(store: StatsState = statsStore): void {
  const ledger = ledgerOf(store);
  ledger.persist = true;
  rebase(store, loadAndConvert(ledger));
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
  if (!saveQuietly(fresh, ledger)) {
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
function saveQuietly(stats: LoadedStats, ledger: Ledger): boolean {
  const result = writeListeningStats(stats);
  if (!result.ok) {
    if (!ledger.failing) console.error(strings.errorSavingPreferences, result.error);
    ledger.failing = true;
    return false;
  }
  ledger.failing = false;
  return true;
}

/**
 * SPEC 4: a new session, and the global that lets other parts add 1 to a track's sessionCount.
 * Written at once (sessions are rare, and the page that asked may read it back). A title is
 * turned into its key; any other string is just a key.
 */
export function incrementSessionCount(track: string, store: StatsState = statsStore): void {
  if (typeof track !== 'string' || track === '') return;
  const key = statsKey(track);
  pendingOf(store, key).sessions += 1;
  refresh(store, key);
  flushListeningStats(store);
}

/** Adds listened time to a track. */
export function addListeningTime(key: string, ms: number, store: StatsState = statsStore): void {
  if (typeof key !== 'string' || key === '' || !Number.isFinite(ms) || ms <= 0) return;
  pendingOf(store, key).ms += ms;
  refresh(store, key);
  scheduleWrite(store);
}

export const totalMinutesOf = (key: string, store: StatsState = statsStore): number => (hasOwn(store.tracks, key) ? (store.tracks[key]?.totalMinutes ?? 0) : 0);
