import { subscribe } from 'valtio/vanilla';
import { getSoundscape, type Soundscape } from '../catalogue/catalogue';
import { constants, events } from '../lib/strings';
import { reportError } from '../lib/error-reporting';
import { findPlaylist, setActivePlaylistState, type ActivePlaylist, type Playlist, type PlaylistState } from '../stores/playlist-store';

/**
 * Plays a playlist (SPEC 4): item i at its sound's catalogue volume, the next after its duration,
 * the first again after the last; a missing soundscape skips after 1 s, a failed one after 2 s.
 * Item time is a deadline (Date.now) that runs only while the audio plays: pausing stops the
 * item's clock and playing resumes it. A late timer (throttled tab) catches up from the deadline.
 * The player is reached through a small port so this logic is testable with fake timers.
 */
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

export interface PlayerView {
  status: PlayerStatus;
  currentIndex: number | null;
  /** Who started the current track; a sound the user picks ends the playlist. */
  origin?: 'user' | 'playlist';
}

export interface PlayerPort {
  /** Start sound `index` for the playlist. Resolves false (or rejects) when playback failed. */
  play(index: number, volume: number): Promise<boolean> | boolean | void;
  pause(): void;
  view(): PlayerView;
  /** Calls back whenever the player's status or current sound changes; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
  setActivePlaylist(value: { length: number; index: number } | null): void;
}

export interface PlaylistRunnerDeps {
  store: PlaylistState;
  player: PlayerPort;
  now: () => number;
  target: EventTarget;
  /** Whether a soundscape can be played here (the reversed host lists only reversible ones). */
  isAvailable?: (sound: Soundscape) => boolean;
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

const minutesToMs = (minutes: number) => minutes * 60_000;

/** setTimeout's longest delay (2^31 - 1 ms); a longer one fires at once, so longer waits sleep again. */
const MAX_TIMER_MS = 2_147_483_647;
const sleepUntil = (callback: () => void, ms: number) => setTimeout(callback, Math.min(MAX_TIMER_MS, Math.max(0, ms)));

/** The index an event names: a number, { index }, or nothing (then `fallback`). */
function indexFromEvent(event: Event, fallback: number): number {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail === 'number' && Number.isInteger(detail)) return detail;
  // An own property only: the detail comes from the page, its prototype is not ours to read.
  if (typeof detail === 'object' && detail !== null && Object.prototype.hasOwnProperty.call(detail, 'index')) {
    const index = (detail as { index: unknown }).index;
    if (typeof index === 'number' && Number.isInteger(index)) return index;
  }
  return fallback;
}

export function createPlaylistRunner(deps: PlaylistRunnerDeps): PlaylistRunner {
  const { store, player, now, target } = deps;
  const isAvailable = deps.isAvailable ?? (() => true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every item change, so a late promise from an earlier item is ignored. */
  let generation = 0;
  /** The soundscape the current item plays, remembered so a deleted playlist can still pause it. */
  let currentSound: number | null = null;

  let lastPlayerPlaylist: { length: number; index: number } | null = null;
  /** Tells the player (for its previous/next) only when something changed. */
  const setPlayerPlaylist = (value: { length: number; index: number } | null) => {
    if (value?.length === lastPlayerPlaylist?.length && value?.index === lastPlayerPlaylist?.index) return;
    lastPlayerPlaylist = value;
    player.setActivePlaylist(value);
  };

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const activePlaylist = (): Playlist | undefined => findPlaylist(store.active?.playlistId, store);

  const playableSound = (soundIndex: number): Soundscape | undefined => {
    const sound = getSoundscape(soundIndex);
    return sound && isAvailable(sound) ? sound : undefined;
  };

  const wrap = (index: number, length: number) => ((index % length) + length) % length;

  /**
   * The item after the playing one. When the playing item was edited out, `index` already names
   * the item that followed it, so that one is next (not the one after it).
   */
  const nextIndex = (active: ActivePlaylist, length: number) => wrap(active.removed ? active.index : active.index + 1, length);

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
    setPlayerPlaylist({ length: playlist.items.length, index });
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
    const cycle = playlist.items.reduce((sum, _item, i) => sum + itemMs(playlist, i), 0);
    let carry = cycle > 0 ? late % cycle : 0;
    let index = nextIndex(active, playlist.items.length);
    for (let guard = 0; guard < playlist.items.length && carry > 0; guard++) {
      const ms = itemMs(playlist, index);
      if (ms === 0 || carry >= ms) {
        carry -= ms;
        index = wrap(index + 1, playlist.items.length);
      } else break;
    }
    playItem(playlist, index, carry);
  }

  function advance() {
    const active = store.active;
    const playlist = activePlaylist();
    if (!active || !playlist || playlist.items.length === 0) return;
    playItem(playlist, nextIndex(active, playlist.items.length));
  }

  const moveTo = (event: Event, offset: number) => {
    const active = store.active;
    const playlist = activePlaylist();
    if (!active || !playlist || playlist.items.length === 0) return;
    // With the playing item edited out, the player's idea of "next" (its index + 1) is one too far:
    // next is the item that followed it, previous the one before that.
    const target = active.removed ? (offset > 0 ? active.index : active.index - 1) : indexFromEvent(event, active.index + offset);
    const index = wrap(target, playlist.items.length);
    playItem(playlist, index);
  };

  const onNext = (event: Event) => moveTo(event, 1);
  const onPrevious = (event: Event) => moveTo(event, -1);
  target.addEventListener(events.playlistNext, onNext);
  target.addEventListener(events.playlistPrevious, onPrevious);

  /** Ends the playlist without touching the player. */
  function release() {
    if (!store.active) return;
    clearTimer();
    generation += 1;
    currentSound = null;
    setActivePlaylistState(null, store);
    setPlayerPlaylist(null);
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
  // A deleted playing playlist stops; an edited one keeps the player's previous/next in range.
  const unsubscribeStore = subscribe(store, () => {
    const active = store.active;
    if (!active) return;
    const playlist = activePlaylist();
    if (!playlist || playlist.items.length === 0) stop();
    else setPlayerPlaylist({ length: playlist.items.length, index: active.index });
  });

  return {
    play(playlistId, index = 0) {
      const playlist = findPlaylist(playlistId, store);
      if (!playlist || playlist.items.length === 0) return;
      playItem(playlist, wrap(index, playlist.items.length));
    },
    next() {
      moveTo(new Event(events.playlistNext), 1);
    },
    previous() {
      moveTo(new Event(events.playlistPrevious), -1);
    },
    stop,
    itemFailed() {
      if (store.active && !store.active.problem) skipLater(constants.playlistFailureSkipMs, 'failed');
    },
    dispose() {
      clearTimer();
      target.removeEventListener(events.playlistNext, onNext);
      target.removeEventListener(events.playlistPrevious, onPrevious);
      unsubscribePlayer();
      unsubscribeStore();
    },
  };
}
