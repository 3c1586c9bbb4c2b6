import { subscribe } from 'valtio/vanilla';
import { getSoundscape, type Soundscape } from '../catalogue/catalogue';
import { constants, events } from '../lib/spec-constants';
import { reportError } from '../lib/error-reporting';
import { findPlaylist, setActivePlaylistState, type Playlist, type PlaylistState } from '../stores/playlist-store';
import { catchUp, minutesToMs, nextIndex, sleepUntil, wrap } from './playlist-clock';
import type { PlayerPort } from './playlist-player-port';

export type { PlayerPort, PlayerView } from './playlist-player-port';

/**
 * Plays a playlist (SPEC 4): item i at its sound's catalogue volume, the next after its duration,
 * the first again after the last; a missing soundscape skips after 1 s, a failed one after 2 s.
 * When a whole round is skipped with no item playing, the playlist stops and says so (Lull's rule:
 * offline with none of its sounds saved, it would otherwise cycle through errors all night).
 * Item time is a deadline (Date.now) that runs only while the audio plays: pausing stops the
 * item's clock and playing resumes it. A late timer (throttled tab) catches up from the deadline.
 * The player is reached through a small port (playlist-player-port.ts) so this logic is testable with fake timers; its
 * previous/next call `next()`/`previous()` here directly, and the SPEC's playlist-next and
 * playlist-previous events announce each step (with the wrapped index) rather than drive it.
 * The item clock's arithmetic (deadlines, catching up after a late timer) is playlist-clock.ts.
 */
export interface PlaylistRunnerDeps {
  store: PlaylistState;
  player: PlayerPort;
  now: () => number;
  target: EventTarget;
  /** Whether a soundscape can be played here (the reversed host lists only reversible ones). */
  isAvailable?: (sound: Soundscape) => boolean;
  /** A whole round of items was skipped with none playing (offline with nothing saved, say): the playlist stopped. */
  onNothingPlayable?: () => void;
}

export interface PlaylistChangeDetail {
  playlist: Playlist;
  index: number;
}

export interface PlaylistRunner {
  play(playlistId: string, index?: number): void;
  next(): void;
  previous(): void;
  stop(): void;
  /** The player reported that the current item could not be played. */
  itemFailed(): void;
  dispose(): void;
}

export function createPlaylistRunner(deps: PlaylistRunnerDeps): PlaylistRunner {
  const { store, player, now, target } = deps;
  const isAvailable = deps.isAvailable ?? (() => true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every item change, so a late promise from an earlier item is ignored. */
  let generation = 0;
  /** The soundscape the current item plays, remembered so a deleted playlist can still pause it. */
  let currentSound: number | null = null;
  /** Items skipped (missing or failed) since one last played: a whole round of them ends the playlist. */
  let skippedInARow = 0;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const activePlaylist = (): Playlist | undefined => findPlaylist(store.active?.playlistId, store);

  const playableSound = (soundIndex: number): Soundscape | undefined => {
    const sound = getSoundscape(soundIndex);
    return sound && isAvailable(sound) ? sound : undefined;
  };

  /** Item time in ms for catching up; a missing sound takes none. */
  const itemMs = (playlist: Playlist, index: number): number => {
    const item = playlist.items[index];
    return item && playableSound(item.index) ? minutesToMs(item.duration) : 0;
  };

  const skipLater = (delayMs: number, problem: 'missing' | 'failed') => {
    const active = store.active;
    if (!active) return;
    clearTimer();
    active.problem = problem;
    active.endsAt = null;
    skippedInARow += 1;
    timer = setTimeout(() => advance(), delayMs);
  };

  /** Starts (or resumes) the item's clock while the player plays it. */
  const syncClock = () => {
    const active = store.active;
    if (!active) return;
    const view = player.view();
    if (view.origin === 'user' && currentSound !== null && view.currentIndex !== null && view.currentIndex !== currentSound) {
      // The user picked another sound: the playlist ends, leaving that sound playing.
      release();
      return;
    }
    if (active.problem) return;
    const playing = view.status === 'playing';
    if (playing) skippedInARow = 0;
    if (playing && active.endsAt === null) {
      active.endsAt = now() + active.remainingMs;
      clearTimer();
      timer = sleepUntil(onDeadline, active.remainingMs);
    } else if (!playing && active.endsAt !== null) {
      active.remainingMs = Math.max(0, active.endsAt - now());
      active.endsAt = null;
      clearTimer();
    }
  };

  const playItem = (playlist: Playlist, index: number, alreadyElapsedMs = 0) => {
    clearTimer();
    generation += 1;
    const mine = generation;
    const item = playlist.items[index];
    if (!item) return;
    currentSound = item.index;
    setActivePlaylistState(
      { playlistId: playlist.id, index, sound: item.index, removed: false, problem: null, endsAt: null, remainingMs: Math.max(0, minutesToMs(item.duration) - alreadyElapsedMs) },
      store,
    );
    const copy: Playlist = { id: playlist.id, name: playlist.name, description: playlist.description, items: playlist.items.map((i) => ({ index: i.index, duration: i.duration })) };
    target.dispatchEvent(new CustomEvent<PlaylistChangeDetail>(events.playlistChange, { detail: { playlist: copy, index } }));
    const sound = playableSound(item.index);
    if (!sound) {
      skipLater(constants.playlistMissingSkipMs, 'missing');
      return;
    }
    const view = player.view();
    // Selecting the sound already playing would pause it (SPEC 4): a one-item playlist wrapping keeps playing.
    if (view.currentIndex === item.index && view.status === 'playing') {
      syncClock();
      return;
    }
    const failed = () => {
      if (mine === generation && store.active) skipLater(constants.playlistFailureSkipMs, 'failed');
    };
    try {
      const result = player.play(item.index, sound.volume);
      if (result instanceof Promise) {
        result.then((ok) => {
          if (ok === false) failed();
        }, (error: unknown) => {
          reportError(error, 'Playlist item failed to play:');
          failed();
        });
      } else if (result === false) failed();
    } catch (error) {
      reportError(error, 'Playlist item failed to play:');
      failed();
      return;
    }
    syncClock();
  };

  /** The deadline passed: move on, catching up if the timer woke late. */
  function onDeadline() {
    const active = store.active;
    const playlist = activePlaylist();
    if (!active || !playlist || active.endsAt === null) return;
    const late = now() - active.endsAt;
    if (late < 0) {
      // Woke early (clock adjustments): sleep again until the deadline.
      timer = sleepUntil(onDeadline, -late);
      return;
    }
    const { index, carry } = catchUp(active, playlist.items.length, late, (at) => itemMs(playlist, at));
    playItem(playlist, index, carry);
  }

  function advance() {
    const active = store.active;
    const playlist = activePlaylist();
    if (!active || !playlist || playlist.items.length === 0) return;
    if (skippedInARow >= playlist.items.length) {
      // Every item was tried and none played: going round again would only flash errors all night.
      stop();
      deps.onNothingPlayable?.();
      return;
    }
    playItem(playlist, nextIndex(active, playlist.items.length));
  }

  /** Previous/next: the one place the wrapped index is computed; the event then says where it went. */
  const step = (direction: 1 | -1) => {
    const active = store.active;
    const playlist = activePlaylist();
    if (!active || !playlist || playlist.items.length === 0) return;
    // With the playing item edited out, `index` already names the item that followed it: that one
    // is next, and previous is the one before it.
    const index = direction > 0 ? nextIndex(active, playlist.items.length) : wrap(active.index - 1, playlist.items.length);
    target.dispatchEvent(new CustomEvent<number>(direction > 0 ? events.playlistNext : events.playlistPrevious, { detail: index }));
    skippedInARow = 0;
    playItem(playlist, index);
  };

  /** Ends the playlist without touching the player. */
  function release() {
    if (!store.active) return;
    clearTimer();
    generation += 1;
    currentSound = null;
    setActivePlaylistState(null, store);
    target.dispatchEvent(new CustomEvent(events.playlistStop));
  }

  /** Stop Playlist: pauses the item's sound, clears the timer and resets the index. */
  const stop = () => {
    if (!store.active) return;
    const view = player.view();
    if (currentSound !== null && view.currentIndex === currentSound && (view.status === 'playing' || view.status === 'loading')) player.pause();
    release();
  };

  const unsubscribePlayer = player.subscribe(syncClock);
  const unregisterControl = player.registerControl({ isActive: () => store.active !== null, step });
  // A deleted (or emptied) playing playlist stops.
  const unsubscribeStore = subscribe(store, () => {
    if (!store.active) return;
    const playlist = activePlaylist();
    if (!playlist || playlist.items.length === 0) stop();
  });

  return {
    play(playlistId, index = 0) {
      const playlist = findPlaylist(playlistId, store);
      if (!playlist || playlist.items.length === 0) return;
      skippedInARow = 0;
      playItem(playlist, wrap(index, playlist.items.length));
    },
    next: () => step(1),
    previous: () => step(-1),
    stop,
    itemFailed() {
      if (store.active && !store.active.problem) skipLater(constants.playlistFailureSkipMs, 'failed');
    },
    dispose() {
      clearTimer();
      unsubscribePlayer();
      unregisterControl();
      unsubscribeStore();
    },
  };
}
