import { proxy } from 'valtio/vanilla';
import { isReversedHost, soundscapes, type Soundscape } from '../catalogue/catalogue';
import { events } from '../lib/strings';

/**
 * The one player (SPEC 4). Actions here say what the user wants; the engine
 * (src/engine/player/) follows the store, drives the shared <audio> element and reports what
 * the element really does back through the `report*` actions, so `status` is always the truth.
 */
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';
export type PlayOrigin = 'user' | 'playlist';

export interface ActivePlaylist {
  /** Number of items in the active playlist. */
  length: number;
  /** Index of the item playing now. */
  index: number;
}

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
  /** Set by the playlists feature while a playlist plays; previous/next then go through it. */
  activePlaylist: ActivePlaylist | null;
  /** Bumped on every load error, so a playlist can tell a failed item from a pause. */
  loadErrors: number;
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
    activePlaylist: null,
    loadErrors: 0,
    reversed: options.reversed ?? currentHostIsReversed(),
  });
}

export const playerStore = createPlayerStore();

/** The sounds this host can play: on the reversed host only those with a reversed file. */
export function playableSoundscapes(store: PlayerState = playerStore): readonly Soundscape[] {
  return store.reversed ? soundscapes.filter((sound) => !!sound.reversedURL) : soundscapes;
}

/** The file to play for a sound on this host. */
export function playbackUrl(sound: Soundscape, store: PlayerState = playerStore): string {
  return store.reversed && sound.reversedURL ? sound.reversedURL : sound.url;
}

export const currentSoundscape = (store: PlayerState = playerStore): Soundscape | undefined =>
  store.currentIndex === null ? undefined : soundscapes[store.currentIndex];

const isPlayable = (index: number, store: PlayerState): boolean => playableSoundscapes(store).some((sound) => sound.index === index);

/** Start a track from its beginning, even if it is the current one. */
function startSound(index: number, volume: number | undefined, origin: PlayOrigin, store: PlayerState): void {
  const sound = soundscapes[index];
  if (!sound || !isPlayable(index, store)) return;
  store.currentIndex = index;
  store.volume = clampVolume(volume ?? sound.volume ?? 1);
  store.origin = origin;
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

/** Previous/next among a list of indices in catalogue order, wrapping at both ends. */
function neighbour(list: readonly number[], current: number, step: 1 | -1): number | undefined {
  if (list.length === 0) return undefined;
  const at = list.indexOf(current);
  if (at === -1) return list[step === 1 ? 0 : list.length - 1];
  return list[(at + step + list.length) % list.length];
}

function dispatchPlaylistStep(eventName: string, detail: number): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(eventName, { detail }));
}

/**
 * SPEC 4, previous and next: through the active playlist (by event, with the wrapped index);
 * otherwise a lofi track moves among lofi tracks only, any other through the whole catalogue.
 */
function step(direction: 1 | -1, store: PlayerState): void {
  const playlist = store.activePlaylist;
  if (playlist && playlist.length > 0) {
    const next = (((playlist.index + direction) % playlist.length) + playlist.length) % playlist.length;
    dispatchPlaylistStep(direction === 1 ? events.playlistNext : events.playlistPrevious, next);
    return;
  }
  const current = currentSoundscape(store);
  if (!current) return;
  const pool = playableSoundscapes(store).filter((sound) => current.kind !== 'lofi' || sound.kind === 'lofi');
  const target = neighbour(pool.map((sound) => sound.index), current.index, direction);
  if (target !== undefined) startSound(target, undefined, 'user', store);
}

export function playNext(store: PlayerState = playerStore): void {
  step(1, store);
}

export function playPrevious(store: PlayerState = playerStore): void {
  step(-1, store);
}

/** Used by the playlists feature while a playlist is active (null when it stops). */
export function setActivePlaylist(playlist: ActivePlaylist | null, store: PlayerState = playerStore): void {
  store.activePlaylist = playlist ? { length: playlist.length, index: playlist.index } : null;
}

/** The engine moves to the next lofi track when one ends (it owns the shuffled queue). */
export function playLofiNext(index: number, store: PlayerState = playerStore): void {
  startSound(index, undefined, store.origin, store);
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
}

/** The element paused (the user, the system, focus moving away, or the end of a lofi track). */
export function reportPaused(store: PlayerState = playerStore): void {
  if (store.currentIndex === null) return;
  store.status = 'paused';
  store.intent = 'pause';
}

/** The element is ready but not playing (e.g. the user paused while it loaded). */
export function reportReady(paused: boolean, store: PlayerState = playerStore): void {
  if (store.status !== 'loading') return;
  if (paused) reportPaused(store);
  else reportPlaying(store);
}

/** SPEC 4: on an audio error the loading state clears, no message; the track stays selected. */
export function reportLoadError(store: PlayerState = playerStore): void {
  if (store.currentIndex === null) return;
  store.loadErrors += 1;
  store.status = 'paused';
  store.intent = 'pause';
}
