import { afterEach, describe, expect, it, vi } from 'vitest';
import { soundscapes } from '../../../src/catalogue/catalogue';
import {
  createPlayerStore,
  pausePlayback,
  playableSoundscapes,
  playbackUrl,
  playNext,
  playPrevious,
  playSound,
  reportLoadError,
  reportPaused,
  reportPlaying,
  reportReady,
  resumePlayback,
  setActivePlaylist,
  togglePlayback,
} from '../../../src/stores/player-store';

const indexOf = (name: string) => soundscapes.findIndex((sound) => sound.name === name);

describe('player store', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts idle with no track', () => {
    const store = createPlayerStore({ reversed: false });
    expect(store).toMatchObject({ currentIndex: null, status: 'idle', activePlaylist: null });
    pausePlayback(store);
    resumePlayback(store);
    togglePlayback(store);
    playNext(store);
    expect(store.status).toBe('idle');
  });

  it('selecting a track loads it at its catalogue volume; selecting it again pauses, then resumes', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(indexOf('Crickets'), {}, store);
    expect(store).toMatchObject({ currentIndex: indexOf('Crickets'), status: 'loading', intent: 'play', volume: 0.2, sourceVersion: 1 });
    reportPlaying(store);
    playSound(indexOf('Crickets'), {}, store);
    expect(store).toMatchObject({ status: 'paused', intent: 'pause', sourceVersion: 1 });
    playSound(indexOf('Crickets'), {}, store);
    expect(store).toMatchObject({ intent: 'play', sourceVersion: 1 });
  });

  it('another track switches the source at its volume, the passed volume, or 1', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(indexOf('River'), {}, store);
    expect(store.volume).toBe(0.8);
    playSound(indexOf('Ocean'), {}, store);
    expect(store).toMatchObject({ currentIndex: indexOf('Ocean'), volume: 1, sourceVersion: 2, status: 'loading' });
    playSound(indexOf('Arctic'), { volume: 0.3, origin: 'playlist' }, store);
    expect(store).toMatchObject({ volume: 0.3, origin: 'playlist', sourceVersion: 3 });
  });

  it('a playlist re-selecting the playing track keeps it playing', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(0, { origin: 'playlist' }, store);
    reportPlaying(store);
    playSound(0, { origin: 'playlist' }, store);
    expect(store).toMatchObject({ status: 'playing', intent: 'play', sourceVersion: 1 });
  });

  it('ignores indices outside the catalogue', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(99, {}, store);
    playSound(-1, {}, store);
    expect(store.status).toBe('idle');
  });

  it('engine reports: loading clears when it can play or on an error, without losing the track', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(3, {}, store);
    reportReady(false, store);
    expect(store.status).toBe('playing');
    reportPaused(store);
    expect(store).toMatchObject({ status: 'paused', intent: 'pause' });
    playSound(4, {}, store);
    reportLoadError(store);
    expect(store).toMatchObject({ status: 'paused', currentIndex: 4 });
  });

  it('next and previous go through the whole catalogue in index order, wrapping', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(0, {}, store);
    playNext(store);
    expect(store.currentIndex).toBe(1);
    playPrevious(store);
    playPrevious(store);
    expect(store.currentIndex).toBe(23);
    playSound(12, {}, store);
    playNext(store);
    expect(store.currentIndex).toBe(13);
  });

  it('on a lofi track next and previous stay among lofi tracks, wrapping at both ends', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(13, {}, store);
    playPrevious(store);
    expect(store.currentIndex).toBe(23);
    playNext(store);
    expect(store.currentIndex).toBe(13);
    playNext(store);
    expect(store.currentIndex).toBe(14);
    expect(store.status).toBe('loading');
  });

  it('with an active playlist next and previous send the wrapped index as events and change nothing else', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(2, { origin: 'playlist' }, store);
    setActivePlaylist({ length: 3, index: 2 }, store);
    const seen: [string, unknown][] = [];
    const listener = (event: Event) => seen.push([event.type, (event as CustomEvent).detail]);
    window.addEventListener('playlist-next', listener);
    window.addEventListener('playlist-previous', listener);
    playNext(store);
    setActivePlaylist({ length: 3, index: 0 }, store);
    playPrevious(store);
    window.removeEventListener('playlist-next', listener);
    window.removeEventListener('playlist-previous', listener);
    expect(seen).toEqual([['playlist-next', 0], ['playlist-previous', 2]]);
    expect(store.currentIndex).toBe(2);
    expect(store.sourceVersion).toBe(1);
  });

  it('on the reversed host only reversed sounds play, and always their reversed file', () => {
    const store = createPlayerStore({ reversed: true });
    const playable = playableSoundscapes(store);
    expect(playable.length).toBe(soundscapes.filter((sound) => sound.reversedURL).length);
    expect(playable.every((sound) => sound.reversedURL)).toBe(true);
    playSound(0, {}, store);
    expect(store.status).toBe('idle');
    playSound(11, {}, store);
    playPrevious(store);
    expect(store.currentIndex).toBe(23);
    playSound(12, {}, store);
    playNext(store);
    expect(store.currentIndex).toBe(13);
    expect(playbackUrl(soundscapes[13]!, store)).toMatch(/groovy-reversed\.mp3(\?v=[0-9a-f]{12})?$/);
    expect(playbackUrl(soundscapes[13]!, createPlayerStore({ reversed: false }))).toMatch(/groovy\.mp3(\?v=[0-9a-f]{12})?$/);
  });
});
