import { proxy } from 'valtio/vanilla';
import { isReversedHost, soundscapes, type Soundscape } from '../catalogue/catalogue';
import { isSoundAvailable, offlineStore, type OfflineState } from './offline-store';
import { fileForHost, neighbour, showNothingElseToPlay, soundsForHost } from './player-rules';
import { playlistControlOf } from './playlist-control';

export { showNothingElseToPlay, showPlaylistNothingPlayable } from './player-rules';

/**
 * The one player (SPEC 4). Actions here say what the user wants; the engine
 * (src/engine/player/) follows the store, drives the shared <audio> element and reports what
 * the element really does back through the `report*` actions, so `status` is always the truth.
 * It reads the offline store for one rule shared with the home grid (what is available offline).
 * The user's actions and the engine's reports are one set of transitions over one proxy (a load
 * error can move on to the next sound), kept together; rules that need only the host are in
 * player-rules.ts.
 */
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';
export type PlayOrigin = 'user' | 'playlist';
/** How the current track was reached: a radio song or a step that fails to load is skipped; a pick stays (SPEC 4). */
export type ReachedBy = 'pick' | 'radio' | 'next' | 'previous';

export interface PlayerState {
  currentIndex: number | null;
  status: PlayerStatus;
  /** Level of the current track, 0 to 1, before the sleep timer's fade gain. */
  volume: number;
  /** What the user asked for; the engine makes the element follow it. */
  intent: 'play' | 'pause';
  /** Bumped whenever a track (re)starts from its beginning, so the engine reloads the source. */
  sourceVersion: number;
  /** Who started the current track. */
  origin: PlayOrigin;
  /** How the current track was reached (decides what a load error does). */
  reachedBy: ReachedBy;
  /** Bumped on every load error, so a playlist can tell a failed item from a pause. */
  loadErrors: number;
  /** Sounds that failed to load since connectivity last changed: previous, next and the radio pass over them. */
  failedSounds: number[];
  /** Why playback stopped when the listener did not stop it (shown beside Paused); cleared once it plays again. */
  stoppedReason: string | null;
  /** On the reversed host every way of starting a sound plays its reversed file. */
  readonly reversed: boolean;
}

export interface PlayerStoreOptions {
  reversed?: boolean;
}

const currentHostIsReversed = (): boolean => typeof location !== 'undefined' && isReversedHost(location.hostname);

export function createPlayerStore(options: PlayerStoreOptions = {}): PlayerState {
  return proxy<PlayerState>({
    currentIndex: null,
    status: 'idle',
    volume: 1,
    intent: 'pause',
    sourceVersion: 0,
    origin: 'user',
    reachedBy: 'pick',
    loadErrors: 0,
    failedSounds: [],
    stoppedReason: null,
    reversed: options.reversed ?? currentHostIsReversed(),
  });
}

export const playerStore = createPlayerStore();

/** The sounds this host can play: on the reversed host only those with a reversed file. */
export const playableSoundscapes = (store: PlayerState = playerStore): readonly Soundscape[] => soundsForHost(store);

/** The file to play for a sound on this host. */
export const playbackUrl = (sound: Soundscape, store: PlayerState = playerStore): string => fileForHost(sound, store);


export const currentSoundscape = (store: PlayerState = playerStore): Soundscape | undefined =>
  store.currentIndex === null ? undefined : soundscapes[store.currentIndex];

const isPlayable = (index: number, store: PlayerState): boolean => playableSoundscapes(store).some((sound) => sound.index === index);

/**
 * Whether previous, next or the radio may move to a sound: this host plays it, it is available
 * (offline: saved, the same rule that disables it on the home grid) and it has not just failed.
 */
export function canPlaySound(index: number, store: PlayerState = playerStore, offline: OfflineState = offlineStore): boolean {
  return isPlayable(index, store) && isSoundAvailable(offline, index) && !store.failedSounds.includes(index);
}

/** Start a track from its beginning, even if it is the current one. */
function startSound(index: number, volume: number | undefined, origin: PlayOrigin, store: PlayerState): void {
  const sound = soundscapes[index];
  if (!sound || !isPlayable(index, store)) return;
  store.currentIndex = index;
  store.volume = clampVolume(volume ?? sound.volume ?? 1);
  store.origin = origin;
  store.reachedBy = 'pick';
  store.intent = 'play';
  store.status = 'loading';
  store.sourceVersion += 1;
}

const clampVolume = (volume: number): number => (Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 1);

/**
 * SPEC 4: selecting the track already playing pauses it (a paused one resumes); another track
 * switches the source at its catalogue volume or the passed one. A playlist re-selecting its
 * current track (a one-item playlist wrapping) keeps it playing instead of pausing it.
 */
export function playSound(
  index: number,
  options: { volume?: number; origin?: PlayOrigin } = {},
  store: PlayerState = playerStore,
): void {
  const origin = options.origin ?? 'user';
  if (index === store.currentIndex && store.status !== 'idle') {
    if (options.volume !== undefined) store.volume = clampVolume(options.volume);
    store.origin = origin;
    store.reachedBy = 'pick';
    if (origin === 'playlist') resumePlayback(store);
    else togglePlayback(store);
    return;
  }
  startSound(index, options.volume, origin, store);
}

export function pausePlayback(store: PlayerState = playerStore): void {
  if (store.status === 'idle') return;
  store.intent = 'pause';
  store.status = 'paused';
}

export function resumePlayback(store: PlayerState = playerStore): void {
  if (store.status === 'idle' || store.intent === 'play') return;
  store.intent = 'play';
}

export function togglePlayback(store: PlayerState = playerStore): void {
  if (store.intent === 'play') pausePlayback(store);
  else resumePlayback(store);
}

/** A playlist decides what follows the current track (not the lofi radio). */
export const playlistIsActive = (store: PlayerState = playerStore): boolean => playlistControlOf(store)?.isActive() ?? false;

/**
 * SPEC 4, previous and next: through the active playlist; otherwise a lofi track moves among lofi
 * tracks only, any other through the whole catalogue, passing over what cannot play.
 */
function step(direction: 1 | -1, store: PlayerState, offline: OfflineState): void {
  const playlist = playlistControlOf(store);
  if (playlist?.isActive()) {
    playlist.step(direction);
    return;
  }
  const current = currentSoundscape(store);
  if (!current) return;
  const lofi = current.kind === 'lofi';
  const pool = playableSoundscapes(store).filter((sound) => !lofi || sound.kind === 'lofi');
  const target = neighbour(pool.map((sound) => sound.index), current.index, direction, (index) => canPlaySound(index, store, offline));
  if (target === undefined) {
    showNothingElseToPlay(lofi, offline);
    return;
  }
  startSound(target, undefined, 'user', store);
  store.reachedBy = direction === 1 ? 'next' : 'previous';
}

export function playNext(store: PlayerState = playerStore, offline: OfflineState = offlineStore): void {
  step(1, store, offline);
}

export function playPrevious(store: PlayerState = playerStore, offline: OfflineState = offlineStore): void {
  step(-1, store, offline);
}

/** The lofi radio (in the engine, which owns the shuffled queue) moves to its next song. */
export function playLofiNext(index: number, store: PlayerState = playerStore): void {
  startSound(index, undefined, store.origin, store);
  if (store.currentIndex === index) store.reachedBy = 'radio';
}

/** Connectivity changed: sounds that failed may load now. */
export function forgetFailedSounds(store: PlayerState = playerStore): void {
  if (store.failedSounds.length > 0) store.failedSounds = [];
}

// ---- reports from the engine: what the <audio> element actually does ----

export function reportLoading(store: PlayerState = playerStore): void {
  if (store.currentIndex !== null) store.status = 'loading';
}

/** It can play (or playing started): loading is over. */
export function reportPlaying(store: PlayerState = playerStore): void {
  if (store.currentIndex === null) return;
  store.status = 'playing';
  store.intent = 'play';
  store.stoppedReason = null;
  const index = store.currentIndex;
  if (store.failedSounds.includes(index)) store.failedSounds = store.failedSounds.filter((failed) => failed !== index);
}

/** The element paused (the user, the system, focus moving away, or the end of a lofi track). */
export function reportPaused(store: PlayerState = playerStore): void {
  if (store.currentIndex === null) return;
  store.status = 'paused';
  store.intent = 'pause';
}

/**
 * Playback stopped by itself and could not be brought back (issue 40: a page must never say Playing while nothing is
 * heard): paused, with the reason shown until it plays again. A tap on play tries again.
 */
export function reportStopped(reason: string, store: PlayerState = playerStore): void {
  if (store.currentIndex === null) return;
  store.status = 'paused';
  store.intent = 'pause';
  store.stoppedReason = reason;
}

/** The system took the audio (a call, Siri, an alarm; issue 40): paused, saying so, until it plays again. */
export function pauseBySystem(reason: string, store: PlayerState = playerStore): void {
  pausePlayback(store);
  if (store.currentIndex !== null) store.stoppedReason = reason;
}

/** The element is ready but not playing (e.g. the user paused while it loaded). */
export function reportReady(paused: boolean, store: PlayerState = playerStore): void {
  if (store.status !== 'loading') return;
  if (paused) reportPaused(store);
  else reportPlaying(store);
}

/**
 * SPEC 4: on an audio error the loading state clears, no message; a picked track stays selected.
 * A track reached by previous or next is passed over in the same direction (the radio's own
 * songs are passed over by the radio, which watches `loadErrors`).
 */
export function reportLoadError(store: PlayerState = playerStore, offline: OfflineState = offlineStore): void {
  const index = store.currentIndex;
  if (index === null) return;
  store.loadErrors += 1;
  store.status = 'paused';
  store.intent = 'pause';
  if (!store.failedSounds.includes(index)) store.failedSounds = [...store.failedSounds, index];
  if (store.reachedBy === 'next' || store.reachedBy === 'previous') step(store.reachedBy === 'next' ? 1 : -1, store, offline);
}
