import { describe, expect, it } from 'vitest';
import { createListeningTracker } from '../../../../src/engine/player/listening-tracker';
import { createPlayerStats } from '../../../../src/engine/player/player-stats';
import { createStatsStore, statsStore } from '../../../../src/stores/stats-store';

describe('player stats', () => {
  it('counts while playing, adds the time so far on page hide, and stops on pause', () => {
    let now = 0;
    const store = createStatsStore({ persist: false, initial: {} });
    const tracker = createListeningTracker({ store, now: () => now, setInterval: () => 1, clearInterval: () => {} });
    const stats = createPlayerStats(tracker);
    stats.playing('Ocean');
    now = 600;
    window.dispatchEvent(new Event('pagehide'));
    expect(store.tracks.ocean).toMatchObject({ sessionCount: 1 });
    expect(store.tracks.ocean!.totalMinutes).toBeCloseTo(0.01, 2);
    stats.stopped();
    now = 60_000;
    stats.playing('Ocean');
    stats.stopped();
    // Paused time is not listening, and resuming the same track is the same session.
    expect(store.tracks.ocean).toMatchObject({ sessionCount: 1 });
    expect(store.tracks.ocean!.totalMinutes).toBeCloseTo(0.01, 2);
    stats.dispose();
  });

  it("exposes window.incrementSessionCount (SPEC 4) while it lives, and only its own", () => {
    const stats = createPlayerStats(createListeningTracker({ store: createStatsStore({ persist: false, initial: {} }) }));
    const before = statsStore.tracks['kettle']?.sessionCount ?? 0;
    window.incrementSessionCount?.('kettle');
    expect(statsStore.tracks['kettle']?.sessionCount).toBe(before + 1);
    stats.dispose();
    expect(window.incrementSessionCount).toBeUndefined();
  });
});
