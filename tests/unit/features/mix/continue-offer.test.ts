/**
 * "Continue" plays the last mix in the tap (issue 40): the whole mix with its master volume, and a
 * sleep timer only while its deadline is ahead, with the time that was left and its long fade.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LastMix } from '../../../../src/stores/last-mix';

const calls = vi.hoisted(() => ({ playMix: [] as unknown[], timer: [] as number[], fade: [] as number[] }));
vi.mock('../../../../src/features/mix/play-mix', async (original) => ({
  ...(await original<typeof import('../../../../src/features/mix/play-mix')>()),
  playMix: (mix: unknown) => calls.playMix.push(mix),
}));
vi.mock('../../../../src/engine/sleep-timer', () => ({
  startSleepTimer: (minutes: number) => calls.timer.push(minutes),
  setSleepFade: (minutes: number) => calls.fade.push(minutes),
}));

const { continueLastMix } = await import('../../../../src/features/mix/continue-offer');
const { sleepTimerStore } = await import('../../../../src/stores/sleep-timer-store');

const NOW = 1_800_000_000_000;
const mix = (timer: LastMix['timer']): LastMix => ({ sound: 'ocean', layers: [{ sound: 'rain', level: 0.4 }], alive: true, seed: 7, volume: 0.6, timer });

beforeEach(() => {
  calls.playMix.length = 0;
  calls.timer.length = 0;
  calls.fade.length = 0;
});

describe('continuing the last mix', () => {
  it('plays the track, layers, Alive, seed and master volume', () => {
    continueLastMix(mix(null), NOW);
    expect(calls.playMix).toEqual([{ sound: 'ocean', layers: [{ sound: 'rain', level: 0.4 }], alive: true, seed: 7, volume: 0.6 }]);
    expect(calls.timer).toEqual([]);
  });

  it('restores a timer whose deadline is ahead, with the minutes left and its fade; the dialog keeps its own last choice', () => {
    sleepTimerStore.lastMinutes = 45;
    continueLastMix(mix({ endsAt: NOW + 12.5 * 60_000, fadeMinutes: 5 }), NOW);
    expect(calls.fade).toEqual([5]);
    expect(calls.timer).toEqual([12.5]);
    expect(sleepTimerStore.lastMinutes).toBe(45);
  });

  it('does not restore a timer whose deadline has passed', () => {
    continueLastMix(mix({ endsAt: NOW - 1, fadeMinutes: 0 }), NOW);
    continueLastMix(mix({ endsAt: NOW, fadeMinutes: 0 }), NOW);
    expect(calls.playMix).toHaveLength(2);
    expect(calls.timer).toEqual([]);
    expect(calls.fade).toEqual([]);
  });
});
