import { proxy } from 'valtio/vanilla';

/**
 * The sleep timer's visible state. The engine (src/engine/sleep-timer.ts) owns the clock and
 * writes here; components only read. `endsAt` is the deadline (Date.now ms), so the countdown is
 * right however late a throttled tab's ticks arrive.
 */
export type SleepTimerStatus = 'idle' | 'running' | 'fading';

export interface SleepTimerState {
  status: SleepTimerStatus;
  endsAt: number | null;
  /** Whole seconds left, refreshed every second while running. */
  remainingSeconds: number;
  /** The last duration chosen, in minutes, so the dialog offers it again. */
  lastMinutes: number;
  /** Issue 23: the whole mix fades over the timer's last this many minutes (0: SPEC's ~1 s fade at zero). */
  fadeMinutes: number;
}

/** The long fades offered (minutes); 0 is SPEC's default ~1 s fade. */
export const SLEEP_FADE_CHOICES = [0, 1, 5, 10, 30] as const;

export function createSleepTimerStore(): SleepTimerState {
  return proxy<SleepTimerState>({ status: 'idle', endsAt: null, remainingSeconds: 0, lastMinutes: 30, fadeMinutes: 0 });
}

export const sleepTimerStore = createSleepTimerStore();

/** A duration typed by the user, in minutes, or undefined when it is not a positive number. */
export function parseTimerMinutes(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const minutes = Number(trimmed);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : undefined;
}

/** mm:ss below an hour, h:mm:ss from an hour up. */
export function formatRemaining(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

export function setSleepTimerState(patch: Partial<SleepTimerState>, store: SleepTimerState = sleepTimerStore): void {
  Object.assign(store, patch);
}
