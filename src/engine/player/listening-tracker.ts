import { addListeningTime, flushListeningStats, incrementSessionCount, statsStore, type StatsState } from '../../stores/stats-store';

/**
 * Listening-time accounting (SPEC 4). The rule that keeps time from ever being counted twice:
 * every accounting point (the one-second tick, a pause, a track switch, page hide) adds exactly
 * the time from the previous accounting point to now, then moves that point to now; while
 * paused there is no accounting point, so nothing accrues. The stats store keeps the unrounded
 * time and rounds the total to two decimals once, so per-tick rounding never drifts.
 * Each accounting point adds at most one tick's second (issue 14): after a system sleep the clock
 * jumps by the whole sleep, and a tab playing audio is not throttled, so a longer gap is not
 * listening.
 */
/** The accounting tick, and the most one accounting point may add. */
const STATS_TICK_MS = 1000;
export const MAX_ACCOUNTED_MS = STATS_TICK_MS;

export interface ListeningTrackerOptions {
  store?: StatsState;
  /** Milliseconds, monotonic. */
  now?: () => number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export interface ListeningTracker {
  /** The track with this key is playing (a different key starts a new session). */
  start(key: string): void;
  /** Playback paused or stopped: add what the ticks have not added yet. */
  stop(): void;
  /** Add the time up to now without stopping (page hide). */
  flush(): void;
  /** Key of the current (or last) session. */
  readonly currentKey: string | null;
  dispose(): void;
}

interface Session {
  key: string;
  /** The last accounting point while playing; null while paused. */
  runningSince: number | null;
}

export function createListeningTracker(options: ListeningTrackerOptions = {}): ListeningTracker {
  const store = options.store ?? statsStore;
  const now = options.now ?? (() => performance.now());
  const startTimer = options.setInterval ?? ((callback: () => void, ms: number) => setInterval(callback, ms));
  const stopTimer = options.clearInterval ?? ((handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>));
  let session: Session | null = null;
  let ticker: unknown = null;

  const account = () => {
    if (!session || session.runningSince === null) return;
    const at = now();
    const elapsed = Math.min(MAX_ACCOUNTED_MS, Math.max(0, at - session.runningSince));
    session.runningSince = at;
    addListeningTime(session.key, elapsed, store);
  };

  const stopTicker = () => {
    if (ticker !== null) stopTimer(ticker);
    ticker = null;
  };

  const stop = () => {
    account();
    if (session) session.runningSince = null;
    stopTicker();
  };

  return {
    start(key) {
      if (session?.key === key) {
        if (session.runningSince !== null) return;
        session.runningSince = now();
      } else {
        // The old session's time is added to the old track before the new one counts.
        stop();
        incrementSessionCount(key, store);
        session = { key, runningSince: now() };
      }
      stopTicker();
      ticker = startTimer(account, STATS_TICK_MS);
    },
    stop,
    flush() {
      account();
      // Page hide: write now, the tab may be gone before the next scheduled write.
      flushListeningStats(store);
    },
    get currentKey() {
      return session?.key ?? null;
    },
    dispose() {
      stop();
      session = null;
    },
  };
}
