import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlaylistRunner, type PlayerPort, type PlaylistChangeDetail } from '../../../src/engine/playlist-runner';
import type { PlayerStatus } from '../../../src/stores/player-store';
import { createPlaylistStore, deletePlaylist, savePlaylist, type Playlist } from '../../../src/stores/playlist-store';
import { soundscapes } from '../../../src/catalogue/catalogue';

/** A player with the real one's visible behaviour: loading, then playing; pause; a failing sound. */
class FakePlayer implements PlayerPort {
  status: PlayerStatus = 'idle';
  currentIndex: number | null = null;
  played: { index: number; volume: number }[] = [];
  /** What the runner registered for the player's previous/next buttons. */
  control: { isActive(): boolean; step(direction: 1 | -1): void } | null = null;
  failing = new Set<number>();
  origin: 'user' | 'playlist' = 'user';
  private listeners = new Set<() => void>();
  play(index: number, volume: number) {
    this.played.push({ index, volume });
    this.currentIndex = index;
    this.origin = 'playlist';
    if (this.failing.has(index)) {
      this.set('paused');
      return Promise.resolve(false);
    }
    this.set('loading');
    this.set('playing');
    return Promise.resolve(true);
  }
  pause() {
    this.set('paused');
  }
  userPlays(index: number) {
    this.currentIndex = index;
    this.origin = 'user';
    this.set('playing');
  }
  resume() {
    this.set('playing');
  }
  view() {
    return { status: this.status, currentIndex: this.currentIndex, origin: this.origin };
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  registerControl(control: { isActive(): boolean; step(direction: 1 | -1): void }) {
    this.control = control;
    return () => {
      if (this.control === control) this.control = null;
    };
  }
  get playlistActive() {
    return this.control?.isActive() ?? false;
  }
  /** The player bar's next/previous buttons: through the playlist while it is active. */
  press(direction: 1 | -1) {
    if (this.control?.isActive()) this.control.step(direction);
  }
  private set(status: PlayerStatus) {
    this.status = status;
    for (const l of this.listeners) l();
  }
}

const minutes = (n: number) => n * 60_000;
const playlist = (items: [number, number][], id = 'p1'): Playlist => ({ id, name: 'Night', description: '', items: items.map(([index, duration]) => ({ index, duration })) });

let dispose: (() => void) | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  dispose?.();
  vi.useRealTimers();
});

function setup(playlists: Playlist[], onNothingPlayable?: () => void) {
  const store = createPlaylistStore(playlists);
  const player = new FakePlayer();
  const target = new EventTarget();
  const changes: number[] = [];
  let stops = 0;
  target.addEventListener('playlist-change', (e) => changes.push((e as CustomEvent<PlaylistChangeDetail>).detail.index));
  target.addEventListener('playlist-stop', () => stops++);
  const runner = createPlaylistRunner({ store, player, target, now: () => Date.now(), onNothingPlayable });
  dispose = runner.dispose;
  return { store, player, target, runner, changes, stops: () => stops };
}

describe('playlist runner', () => {
  it('plays each item at its catalogue volume, advances after its duration and wraps', () => {
    const { player, runner, store, changes } = setup([playlist([[3, 1], [9, 2]])]);
    runner.play('p1');
    expect(player.played).toEqual([{ index: 3, volume: soundscapes[3]?.volume }]);
    expect(player.playlistActive).toBe(true);
    vi.advanceTimersByTime(minutes(1) - 1);
    expect(player.played).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(player.played.at(-1)).toEqual({ index: 9, volume: 0.2 });
    expect(store.active?.index).toBe(1);
    vi.advanceTimersByTime(minutes(2));
    expect(player.played.at(-1)?.index).toBe(3);
    expect(changes).toEqual([0, 1, 0]);
  });

  it('pausing stops the item clock and playing resumes it', () => {
    const { player, runner } = setup([playlist([[0, 1], [1, 1]])]);
    runner.play('p1');
    vi.advanceTimersByTime(40_000);
    player.pause();
    vi.advanceTimersByTime(minutes(10));
    expect(player.played).toHaveLength(1);
    player.resume();
    vi.advanceTimersByTime(19_999);
    expect(player.played).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(player.played.at(-1)?.index).toBe(1);
  });

  it('a late timer catches up from the deadline instead of losing time', () => {
    const { player, runner, store } = setup([playlist([[0, 1], [1, 1], [2, 1]])]);
    runner.play('p1');
    // The tab slept: the wall clock moved 90 s on, then the 60 s timer fired: 150 s in all.
    vi.setSystemTime(Date.now() + 90_000);
    vi.advanceTimersByTime(minutes(1));
    expect(store.active?.index).toBe(2);
    expect(player.played.map((p) => p.index)).toEqual([0, 2]);
    vi.advanceTimersByTime(30_000 - 1);
    expect(store.active?.index).toBe(2);
    vi.advanceTimersByTime(1);
    expect(store.active?.index).toBe(0);
  });

  it('a one-item playlist wraps onto itself without pausing it', () => {
    const { player, runner } = setup([playlist([[5, 1]])]);
    runner.play('p1');
    vi.advanceTimersByTime(minutes(3));
    expect(player.played).toHaveLength(1);
    expect(player.status).toBe('playing');
  });

  it('skips a missing soundscape after 1 s and a failing one after 2 s', () => {
    const { player, runner, store } = setup([playlist([[99, 1], [4, 1], [6, 1]])]);
    player.failing.add(4);
    runner.play('p1');
    expect(store.active?.problem).toBe('missing');
    expect(player.played).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(player.played.at(-1)?.index).toBe(4);
    return Promise.resolve().then(() => {
      expect(store.active?.problem).toBe('failed');
      vi.advanceTimersByTime(1999);
      expect(player.played).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(player.played.at(-1)?.index).toBe(6);
      expect(store.active?.problem).toBeNull();
    });
  });

  it('a whole round with nothing playable (offline, nothing saved) stops the playlist once and says so, instead of cycling', async () => {
    let told = 0;
    const { player, runner, store, stops } = setup([playlist([[4, 1], [99, 1], [6, 1]])], () => told++);
    player.failing.add(4);
    player.failing.add(6);
    runner.play('p1');
    await Promise.resolve();
    expect(store.active?.problem).toBe('failed');
    vi.advanceTimersByTime(2000); // 4 failed: the missing 99
    vi.advanceTimersByTime(1000); // 99 missing: 6, which fails
    await Promise.resolve();
    expect(player.played.map((p) => p.index)).toEqual([4, 6]);
    expect(store.active).not.toBeNull();
    vi.advanceTimersByTime(2000);
    expect(store.active).toBeNull();
    expect(stops()).toBe(1);
    expect(told).toBe(1);
    vi.advanceTimersByTime(minutes(10));
    expect(player.played.map((p) => p.index)).toEqual([4, 6]);
  });

  it('one item that plays in a round keeps the playlist going past the ones that fail', async () => {
    let told = 0;
    const { player, runner, store } = setup([playlist([[4, 1], [5, 1], [6, 1]])], () => told++);
    player.failing.add(4);
    player.failing.add(6);
    runner.play('p1');
    await Promise.resolve();
    vi.advanceTimersByTime(2000); // 4 failed: 5 plays for a minute
    expect(player.played.at(-1)?.index).toBe(5);
    vi.advanceTimersByTime(minutes(1)); // 6 fails
    await Promise.resolve();
    vi.advanceTimersByTime(2000); // 4 again, fails
    await Promise.resolve();
    vi.advanceTimersByTime(2000);
    expect(player.played.map((p) => p.index)).toEqual([4, 5, 6, 4, 5]);
    expect(store.active).not.toBeNull();
    expect(told).toBe(0);
  });

  it("the player's previous and next call the runner directly: one wrapped index, announced by playlist-previous and playlist-next", () => {
    const { player, runner, target, changes } = setup([playlist([[0, 5], [1, 5], [2, 5]])]);
    const announced: [string, unknown][] = [];
    const listener = (event: Event) => announced.push([event.type, (event as CustomEvent).detail]);
    target.addEventListener('playlist-next', listener);
    target.addEventListener('playlist-previous', listener);
    // No playlist yet: the buttons are the player's own, the runner does nothing.
    player.press(1);
    expect(player.played).toHaveLength(0);
    runner.play('p1');
    player.press(-1);
    expect(player.played.at(-1)?.index).toBe(2);
    player.press(1);
    expect(player.played.at(-1)?.index).toBe(0);
    runner.next();
    expect(player.played.at(-1)?.index).toBe(1);
    runner.previous();
    expect(player.played.map((p) => p.index)).toEqual([0, 2, 0, 1, 0]);
    expect(announced).toEqual([['playlist-previous', 2], ['playlist-next', 0], ['playlist-next', 1], ['playlist-previous', 0]]);
    expect(changes).toEqual([0, 2, 0, 1, 0]);
  });

  it('playlist-next and playlist-previous from the page are notifications: they do not move the playlist', () => {
    const { player, runner, target, store } = setup([playlist([[0, 5], [1, 5], [2, 5]])]);
    runner.play('p1');
    target.dispatchEvent(new CustomEvent('playlist-next', { detail: 2 }));
    target.dispatchEvent(new CustomEvent('playlist-previous', { detail: 1 }));
    expect(player.played.map((p) => p.index)).toEqual([0]);
    expect(store.active?.index).toBe(0);
  });

  it('Stop Playlist pauses, clears the timer, resets the index and says so', () => {
    const { player, runner, store, stops } = setup([playlist([[0, 1], [1, 1]])]);
    runner.play('p1', 1);
    runner.stop();
    expect(player.status).toBe('paused');
    expect(store.active).toBeNull();
    expect(player.playlistActive).toBe(false);
    expect(stops()).toBe(1);
    vi.advanceTimersByTime(minutes(5));
    expect(player.played).toHaveLength(1);
    runner.play('p1');
    expect(player.played.at(-1)?.index).toBe(0);
  });

  it('deleting the playing playlist stops it', async () => {
    const { runner, store, player } = setup([playlist([[0, 1]])]);
    runner.play('p1');
    deletePlaylist('p1', store);
    await Promise.resolve();
    await Promise.resolve();
    expect(store.active).toBeNull();
    expect(player.status).toBe('paused');
  });

  it('a sound the user picks ends the playlist and keeps playing', () => {
    const { runner, store, player, stops } = setup([playlist([[0, 1], [1, 1]])]);
    runner.play('p1');
    player.userPlays(7);
    expect(store.active).toBeNull();
    expect(player.playlistActive).toBe(false);
    expect(player.status).toBe('playing');
    expect(stops()).toBe(1);
    vi.advanceTimersByTime(minutes(5));
    expect(player.played).toHaveLength(1);
  });
  it('removing the playing item (B of A, B, C) keeps B playing, highlights nothing, and C comes next when B\'s time ends', () => {
    const { player, runner, store } = setup([playlist([[0, 1], [1, 2], [2, 1]])]);
    runner.play('p1', 1);
    vi.advanceTimersByTime(30_000);
    savePlaylist({ name: 'Night', description: '', items: [{ index: 0, duration: 1 }, { index: 2, duration: 1 }] }, 'p1', store);
    expect(player.currentIndex).toBe(1);
    expect(store.active).toMatchObject({ removed: true, index: 1 });
    // B keeps its own time (2 minutes), then C (not A) plays.
    vi.advanceTimersByTime(minutes(1.5) - 1);
    expect(player.played.map((p) => p.index)).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(player.played.map((p) => p.index)).toEqual([1, 2]);
    expect(store.active).toMatchObject({ removed: false, index: 1 });
    // Next and previous from a removed item: the one that followed it, and the one before that.
    runner.play('p1', 0);
    savePlaylist({ name: 'Night', description: '', items: [{ index: 2, duration: 1 }] }, 'p1', store);
    player.press(1);
    expect(player.played.at(-1)?.index).toBe(2);
  });

  it('previous from a removed item plays the item before the gap', () => {
    const { player, runner, store } = setup([playlist([[0, 1], [1, 1], [2, 1]])]);
    runner.play('p1', 1);
    savePlaylist({ name: 'Night', description: '', items: [{ index: 0, duration: 1 }, { index: 2, duration: 1 }] }, 'p1', store);
    player.press(-1);
    expect(player.played.at(-1)?.index).toBe(0);
  });

  it('an item longer than setTimeout allows (stored before the bound) does not spin: the timer sleeps in steps', () => {
    const { player, runner } = setup([playlist([[0, 40_000], [1, 1]])]);
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    runner.play('p1');
    vi.advanceTimersByTime(minutes(60));
    // A delay over 2^31 - 1 ms fires at once; clamped, an hour needs no timer at all.
    expect(setTimeoutSpy.mock.calls.length).toBeLessThan(5);
    expect(player.played).toHaveLength(1);
  });
});
