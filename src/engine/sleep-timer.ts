import { audioFocus, stopAllAudio, type AudioFocusState } from '../stores/audio-focus-store';
import { setSleepTimerState, sleepTimerStore, type SleepTimerState } from '../stores/sleep-timer-store';

/**
 * The sleep timer's clock. Plain module (no React), so it keeps running while the dialog is
 * closed or the route changes. Every tick recomputes from the deadline: a throttled background
 * tab that wakes late still shows and acts on the true time left.
 * At zero the bus's fade gain steps down every 100 ms over about 1 s (each step ramped by the bus,
 * so the fade is smooth), then every engine is asked to stop (stopAllAudio), and one step later the
 * gain is restored so the next play is audible. With a long fade (issue 23: the last 1, 5, 10 or 30
 * minutes) the bus ramps the fade gain to 0 on the audio clock from then to the deadline; the deadline
 * itself stays on the wall clock, so a throttled or sleeping tab still stops on time.
 */
/** SPEC 4's fade at zero: about 1 s, in steps the bus ramps between. */
const SLEEP_FADE_MS = 1000;
const SLEEP_FADE_STEP_MS = 100;

export interface SleepTimerDeps {
  timer: SleepTimerState;
  focus: AudioFocusState;
  /** The bus's fade gain, 0..1. */
  fade: (level: number) => void;
  /** The bus's fade gain to 0 over `seconds`, a linear ramp on the audio clock. */
  fadeOut?: (seconds: number) => void;
  now: () => number;
}

export interface SleepTimer {
  start(minutes: number): void;
  stop(): void;
}

export function createSleepTimer(deps: SleepTimerDeps): SleepTimer {
  const { timer, focus, fade: setFadeGain, now } = deps;
  let handle: ReturnType<typeof setTimeout> | undefined;
  /** The long fade is on its way to zero (scheduled once, on the audio clock). */
  let longFade = false;

  const clear = () => {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
  };

  const finish = () => {
    clear();
    longFade = false;
    setFadeGain(1);
    setSleepTimerState({ status: 'idle', endsAt: null, remainingSeconds: 0 }, timer);
  };

  const fade = (startedAt: number) => {
    const steps = SLEEP_FADE_MS / SLEEP_FADE_STEP_MS;
    // After a long fade the mix is already silent: it stops now, without the short fade's steps back up.
    const elapsedSteps = longFade ? steps : Math.min(steps, Math.floor((now() - startedAt) / SLEEP_FADE_STEP_MS) + 1);
    if (elapsedSteps >= steps) {
      setFadeGain(0);
      stopAllAudio(focus);
      // Restore on the next step, after the engines have paused, so no full-volume blip is heard.
      handle = setTimeout(finish, SLEEP_FADE_STEP_MS);
      return;
    }
    setFadeGain(1 - elapsedSteps / steps);
    handle = setTimeout(() => fade(startedAt), SLEEP_FADE_STEP_MS);
  };

  const tick = () => {
    if (timer.endsAt === null) return;
    const remainingMs = timer.endsAt - now();
    if (remainingMs <= 0) {
      setSleepTimerState({ status: 'fading', remainingSeconds: 0 }, timer);
      fade(now());
      return;
    }
    setSleepTimerState({ remainingSeconds: Math.ceil(remainingMs / 1000) }, timer);
    if (!longFade && deps.fadeOut && timer.fadeMinutes > 0 && remainingMs <= timer.fadeMinutes * 60_000) {
      longFade = true;
      deps.fadeOut(remainingMs / 1000);
    }
    // Wake at the next whole-second boundary of the remaining time, so the display changes on time.
    handle = setTimeout(tick, remainingMs % 1000 || 1000);
  };

  return {
    start(minutes: number) {
      if (!Number.isFinite(minutes) || minutes <= 0) return;
      clear();
      if (timer.status === 'fading' || longFade) setFadeGain(1);
      longFade = false;
      const endsAt = now() + Math.round(minutes * 60_000);
      setSleepTimerState({ status: 'running', endsAt, lastMinutes: minutes }, timer);
      tick();
    },
    stop() {
      finish();
    },
  };
}

let shared: SleepTimer | undefined;

/** Created once by startApp(), with the bus's fade. */
export function startSleepTimerEngine(fade: (level: number) => void, fadeOut?: (seconds: number) => void): SleepTimer {
  shared ??= createSleepTimer({ timer: sleepTimerStore, focus: audioFocus, fade, fadeOut, now: () => Date.now() });
  return shared;
}

export const startSleepTimer = (minutes: number): void => shared?.start(minutes);
/** The long fade for the next timers (0: SPEC's ~1 s); a running timer picks it up at its next tick. */
export const setSleepFade = (minutes: number): void => setSleepTimerState({ fadeMinutes: minutes });
export const stopSleepTimer = (): void => shared?.stop();
