import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createListeningTracker } from '../../../../src/engine/player/listening-tracker';
import { createStatsStore } from '../../../../src/stores/stats-store';

describe('listening-time accounting', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const store = createStatsStore({ persist: false, initial: {} });
    // The default clock is performance.now, which vitest's fake timers drive as well.
    const tracker = createListeningTracker({ store });
    return { store, tracker };
  };

  it('a one-second tick adds 1/60 minute while playing; minutes rounded to 2 decimals without drift', () => {
    const { store, tracker } = setup();
    tracker.start('ocean');
    vi.advanceTimersByTime(1000);
    expect(store.tracks.ocean?.totalMinutes).toBe(0.02);
    vi.advanceTimersByTime(59_000);
    expect(store.tracks.ocean?.totalMinutes).toBe(1);
    // Rounding each tick (0.02 per second) would have made this 1.2.
    vi.advanceTimersByTime(9 * 60_000);
    expect(store.tracks.ocean?.totalMinutes).toBe(10);
  });

  it('pause adds only what the ticks have not added: nothing is counted twice', () => {
    const { store, tracker } = setup();
    tracker.start('ocean');
    vi.advanceTimersByTime(10_500);
    tracker.stop();
    expect(store.tracks.ocean?.totalMinutes).toBe(0.18); // 10.5 s
    tracker.stop();
    vi.advanceTimersByTime(60_000);
    expect(store.tracks.ocean?.totalMinutes).toBe(0.18);
  });

  it('resuming the same sound continues its session; a different sound starts a new one after adding the old time', () => {
    const { store, tracker } = setup();
    tracker.start('ocean');
    vi.advanceTimersByTime(30_000);
    tracker.stop();
    tracker.start('ocean');
    vi.advanceTimersByTime(30_000);
    expect(store.tracks.ocean).toMatchObject({ totalMinutes: 1, sessionCount: 1 });
    vi.advanceTimersByTime(400);
    tracker.start('river');
    expect(store.tracks.ocean).toMatchObject({ totalMinutes: 1.01, sessionCount: 1 });
    expect(store.tracks.river).toMatchObject({ totalMinutes: 0, sessionCount: 1 });
    vi.advanceTimersByTime(6000);
    tracker.start('ocean');
    expect(store.tracks.river?.totalMinutes).toBe(0.1);
    expect(store.tracks.ocean?.sessionCount).toBe(2);
  });

  it('a tick after a system sleep adds at most its own second, not the whole sleep', () => {
    let now = 0;
    const store = createStatsStore({ persist: false, initial: {} });
    let tick: () => void = () => {};
    const tracker = createListeningTracker({ store, now: () => now, setInterval: (callback) => ((tick = callback), 1), clearInterval: () => {} });
    tracker.start('rain');
    now = 1000;
    tick();
    expect(store.tracks.rain?.totalMinutes).toBe(0.02);
    now = 1000 + 2 * 3_600_000; // the laptop slept two hours with the tab playing
    tick();
    expect(store.tracks.rain?.totalMinutes).toBe(0.03);
    now += 1000;
    tick();
    tick(); // a duplicate tick at the same instant adds nothing
    expect(store.tracks.rain?.totalMinutes).toBe(0.05);
    now += 3_600_000; // and a pause after another sleep adds at most a second too
    tracker.stop();
    expect(store.tracks.rain?.totalMinutes).toBe(0.07);
  });

  it('adds to the stored total of earlier visits', () => {
    const store = createStatsStore({ persist: false, initial: { fire: { totalMinutes: 2.5, sessionCount: 4 } } });
    const tracker = createListeningTracker({ store });
    tracker.start('fire');
    vi.advanceTimersByTime(30_000);
    tracker.flush();
    expect(store.tracks.fire).toMatchObject({ totalMinutes: 3, sessionCount: 5 });
    tracker.dispose();
    vi.advanceTimersByTime(30_000);
    expect(store.tracks.fire?.totalMinutes).toBe(3);
  });
});
