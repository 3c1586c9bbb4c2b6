import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSleepTimer } from '../../../src/engine/sleep-timer';
import { claimAudioFocus, createAudioFocusStore } from '../../../src/stores/audio-focus-store';
import { createSleepTimerStore, formatRemaining, parseTimerMinutes } from '../../../src/stores/sleep-timer-store';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T22:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function setup() {
  const timer = createSleepTimerStore();
  const focus = createAudioFocusStore();
  claimAudioFocus('player', focus);
  // The bus's fade gain, as the timer sets it.
  const bus = { fadeGain: 1 };
  const sleep = createSleepTimer({ timer, focus, fade: (level) => (bus.fadeGain = level), now: () => Date.now() });
  return { timer, focus, bus, sleep };
}

describe('sleep timer formatting and input', () => {
  it('shows mm:ss below an hour and h:mm:ss from an hour up', () => {
    expect(formatRemaining(0)).toBe('00:00');
    expect(formatRemaining(59)).toBe('00:59');
    expect(formatRemaining(10 * 60)).toBe('10:00');
    expect(formatRemaining(3599)).toBe('59:59');
    expect(formatRemaining(3600)).toBe('1:00:00');
    expect(formatRemaining(2 * 3600 + 61)).toBe('2:01:01');
  });

  it('accepts only positive numbers of minutes', () => {
    expect(parseTimerMinutes('30')).toBe(30);
    expect(parseTimerMinutes('0.5')).toBe(0.5);
    for (const bad of ['', ' ', '0', '-3', 'abc', 'Infinity', '1e999']) expect(parseTimerMinutes(bad)).toBeUndefined();
  });
});

describe('sleep timer engine', () => {
  it('counts down every second from the deadline', () => {
    const { timer, sleep } = setup();
    sleep.start(2);
    expect(timer.status).toBe('running');
    expect(timer.remainingSeconds).toBe(120);
    vi.advanceTimersByTime(1000);
    expect(timer.remainingSeconds).toBe(119);
    vi.advanceTimersByTime(59_000);
    expect(timer.remainingSeconds).toBe(60);
  });

  it('follows the clock, not the tick count, when ticks arrive late', () => {
    const { timer, sleep } = setup();
    sleep.start(1);
    // A throttled tab: the wall clock moves 40 s while no timer runs.
    vi.setSystemTime(Date.now() + 40_000);
    vi.advanceTimersByTime(1000);
    expect(timer.remainingSeconds).toBe(19);
  });

  it('fades the shared gain in 100 ms steps over about a second, stops all audio, then restores the gain', () => {
    const { timer, focus, bus, sleep } = setup();
    sleep.start(1);
    vi.advanceTimersByTime(60_000);
    expect(timer.status).toBe('fading');
    const gains = [bus.fadeGain];
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(100);
      gains.push(bus.fadeGain);
    }
    expect(gains.map((g) => Math.round(g * 10) / 10)).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0]);
    expect(focus.owner).toBe('none');
    expect(timer.status).toBe('fading');
    vi.advanceTimersByTime(100);
    expect(bus.fadeGain).toBe(1);
    expect(timer.status).toBe('idle');
    expect(timer.endsAt).toBeNull();
  });

  it('Stop timer cancels: nothing fades and nothing stops', () => {
    const { timer, focus, bus, sleep } = setup();
    sleep.start(1);
    vi.advanceTimersByTime(30_000);
    sleep.stop();
    expect(timer.status).toBe('idle');
    vi.advanceTimersByTime(120_000);
    expect(focus.owner).toBe('player');
    expect(bus.fadeGain).toBe(1);
  });

  it('stopping during the fade restores the gain at once', () => {
    const { focus, bus, sleep } = setup();
    sleep.start(0.1);
    vi.advanceTimersByTime(6_300);
    expect(bus.fadeGain).toBeLessThan(1);
    sleep.stop();
    expect(bus.fadeGain).toBe(1);
    vi.advanceTimersByTime(5_000);
    expect(focus.owner).toBe('player');
  });

  it('a restart replaces the running countdown', () => {
    const { timer, sleep } = setup();
    sleep.start(10);
    vi.advanceTimersByTime(5_000);
    sleep.start(1);
    expect(timer.remainingSeconds).toBe(60);
    expect(timer.lastMinutes).toBe(1);
  });

  it('ignores a duration that is not positive', () => {
    const { timer, sleep } = setup();
    sleep.start(0);
    sleep.start(Number.NaN);
    expect(timer.status).toBe('idle');
  });

  it('a long fade starts its audio-clock ramp at the last N minutes, to the deadline, and stops on the wall clock without stepping back up', () => {
    const timer = createSleepTimerStore();
    const focus = createAudioFocusStore();
    claimAudioFocus('player', focus);
    const fades: number[] = [];
    const fadeOuts: number[] = [];
    const levels: number[] = [];
    const sleep = createSleepTimer({ timer, focus, fade: (level) => levels.push(level), fadeOut: (seconds) => fadeOuts.push(seconds), now: () => Date.now() });
    timer.fadeMinutes = 5;
    sleep.start(20);
    vi.advanceTimersByTime(14 * 60_000);
    expect(fadeOuts).toEqual([]);
    vi.advanceTimersByTime(60_000);
    // Scheduled once, over exactly the time left.
    expect(fadeOuts).toEqual([300]);
    vi.advanceTimersByTime(4 * 60_000);
    expect(fadeOuts).toEqual([300]);
    expect(focus.owner).toBe('player');
    vi.advanceTimersByTime(60_000);
    vi.advanceTimersByTime(100);
    // At the deadline the mix stops at once, at 0 (no short fade from 1 again), then the gain is restored.
    expect(focus.owner).toBe('none');
    expect(levels.filter((level) => level > 0 && level < 1)).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(levels.at(-1)).toBe(1);
    expect(timer.status).toBe('idle');
    expect(fades).toEqual([]);
  });

  it('a timer shorter than its long fade fades over all of it; a restart mid-fade restores the level first', () => {
    const timer = createSleepTimerStore();
    const focus = createAudioFocusStore();
    claimAudioFocus('player', focus);
    const fadeOuts: number[] = [];
    const levels: number[] = [];
    const sleep = createSleepTimer({ timer, focus, fade: (level) => levels.push(level), fadeOut: (seconds) => fadeOuts.push(seconds), now: () => Date.now() });
    timer.fadeMinutes = 10;
    sleep.start(2);
    expect(fadeOuts).toEqual([120]);
    vi.advanceTimersByTime(30_000);
    sleep.start(30);
    expect(levels).toEqual([1]);
    // 30 minutes with a 10-minute fade: the new ramp waits for the last 10.
    expect(fadeOuts).toEqual([120]);
    vi.advanceTimersByTime(20 * 60_000);
    expect(fadeOuts).toEqual([120, 600]);
  });
});
