import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { createPlayerEngine } = await import('../../../../src/engine/player/player-engine');
const { createPlayerStore, playSound, pausePlayback } = await import('../../../../src/stores/player-store');
const { registerPlaylistControl } = await import('../../../../src/stores/playlist-control');
const { createAudioFocusStore, claimAudioFocus, stopAllAudio } = await import('../../../../src/stores/audio-focus-store');
const { createAudioBus } = await import('../../../../src/engine/audio-bus');
const { createMixStore } = await import('../../../../src/stores/mix-store');
const { createListeningTracker } = await import('../../../../src/engine/player/listening-tracker');
const { createStatsStore } = await import('../../../../src/stores/stats-store');
const { createOfflineStore } = await import('../../../../src/stores/offline-store');

/** jsdom has no media pipeline: play() and pause() flip `paused` and fire the events a browser fires. */
function simulateMediaElement(allowed: (element: HTMLMediaElement) => boolean = () => true) {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (!allowed(this)) return Promise.reject(new DOMException('not in a gesture', 'NotAllowedError'));
    paused.set(this, false);
    queueMicrotask(() => {
      this.dispatchEvent(new Event('play'));
      this.dispatchEvent(new Event('playing'));
    });
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) queueMicrotask(() => this.dispatchEvent(new Event('pause')));
    paused.set(this, true);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
}

// The engine's own logic under test; the offline cache stays out (network-only source).
const networkOnly = {
  resolvePlaybackSource: async (_sound: unknown, url: string) => ({ src: url, fromCache: false }),
  onStreamStarted: () => {},
  recoverFromLoadError: async () => null,
};

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('player engine', () => {
  beforeEach(() => simulateMediaElement());
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  const setup = (reversed = false) => {
    const store = createPlayerStore({ reversed });
    const focus = createAudioFocusStore();
    const stats = createStatsStore({ persist: false, initial: {} });
    const engine = createPlayerEngine({ store, focus, random: () => 0, tracker: createListeningTracker({ store: stats }), sources: networkOnly });
    return { store, focus, stats, engine, audio: engine.audio };
  };

  it('creates one audio element outside any React root, and plays the catalogue file with its volume and loop', async () => {
    const { store, focus, audio, stats, engine } = setup();
    expect(document.querySelectorAll('audio')).toHaveLength(1);
    playSound(3, {}, store);
    await settle();
    expect(audio.src).toMatch(/\/media\/river\.mp3(\?v=[0-9a-f]{12})?$/);
    // No bus in this setup: the element-only fallback. The Web Audio path browsers (and iOS) take, where
    // element.volume stays 1 and the level is a gain, is tested in track-output.test.ts.
    expect(audio.volume).toBeCloseTo(0.8);
    expect(audio.loop).toBe(true);
    expect(store.status).toBe('playing');
    expect(focus.owner).toBe('player');
    expect(stats.tracks.river?.sessionCount).toBe(1);
    engine.dispose();
  });

  it('without Web Audio, applies catalogue volume × master × fade as element.volume (the fallback)', async () => {
    const store = createPlayerStore();
    const mix = createMixStore();
    const bus = createAudioBus({ mix, createContext: () => undefined });
    const engine = createPlayerEngine({ store, bus, focus: createAudioFocusStore(), random: () => 0, sources: networkOnly });
    playSound(3, {}, store);
    await settle();
    expect(engine.audio.volume).toBeCloseTo(0.8);
    bus.setFade(0.5);
    expect(engine.audio.volume).toBeCloseTo(0.4);
    mix.masterVolume = 0.5;
    await settle();
    expect(engine.audio.volume).toBeCloseTo(0.2);
    bus.setFade(1);
    expect(engine.audio.volume).toBeCloseTo(0.4);
    engine.dispose();
    bus.dispose();
  });

  it('pauses when the noise takes the speakers or the sleep timer stops all audio', async () => {
    const { store, focus, audio, engine } = setup();
    playSound(0, {}, store);
    await settle();
    claimAudioFocus('noise', focus);
    await settle();
    expect(audio.paused).toBe(true);
    expect(store.status).toBe('paused');
    playSound(0, {}, store);
    await settle();
    expect(audio.paused).toBe(false);
    expect(focus.owner).toBe('player');
    stopAllAudio(focus);
    await settle();
    expect(audio.paused).toBe(true);
    expect(store.status).toBe('paused');
    engine.dispose();
  });

  it('a lofi track does not loop; when it ends the next lofi track from the queue plays', async () => {
    const { store, audio, stats, engine } = setup();
    playSound(15, {}, store);
    await settle();
    expect(audio.loop).toBe(false);
    audio.pause();
    vi.spyOn(HTMLMediaElement.prototype, 'ended', 'get').mockReturnValue(true);
    audio.dispatchEvent(new Event('ended'));
    await settle();
    // random() = 0 shuffles [13,14,16,...,23] to [14,16,...,23,13]: 14 comes first.
    expect(store.currentIndex).toBe(14);
    expect(audio.src).toMatch(/\/media\/upbeat\.mp3(\?v=[0-9a-f]{12})?$/);
    expect(store.status).toBe('playing');
    expect(stats.tracks.upbeat?.sessionCount).toBe(1);
    engine.dispose();
  });

  it('a lofi track that ends inside a playlist item starts again instead of switching to another song', async () => {
    const { store, audio, stats, engine } = setup();
    registerPlaylistControl({ isActive: () => true, step: () => {} }, store);
    playSound(15, { origin: 'playlist' }, store);
    await settle();
    audio.pause();
    vi.spyOn(HTMLMediaElement.prototype, 'ended', 'get').mockReturnValue(true);
    audio.currentTime = 120;
    audio.dispatchEvent(new Event('ended'));
    await settle();
    expect(store.currentIndex).toBe(15);
    expect(audio.src).toMatch(/\/media\/chill\.mp3(\?v=[0-9a-f]{12})?$/);
    expect(audio.currentTime).toBe(0);
    expect(audio.paused).toBe(false);
    expect(store.status).toBe('playing');
    expect(stats.tracks.chill?.sessionCount).toBe(1);
    engine.dispose();
  });

  it('on the reversed host plays the reversed file', async () => {
    const { store, audio, engine } = setup(true);
    playSound(13, {}, store);
    await settle();
    expect(audio.src).toMatch(/\/media\/groovy-reversed\.mp3(\?v=[0-9a-f]{12})?$/);
    engine.dispose();
  });

  it("a saved sound on iOS: play() runs inside the tap, and the saved copy is swapped in after the worker answers", async () => {
    vi.restoreAllMocks();
    // iOS's rule: an element plays outside a gesture only once play() was called on it inside one.
    let inGesture = false;
    const unlocked = new WeakSet<HTMLMediaElement>();
    simulateMediaElement((element) => {
      if (inGesture) unlocked.add(element);
      return unlocked.has(element);
    });
    const store = createPlayerStore();
    const sources = {
      // The saved copy comes from the cache worker: a later task, outside the tap.
      resolvePlaybackSource: () => new Promise<{ src: string; fromCache: boolean }>((resolve) => setTimeout(() => resolve({ src: 'blob:saved-ocean', fromCache: true }), 5)),
      onStreamStarted: () => {},
      recoverFromLoadError: async () => null,
    };
    const engine = createPlayerEngine({ store, focus: createAudioFocusStore(), random: () => 0, sources });
    inGesture = true;
    playSound(0, {}, store);
    // The tap's microtasks (the store's notification, the engine's reconcile) run inside it.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    inGesture = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    expect(engine.audio.src).toBe('blob:saved-ocean');
    expect(engine.audio.paused).toBe(false);
    expect(store.status).toBe('playing');
    engine.dispose();
  });

  it('forgets the sounds that failed to load when the connection changes, so Next, Previous and the radio try them again', async () => {
    const store = createPlayerStore({ reversed: false });
    const offline = createOfflineStore(true);
    const engine = createPlayerEngine({ store, offline, focus: createAudioFocusStore(), random: () => 0, sources: networkOnly });
    store.failedSounds = [3, 14];
    offline.online = false;
    await settle();
    expect(store.failedSounds).toEqual([]);
    store.failedSounds = [14];
    engine.dispose();
    offline.online = true;
    await settle();
    expect(store.failedSounds).toEqual([14]);
  });

  it('an element whose clock stays stopped after the watchdog\'s reloads is paused and the bar says why, until it plays again (issue 40)', async () => {
    const { store, audio, engine } = setup();
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The watchdog's interval and clock are faked; the media events' tasks are not.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    playSound(4, {}, store);
    await settle();
    expect(store.status).toBe('playing');
    // The clock never moves (WebKit's element, silent after a hand-over): each reload plays it again, then it gives up.
    for (let i = 0; i < 6 && store.status === 'playing'; i++) {
      vi.advanceTimersByTime(500);
      await settle();
    }
    vi.useRealTimers();
    expect(store).toMatchObject({ status: 'paused', intent: 'pause', stoppedReason: expect.stringMatching(/stopped playing/) });
    expect(audio.paused).toBe(true);
    playSound(4, {}, store);
    await settle();
    expect(store).toMatchObject({ status: 'playing', stoppedReason: null });
    pausePlayback(store);
    engine.dispose();
  });

  it('an audio error clears loading and keeps the track selected', async () => {
    const { store, audio, engine } = setup();
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementation(() => Promise.resolve());
    playSound(4, {}, store);
    await settle();
    expect(store.status).toBe('loading');
    audio.dispatchEvent(new Event('error'));
    await settle();
    expect(store).toMatchObject({ status: 'paused', currentIndex: 4 });
    pausePlayback(store);
    engine.dispose();
  });
});
