import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { soundscapes } from '../../../../src/catalogue/catalogue';
import { createMixStore } from '../../../../src/stores/mix-store';
import { addLayer, removeLayer } from '../../../../src/stores/mix-actions';
import { createPlayerSession } from '../../../../src/engine/player/player-session';
import { claimAudioFocus, createAudioFocusStore, stopAllAudio } from '../../../../src/stores/audio-focus-store';
import { createPlayerStore, playSound } from '../../../../src/stores/player-store';
import { strings } from '../../../../src/lib/strings';

const ocean = soundscapes[0]!;
const forest = soundscapes[1]!;

/** jsdom has no media session: a recording one, as Chromium's behaves. */
function fakeMediaSession() {
  const session = { metadata: null as { title: string } | null, playbackState: 'none' as MediaSessionPlaybackState, handlers: {} as Record<string, (() => void) | null> };
  Object.defineProperty(navigator, 'mediaSession', {
    configurable: true,
    value: {
      set metadata(value: { title: string } | null) {
        session.metadata = value;
      },
      get metadata() {
        return session.metadata;
      },
      set playbackState(value: MediaSessionPlaybackState) {
        session.playbackState = value;
      },
      get playbackState() {
        return session.playbackState;
      },
      setActionHandler: (action: string, handler: (() => void) | null) => (session.handlers[action] = handler),
    },
  });
  vi.stubGlobal('MediaMetadata', class {
    title: string;
    constructor(init: { title: string }) {
      this.title = init.title;
    }
  });
  return session;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('player session (focus and lock screen)', () => {
  let media: ReturnType<typeof fakeMediaSession>;
  beforeEach(() => (media = fakeMediaSession()));
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as unknown as { mediaSession?: unknown }).mediaSession;
  });

  it('names the mix on the lock screen: the track, then each layer, renamed when a layer is added or removed', async () => {
    const store = createPlayerStore();
    const focus = createAudioFocusStore();
    const mix = createMixStore();
    const session = createPlayerSession({ store, focus, mix, onFocusLost: vi.fn() });
    addLayer('rain', 0.5, mix);
    addLayer('fire', 0.5, mix);
    playSound(ocean.index, {}, store);
    session.claim(ocean);
    expect(media.metadata?.title).toBe('Ocean + Rain + Fire');
    removeLayer('rain', mix);
    await settle();
    expect(media.metadata?.title).toBe('Ocean + Fire');
    addLayer('pink', 0.5, mix);
    await settle();
    expect(media.metadata?.title).toBe('Ocean + Fire + Pink noise');
    session.dispose();
  });

  it('claims the speakers, shows the track with previous and next, and mirrors the state', async () => {
    const store = createPlayerStore();
    const focus = createAudioFocusStore();
    const session = createPlayerSession({ store, focus, onFocusLost: vi.fn() });
    playSound(ocean.index, {}, store);
    session.claim(ocean);
    expect(focus.owner).toBe('player');
    expect(media.metadata?.title).toBe('Ocean');
    expect(typeof media.handlers.nexttrack).toBe('function');
    // The lock screen's Next moves the player.
    media.handlers.nexttrack?.();
    expect(store.currentIndex).toBe(forest.index);
    session.show(forest);
    expect(media.metadata?.title).toBe('Forest');
    store.status = 'paused';
    session.follow();
    expect(media.playbackState).toBe('paused');
    session.playing(forest);
    expect(media.playbackState).toBe('playing');
    await settle();
    session.dispose();
  });

  it('says when a noise or the sleep timer took the speakers while the track was to play; then leaves the lock screen alone', async () => {
    const store = createPlayerStore();
    const focus = createAudioFocusStore();
    const onFocusLost = vi.fn();
    const session = createPlayerSession({ store, focus, onFocusLost });
    playSound(ocean.index, {}, store);
    session.claim(ocean);
    claimAudioFocus('noise', focus);
    await settle();
    expect(onFocusLost).toHaveBeenCalledTimes(1);
    media.metadata = { title: 'White Noise' };
    session.show(forest);
    session.playing(forest);
    session.follow();
    expect(media.metadata.title).toBe('White Noise');
    session.claim(ocean);
    stopAllAudio(focus);
    await settle();
    expect(onFocusLost).toHaveBeenCalledTimes(2);
    // 'none' (the sleep timer): the player's paused state still shows.
    store.status = 'paused';
    session.follow();
    expect(media.playbackState).toBe('paused');
    session.dispose();
  });

  it('the OS pauses the output: the track shows paused, and plays on when the OS gives it back (not if it was paused already)', async () => {
    const store = createPlayerStore();
    const focus = createAudioFocusStore();
    let interrupt: (interrupted: boolean) => void = () => {};
    const bus = { onInterrupted: (listener: (interrupted: boolean) => void) => ((interrupt = listener), () => {}) };
    const session = createPlayerSession({ store, focus, bus, onFocusLost: vi.fn() });
    playSound(ocean.index, {}, store);
    store.status = 'playing';
    interrupt(true);
    // Issue 40: the bar says why (the reason goes once it plays again: player-store's reportPlaying).
    expect(store).toMatchObject({ intent: 'pause', status: 'paused', stoppedReason: strings.pausedBySystem });
    interrupt(false);
    expect(store.intent).toBe('play');
    // Paused by the user before the interruption: it stays paused after it.
    store.intent = 'pause';
    store.status = 'paused';
    interrupt(true);
    interrupt(false);
    expect(store).toMatchObject({ intent: 'pause', status: 'paused' });
    session.dispose();
  });
});
