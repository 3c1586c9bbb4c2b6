import { constants } from '../../lib/strings';
import { incrementSessionCount, setTotalMinutes, statsStore, totalMinutesOf, type StatsState } from '../../stores/stats-store';

/**
 * Listening-time accounting (SPEC 4). The rule that keeps time from ever being counted twice:
 * every accounting point (the one-second tick, a pause, a track switch, page hide) adds exactly
 * the time from the previous accounting point to now, then moves that point to now; while
 * paused there is no accounting point, so nothing accrues. The total shown is recomputed as
 * (track total when the session began) + (all time accounted in the session), rounded to two
 * decimals once, so per-tick rounding never drifts. Time comes from a clock (deadlines), so a
 * throttled or late tick still adds the real elapsed time, not 1/60 minute per tick.
 */
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
  baseMinutes: number;
  accountedMs: number;
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
    session.accountedMs += Math.max(0, at - session.runningSince);
    session.runningSince = at;
    setTotalMinutes(session.key, session.baseMinutes + session.accountedMs / 60_000, store);
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
        session = { key, baseMinutes: totalMinutesOf(key, store), accountedMs: 0, runningSince: now() };
      }
      stopTicker();
      ticker = startTimer(account, constants.statsTickMs);
    },
    stop,
    flush: account,
    get currentKey() {
      return session?.key ?? null;
    },
    dispose() {
      stop();
      session = null;
    },
  };
}
