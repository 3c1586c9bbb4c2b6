/**
 * The last mix is kept while something plays (issue 40): written a little after the last change
 * and at once when the page is hidden; kept when it pauses; a stopped timer is no longer restored;
 * never written over another tab's value while nothing plays here, nor over an unreadable one.
 */
import { describe, expect, it, vi } from 'vitest';
import { keepLastMix, parseLastMix, type LastMixSources } from '../../../src/stores/last-mix';
import { createMixStore } from '../../../src/stores/mix-store';
import { createNoiseStore } from '../../../src/stores/noise-store';
import { createPlayerStore } from '../../../src/stores/player-store';
import { createSleepTimerStore } from '../../../src/stores/sleep-timer-store';
import { proxy } from 'valtio/vanilla';
import type { OwnTrackState } from '../../../src/stores/own-track';

const OCEAN = 0;
const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
const stored = () => {
  const raw = localStorage.getItem('lastMix');
  return raw === null ? null : JSON.parse(raw);
};

function sources(): LastMixSources {
  const own = proxy<OwnTrackState>({ id: null, name: '', emoji: '', playing: false, stoppedReason: null });
  return { player: createPlayerStore({ reversed: false }), own, mix: createMixStore(), noise: createNoiseStore(), timer: createSleepTimerStore() };
}

function playOcean(s: LastMixSources) {
  s.mix.layers = [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }];
  s.mix.seed = 42;
  s.mix.masterVolume = 0.8;
  s.player.currentIndex = OCEAN;
  s.player.status = 'playing';
}

describe('keeping the last mix', () => {
  it('writes nothing while nothing plays', async () => {
    const s = sources();
    const stop = keepLastMix(s, 5);
    s.mix.masterVolume = 0.5;
    await settle(20);
    expect(stored()).toBeNull();
    stop();
  });

  it('keeps the track, its layers and levels, Alive and the seed, the master volume and a running timer', async () => {
    const s = sources();
    const stop = keepLastMix(s, 5);
    playOcean(s);
    Object.assign(s.timer, { status: 'running', endsAt: 1_800_000_000_000, fadeMinutes: 5 });
    await settle(20);
    expect(stored()).toEqual({ sound: 'ocean', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }], alive: true, seed: 42, volume: 0.8, timer: { endsAt: 1_800_000_000_000, fadeMinutes: 5 } });
    stop();
  });

  it('a slider dragged writes once, after the last change', async () => {
    const s = sources();
    playOcean(s);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const stop = keepLastMix(s, 30);
    setItem.mockClear();
    for (const level of [0.5, 0.6, 0.7]) {
      s.mix.layers[0]!.level = level;
      await settle();
    }
    await settle(60);
    expect(setItem.mock.calls.filter(([key]) => key === 'lastMix')).toHaveLength(1);
    expect(stored().layers[0].level).toBe(0.7);
    setItem.mockRestore();
    stop();
  });

  it('writes at once when the page is hidden or closed', async () => {
    const s = sources();
    const stop = keepLastMix(s, 60_000);
    playOcean(s);
    await settle();
    expect(stored()).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()?.sound).toBe('ocean');
    stop();
  });

  it("a listener's own sound as the track is kept as own:<id> with the layers under it, and read back", async () => {
    const s = sources();
    const stop = keepLastMix(s, 5);
    s.mix.layers = [{ sound: 'rain', level: 0.4 }];
    Object.assign(s.own, { id: 'fan-1', name: 'Fan', playing: true });
    await settle(20);
    expect(stored()).toMatchObject({ sound: 'own:fan-1', layers: [{ sound: 'rain', level: 0.4 }] });
    expect(parseLastMix(stored())?.sound).toBe('own:fan-1');
    stop();
  });

  it('a noise alone is kept as its one layer, at its level', async () => {
    const s = sources();
    const stop = keepLastMix(s, 5);
    s.mix.bedLevels.brown = 0.3;
    Object.assign(s.noise, { colour: 'brown', status: 'playing' });
    await settle(20);
    expect(stored()).toMatchObject({ sound: null, layers: [{ sound: 'brown', level: 0.3 }], timer: null });
    stop();
  });

  it('paused, the mix stays; a timer stopped since is no longer kept as a deadline', async () => {
    const s = sources();
    const stop = keepLastMix(s, 5);
    playOcean(s);
    Object.assign(s.timer, { status: 'running', endsAt: 1_800_000_000_000, fadeMinutes: 0 });
    await settle(20);
    s.player.status = 'paused';
    s.mix.masterVolume = 0.3;
    await settle(20);
    // Not playing: the level moved since is not what played.
    expect(stored()).toMatchObject({ sound: 'ocean', volume: 0.8, timer: { endsAt: 1_800_000_000_000 } });
    Object.assign(s.timer, { status: 'idle', endsAt: null });
    await settle(20);
    expect(stored()).toMatchObject({ sound: 'ocean', volume: 0.8, timer: null });
    stop();
  });

  it("never touches another tab's last mix while nothing plays here", async () => {
    const other = JSON.stringify({ sound: 'rain', layers: [], alive: true, seed: 1, volume: 1, timer: { endsAt: 1_800_000_000_000, fadeMinutes: 0 } });
    localStorage.setItem('lastMix', other);
    const s = sources();
    const stop = keepLastMix(s, 5);
    s.timer.remainingSeconds = 3;
    s.mix.masterVolume = 0.2;
    await settle(20);
    stop();
    expect(localStorage.getItem('lastMix')).toBe(other);
  });

  it('keeps an unreadable value aside before writing over it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('lastMix', '{"sound":');
    const s = sources();
    const stop = keepLastMix(s, 5);
    playOcean(s);
    await settle(20);
    expect(stored()?.sound).toBe('ocean');
    expect(localStorage.getItem('lastMix.corrupt')).toBe('{"sound":');
    stop();
    warn.mockRestore();
  });
});
