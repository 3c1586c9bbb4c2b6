/**
 * A track element that says it plays must be heard. WebKitGTK (GStreamer), measured at the OS in the
 * engines suite, sometimes resumes an element routed through a MediaElementSource with its clock
 * stopped: `paused` is false, readyState 4, 'playing' fired, and `currentTime` stays where it paused,
 * so nothing is heard again (9 of 76 resumes measured; unrecovered, every later resume too). Another play(), a
 * pause and play, or a seek does not move it; a load() does. Rarer, its clock leaps ahead (125 s in
 * 0.6 s, to the song's end). So after each 'playing' the clock is sampled for WATCH_MS: stopped for
 * FROZEN_MS while the element has data, or ahead of the wall clock by LEAP_S, the element is loaded
 * again at the place it should be and played (at most MAX_RELOADS times in a row).
 */

/** How often the clock is read while watched. */
export const SAMPLE_MS = 25;
/**
 * A clock that has data and has not moved for this long is stopped. Measured after a resume, a moving clock's
 * first step and each next one come within 32 ms in WebKit, 52 ms in Firefox and 80 ms in Chromium.
 */
export const FROZEN_MS = 200;
/** How long after 'playing' the clock is watched: the failures come at the resume. */
export const WATCH_MS = 1500;
/** Ahead of the wall clock by more than this, the clock leapt (WebKit can run ~1 s ahead at a resume). */
export const LEAP_S = 2.5;
/** Reloads in a row before the watchdog gives up (a reload that cures nothing must not loop). */
export const MAX_RELOADS = 2;

/** HTMLMediaElement.HAVE_FUTURE_DATA: it has what it needs to move. */
const HAVE_FUTURE_DATA = 3;

export interface ClockWatchdogDeps {
  element: HTMLMediaElement;
  /** The element is what is heard (a song; not a loop whose decoded copy plays while the element keeps time). */
  heard(): boolean;
  /** Plays the element again (the player's play(), which shows paused if it is refused). */
  play(): void;
  /** Gave up: the clock still stopped after MAX_RELOADS reloads (the element is paused first). */
  onGiveUp?(): void;
  now?: () => number;
}

export interface ClockWatchdog {
  /** A reload is on its way: its 'loadstart' and 'canplay' are the watchdog's, not a new load to show. */
  readonly reloading: boolean;
  dispose(): void;
}

export function watchClock(deps: ClockWatchdogDeps): ClockWatchdog {
  const { element } = deps;
  const now = deps.now ?? (() => performance.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  let reloads = 0;
  let reloading = false;
  /** The wall time and element time the watch measures from, and when the clock last moved. */
  let from = { at: 0, time: 0 };
  let last = { at: 0, time: 0 };
  /** A seek began ('seeking') and its 'seeked' has not come: the clock moves on purpose. */
  let seekPending = false;

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };

  const reload = (time: number) => {
    stop();
    if (reloads >= MAX_RELOADS) {
      // Still stopped: paused, so nothing says it plays over silence (issue 40); the player says why.
      element.pause();
      deps.onGiveUp?.();
      return;
    }
    reloads++;
    reloading = true;
    element.load();
    // Before metadata this is the default start position: the reload plays from here.
    element.currentTime = time;
    deps.play();
  };

  const sample = () => {
    const at = now();
    if (element.paused || element.ended) return stop();
    if (at - from.at > WATCH_MS) {
      // It ran: the next trouble gets its reloads again.
      reloads = 0;
      return stop();
    }
    const time = element.currentTime;
    if (element.seeking || element.readyState < HAVE_FUTURE_DATA || time !== last.time) {
      last = { at, time };
      return;
    }
    if (!deps.heard()) return;
    if (at - last.at >= FROZEN_MS) reload(time);
  };

  const checkLeap = () => {
    // `currentTime` reads the seek's target at once; 'seeked' comes after `seeking` is false again.
    if (element.seeking || seekPending) return;
    const at = now();
    const expected = from.time + ((at - from.at) / 1000) * (element.playbackRate || 1);
    if (element.currentTime - expected > LEAP_S && deps.heard()) reload(expected);
  };

  /** The watch measures from here: the element's place now. */
  const anchor = () => {
    from = { at: now(), time: element.currentTime };
    last = from;
  };

  const start = () => {
    reloading = false;
    stop();
    anchor();
    timer = setInterval(() => {
      checkLeap();
      // A leap's reload stopped the watch.
      if (timer !== undefined) sample();
    }, SAMPLE_MS);
  };

  /** A seek moves the clock on purpose: the watch measures from the new place. */
  const reanchor = () => {
    seekPending = false;
    if (timer !== undefined) anchor();
  };

  /** The reload's own 'canplay' (heard by the player's listeners first, quietly) ends it: a refused replay must not hide the next load. */
  const loaded = () => {
    reloading = false;
  };

  const listeners: [string, () => void][] = [
    ['playing', start],
    ['canplay', loaded],
    ['pause', stop],
    [
      'seeking',
      () => {
        seekPending = true;
      },
    ],
    ['seeked', reanchor],
    [
      'error',
      () => {
        loaded();
        stop();
      },
    ],
  ];
  for (const [type, listener] of listeners) element.addEventListener(type, listener);

  return {
    get reloading() {
      return reloading;
    },
    dispose() {
      stop();
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
    },
  };
}
