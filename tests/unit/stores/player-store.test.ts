import { afterEach, describe, expect, it, vi } from 'vitest';
import { soundscapes } from '../../../src/catalogue/catalogue';
import { createOfflineStore, markCached, offlineStore } from '../../../src/stores/offline-store';
import {
  canPlaySound,
  createPlayerStore,
  forgetFailedSounds,
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
  togglePlayback,
} from '../../../src/stores/player-store';
import { registerPlaylistControl } from '../../../src/stores/playlist-control';

const indexOf = (name: string) => soundscapes.findIndex((sound) => sound.name === name);

describe('player store', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts idle with no track', () => {
    const store = createPlayerStore({ reversed: false });
    expect(store).toMatchObject({ currentIndex: null, status: 'idle', failedSounds: [] });
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

  it('with an active playlist next and previous call the registered playlist control directly and change nothing else', () => {
    const store = createPlayerStore({ reversed: false });
    playSound(2, { origin: 'playlist' }, store);
    const steps: number[] = [];
    let active = true;
    const unregister = registerPlaylistControl({ isActive: () => active, step: (direction) => steps.push(direction) }, store);
    const events: string[] = [];
    const listener = (event: Event) => events.push(event.type);
    window.addEventListener('playlist-next', listener);
    window.addEventListener('playlist-previous', listener);
    playNext(store);
    playPrevious(store);
    window.removeEventListener('playlist-next', listener);
    window.removeEventListener('playlist-previous', listener);
    expect(steps).toEqual([1, -1]);
    // The store fires no event itself: the playlist runner announces the step it took.
    expect(events).toEqual([]);
    expect(store).toMatchObject({ currentIndex: 2, sourceVersion: 1 });
    // Stopped (or unregistered) playlist: the player's own previous/next again.
    active = false;
    playNext(store);
    expect(store.currentIndex).toBe(3);
    active = true;
    unregister();
    playNext(store);
    expect(store.currentIndex).toBe(4);
    expect(steps).toEqual([1, -1]);
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

  describe('offline and after load errors: previous, next and the radio pass over what cannot play', () => {
    const offlineWith = (...saved: number[]) => {
      const offline = createOfflineStore(false);
      for (const id of saved) markCached(id, `/media/${id}.mp3`, offline);
      return offline;
    };

    it('one rule with the home grid: offline only saved sounds, online every sound this host plays, never one that just failed', () => {
      const store = createPlayerStore({ reversed: false });
      const offline = offlineWith(15, 20);
      expect([13, 15, 16, 20].map((index) => canPlaySound(index, store, offline))).toEqual([false, true, false, true]);
      offline.online = true;
      expect(canPlaySound(13, store, offline)).toBe(true);
      expect(canPlaySound(0, createPlayerStore({ reversed: true }), offline)).toBe(false);
      store.failedSounds = [13];
      expect(canPlaySound(13, store, offline)).toBe(false);
      forgetFailedSounds(store);
      expect(canPlaySound(13, store, offline)).toBe(true);
    });

    it('offline, next and previous skip unsaved sounds and wrap around both ends', () => {
      const store = createPlayerStore({ reversed: false });
      const offline = offlineWith(14, 22);
      playSound(22, {}, store);
      playNext(store, offline);
      // 23 is not saved: past the end to 13 (not saved), then 14.
      expect(store.currentIndex).toBe(14);
      playPrevious(store, offline);
      // 13 is not saved: past the start to 23 (not saved), then 22.
      expect(store.currentIndex).toBe(22);
      playSound(0, {}, store);
      const soundscapesOffline = offlineWith(0, 7, 20);
      playPrevious(store, soundscapesOffline);
      // Not lofi: through the whole catalogue, wrapping to 23 and down to the saved lofi song 20.
      expect(store.currentIndex).toBe(20);
      playSound(7, {}, store);
      playNext(store, soundscapesOffline);
      expect(store.currentIndex).toBe(20);
      playSound(7, {}, store);
      playPrevious(store, soundscapesOffline);
      expect(store.currentIndex).toBe(0);
    });

    it('nothing else playable: next and previous leave the current sound as it is and say why', () => {
      const store = createPlayerStore({ reversed: false });
      const offline = offlineWith(15);
      playSound(15, {}, store);
      reportPlaying(store);
      playNext(store, offline);
      playPrevious(store, offline);
      expect(store).toMatchObject({ currentIndex: 15, status: 'playing', sourceVersion: 1 });
      expect(offline.status?.message).toBe('Nothing else to play offline: no other lofi song is saved on this device');
      playSound(3, {}, store);
      const nothingSaved = offlineWith();
      playNext(store, nothingSaved);
      expect(store.currentIndex).toBe(3);
      expect(nothingSaved.status?.message).toBe('Nothing else to play offline: no other sound is saved on this device');
      // Any saved sound is "else" for a soundscape: lofi songs included.
      playNext(store, offline);
      expect(store.currentIndex).toBe(15);
    });

    it('a sound reached by next that fails to load is passed over in the same direction; a picked one stays (SPEC 4)', () => {
      const store = createPlayerStore({ reversed: false });
      const online = createOfflineStore(true);
      playSound(13, {}, store);
      playNext(store, online);
      expect(store.currentIndex).toBe(14);
      reportLoadError(store, online);
      expect(store).toMatchObject({ currentIndex: 15, status: 'loading', intent: 'play', reachedBy: 'next' });
      reportPlaying(store);
      // Previous now passes over the song that failed.
      playPrevious(store, online);
      expect(store.currentIndex).toBe(13);
      // A pick that fails stays selected and paused, with no message.
      playSound(16, {}, store);
      reportLoadError(store, online);
      expect(store).toMatchObject({ currentIndex: 16, status: 'paused', reachedBy: 'pick' });
      expect(online.status).toBeNull();
      // Played after all (picked again, the network back): no longer passed over.
      playSound(14, {}, store);
      reportPlaying(store);
      expect(store.failedSounds).toEqual([16]);
    });

    it('every other song fails after next: it stops on the last failure and says why', () => {
      const store = createPlayerStore({ reversed: false });
      const online = createOfflineStore(true);
      playSound(13, {}, store);
      reportPlaying(store);
      playNext(store, online);
      for (let i = 0; i < 10; i++) reportLoadError(store, online);
      // 14 to 23 failed in turn: next wrapped round to 13, which played before.
      expect(store).toMatchObject({ currentIndex: 13, status: 'loading', failedSounds: [14, 15, 16, 17, 18, 19, 20, 21, 22, 23] });
      expect(online.status).toBeNull();
      reportLoadError(store, online);
      // Now nothing else can play: the last failed song stays selected, paused.
      expect(store).toMatchObject({ currentIndex: 13, status: 'paused', intent: 'pause' });
      expect(online.status?.message).toBe('Nothing else to play: no other lofi song could be loaded');
    });

    it('the default offline state is the app one', () => {
      expect(canPlaySound(13)).toBe(offlineStore.online || offlineStore.cachedSoundIds.includes(13));
    });
  });
});
