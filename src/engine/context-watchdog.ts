/**
 * The system taking the audio from the context (issue 40). iOS moves a context to 'interrupted' for a call, Siri or
 * an alarm, and after one can leave it reading 'running' while its clock stays put (reports: GetStream's
 * stream-video-js #2249, cwilso/metronome #25). While something plays, this watchdog reads the context's state on
 * every state change and compares its clock with the wall clock (the watchdog's only use of it) every CHECK_MS: an
 * 'interrupted' state, a 'running' clock that has not moved for FROZEN_CLOCK_MS, or a 'suspended' state that lasts as
 * long with no resume of Lull's on its way (the system suspended it: older iOS, a device taken away), is the system's
 * (`onChange(true)`); the clock moving again while 'running' gives the audio back (`onChange(false)`). A context Lull
 * suspended itself is not watched: the bus stops the watch before its own suspend.
 */

/** A 'running' clock stopped this long is the system's: a busy page still moves it (the audio thread runs apart). */
export const FROZEN_CLOCK_MS = 2000;
const CHECK_MS = 500;

export interface ContextWatch {
  /** The system has the audio now (an interruption, or a frozen clock). */
  readonly taken: boolean;
  stop(): void;
}

/**
 * Wall time from the output's own timestamp where there is one: a page's faked timers (a test's clock) cannot move it.
 * A context that does not run has no output to stamp it: then the page's clock. Read only while the clock stands
 * still: Firefox 153 answers getOutputTimestamp with a synchronous call to its audio server while holding its graph's
 * lock, and read twice a second through a night it deadlocked the tab (the audio server waiting on the graph's data
 * callback, the graph on that lock; seen in gdb, 2026-11-28).
 */
const outputNow = (ctx: BaseAudioContext) => () => {
  const stamp = 'getOutputTimestamp' in ctx && ctx.state === 'running' ? (ctx as AudioContext).getOutputTimestamp().performanceTime : undefined;
  return stamp !== undefined && stamp > 0 ? stamp : performance.now();
};

export interface WatchOptions {
  /** A resume of Lull's is on its way: a 'suspended' state now is not the system's. */
  isResuming?: () => boolean;
  /** The page's clock (ms). */
  now?: () => number;
  /** A clock a page's faked timers cannot move (ms), read only while the audio clock stands still; `now` if given. */
  stamp?: () => number;
}

export function watchContext(ctx: BaseAudioContext, onChange: (taken: boolean) => void, options: WatchOptions = {}): ContextWatch {
  const { isResuming = () => false, now = () => performance.now(), stamp = options.now ?? outputNow(ctx) } = options;
  let taken = false;
  let stopped = false;
  let last = { clock: ctx.currentTime, at: now() };
  /**
   * The clock seen standing still: the stamp then, and the page's time it had stood still by (at most a check: a
   * faked clock's jump, a test's fast-forward, counts for no more).
   */
  let still: { stamp: number; stood: number } | undefined;
  /** Since when it reads 'suspended' with no resume on its way. */
  let suspendedSince: number | undefined;
  const set = (value: boolean) => {
    if (stopped || taken === value) return;
    taken = value;
    onChange(value);
  };
  /** Timer checks in a row that found it 'running' (a state change starts again from 0). */
  let runningTicks = 0;
  const check = (event?: Event) => {
    // 'interrupted' is iOS's own state, outside the DOM typings' AudioContextState.
    const state: string = ctx.state;
    const clock = ctx.currentTime, at = now();
    runningTicks = event || state !== 'running' ? 0 : runningTicks + 1;
    if (state === 'interrupted') return set(true);
    suspendedSince = state === 'suspended' && !isResuming() ? (suspendedSince ?? at) : undefined;
    if (suspendedSince !== undefined && at - suspendedSince >= FROZEN_CLOCK_MS) set(true);
    if (state !== 'running' || clock !== last.clock) {
      last = { clock, at };
      still = undefined;
      return state === 'running' ? set(false) : undefined;
    }
    // Never around a state change, when Firefox's graph may be switching its output: a loop over the three noise pages
    // deadlocked in its 4th round with the stamp read there, and ran 25 rounds with it read only from a timer's second
    // 'running' tick on. A freeze is still judged by the ticks.
    if (runningTicks < 2) return;
    still ??= { stamp: stamp(), stood: Math.min(CHECK_MS, at - last.at) };
    if (still.stood + stamp() - still.stamp >= FROZEN_CLOCK_MS) set(true);
  };
  const timer = setInterval(check, CHECK_MS);
  ctx.addEventListener('statechange', check);
  return {
    get taken() {
      return taken;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      ctx.removeEventListener('statechange', check);
    },
  };
}
