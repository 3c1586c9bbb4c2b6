import { soundscapes, type Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { audioFocus, claimAudioFocus, type AudioFocusState, type AudioOwner } from '../../stores/audio-focus-store';
import {
  playbackUrl,
  playerStore,
  playlistIsActive,
  playNext,
  playPrevious,
  pausePlayback,
  reportLoadError,
  reportLoading,
  reportPaused,
  reportPlaying,
  reportReady,
  resumePlayback,
  type PlayerState,
} from '../../stores/player-store';
import { incrementSessionCount, statsKey } from '../../stores/stats-store';
import { subscribe } from 'valtio/vanilla';
import { onStreamStarted, recoverFromLoadError, resolvePlaybackSource } from '../playback-source';
import { PRODUCT } from '../../lib/strings';
import type { AudioBus } from '../audio-bus';
import { setSessionPlaybackState, showInMediaSession } from '../media-session';
import { createListeningTracker, type ListeningTracker } from './listening-tracker';
import { createLofiRadio, type Random } from './lofi-queue';
import type { LoopHandover } from './loop-handover';
import { createTrackOutput, type TrackOutput } from './track-output';

export { PLAYER_AUDIO_ID } from './track-output';

/**
 * The one shared <audio> element (SPEC 1: one track at a time), created once, outside the
 * React tree, so navigation never interrupts playback. It follows the player store and reports
 * what the element really does back to it.
 */

export interface PlayerEngineOptions {
  /** The app's audio graph; without one (or without Web Audio) the element plays on its own. */
  bus?: AudioBus;
  store?: PlayerState;
  focus?: AudioFocusState;
  random?: Random;
  tracker?: ListeningTracker;
  parent?: HTMLElement;
}

export interface PlayerEngine {
  readonly audio: HTMLAudioElement;
  /** The decoded-loop hand-over of the current graph, if any (tests and the bench read it). */
  readonly loop: LoopHandover | null;
  dispose(): void;
}

function playerSessionItem(sound: Soundscape) {
  return { title: sound.name, artist: PRODUCT, artwork: sound.image };
}

const playerSessionHandlers = { play: () => resumePlayback(), pause: () => pausePlayback(), next: () => playNext(), previous: () => playPrevious() };

declare global {
  interface Window {
    /** SPEC 4: lets other parts add 1 to a track's sessionCount. */
    incrementSessionCount?: (key: string) => void;
  }
}

export function createPlayerEngine(options: PlayerEngineOptions = {}): PlayerEngine {
  const store = options.store ?? playerStore;
  const focus = options.focus ?? audioFocus;
  const tracker = options.tracker ?? createListeningTracker();
  const lofiRadio = createLofiRadio({ store, random: options.random });
  const bus = options.bus;
  /** The element now (a replaced context brings a fresh one); `output` is created below, with the listeners. */
  const audioEl = (): HTMLAudioElement => output.element;

  /** The store's sourceVersion the element is (being) loaded for. */
  let loadedVersion = 0;
  /** True while the source is being resolved: the element still holds the previous track. */
  let switching = false;
  let sound: Soundscape | undefined;
  let url = '';
  let fromCache = false;
  let streamReported = false;
  let recoveredVersion = -1;
  let lastOwner: AudioOwner = focus.owner;
  /** Whether the media session shows the player (false once the noise engine took it). */
  let sessionIsPlayers = false;

  const ownsFocus = () => focus.owner === 'player';

  const applyVolume = () => output.setLevel(store.volume);

  const claimFocus = () => {
    claimAudioFocus('player', focus);
    lastOwner = 'player';
    sessionIsPlayers = true;
    if (sound) showInMediaSession(playerSessionItem(sound), playerSessionHandlers);
  };

  const play = () => {
    claimFocus();
    // Inside the tap (or its microtasks): the context resumes and the output element starts now.
    output.open();
    bus?.hold('player', true);
    audioEl().play().catch((error: unknown) => {
      const name = error instanceof DOMException ? error.name : '';
      // AbortError: a newer source replaced this one. NotSupportedError: the 'error' event handles it.
      if (name === 'AbortError' || name === 'NotSupportedError') return;
      // NotAllowedError (no user gesture) and anything else: show paused, so a tap can retry.
      reportPaused(store);
      if (name !== 'NotAllowedError') reportError(error, 'Lull: audio playback failed:');
    });
  };

  async function switchSource(version: number): Promise<void> {
    const next = store.currentIndex === null ? undefined : soundscapes[store.currentIndex];
    if (!next) return;
    switching = true;
    // The old session ends now, not when the new source has loaded.
    tracker.stop();
    if (ownsFocus()) showInMediaSession(playerSessionItem(next), playerSessionHandlers);
    const nextUrl = playbackUrl(next, store);
    let source;
    try {
      source = await resolvePlaybackSource(next, nextUrl);
    } catch (error) {
      reportError(error, 'Lull: could not resolve the playback source:');
      source = { src: nextUrl, fromCache: false };
    }
    if (version !== store.sourceVersion) return;
    switching = false;
    sound = next;
    url = nextUrl;
    fromCache = source.fromCache;
    streamReported = false;
    output.setLevel(store.volume);
    output.setSource({ src: source.src, url: nextUrl, loops: next.kind !== 'lofi', blob: source.blob });
    if (store.intent === 'play') play();
    else audioEl().load();
  }

  async function recover(): Promise<void> {
    const version = loadedVersion;
    const failed = sound;
    // Read before the element's own 'pause' after the error flips the intent.
    const wantedPlay = store.intent === 'play';
    if (!failed || recoveredVersion === version) {
      reportLoadError(store);
      return;
    }
    recoveredVersion = version;
    let fallback = null;
    try {
      fallback = await recoverFromLoadError(failed, url);
    } catch (error) {
      reportError(error, 'Lull: cache recovery failed:');
    }
    if (version !== store.sourceVersion) return;
    if (!fallback) {
      reportLoadError(store);
      return;
    }
    fromCache = fallback.fromCache;
    output.setSource({ src: fallback.src, url, loops: failed.kind !== 'lofi', blob: fallback.blob });
    if (wantedPlay || store.intent === 'play') {
      resumePlayback(store);
      play();
    } else audioEl().load();
  }

  const reconcile = () => {
    applyVolume();
    if (store.currentIndex === null) return;
    if (store.sourceVersion !== loadedVersion) {
      loadedVersion = store.sourceVersion;
      void switchSource(loadedVersion);
      return;
    }
    if (switching) return;
    if (store.intent === 'play') {
      // After a load error a tap on play retries from the network.
      if (audioEl().error) {
        recoveredVersion = -1;
        void switchSource(loadedVersion);
      } else if (audioEl().paused) play();
    } else if (!audioEl().paused) {
      audioEl().pause();
    }
    if (store.intent !== 'play') bus?.hold('player', false);
    if (ownsFocus() || (sessionIsPlayers && focus.owner === 'none')) setSessionPlaybackState(sessionState(store.status));
  };

  const current = () => !switching && sound !== undefined;
  const followElement = () => output.follow();

  const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
    ['loadstart', () => current() && reportLoading(store)],
    ['canplay', () => current() && reportReady(audioEl().paused, store)],
    [
      'playing',
      () => {
        if (!current() || !sound) return;
        reportPlaying(store);
        tracker.start(statsKey(sound.name));
        if (ownsFocus()) {
          showInMediaSession(playerSessionItem(sound), playerSessionHandlers);
          setSessionPlaybackState('playing');
        }
        followElement();
        if (!fromCache && !streamReported) {
          streamReported = true;
          onStreamStarted(sound, url);
        }
      },
    ],
    [
      'pause',
      () => {
        tracker.stop();
        followElement();
        // An error's own pause is not the user's: recover() decides what happens next.
        if (current() && !audioEl().ended && !audioEl().error) reportPaused(store);
      },
    ],
    [
      'ended',
      () => {
        tracker.stop();
        if (!current() || !sound) return;
        if (sound.kind !== 'lofi') {
          reportPaused(store);
          return;
        }
        // A playlist item lasts its minutes, not the song's length: the song starts again, and
        // the playlist (not the lofi radio) decides what comes next.
        if (store.origin === 'playlist' && playlistIsActive(store)) {
          audioEl().currentTime = 0;
          play();
          return;
        }
        lofiRadio.playAfter(sound.index);
      },
    ],
    ['error', () => current() && void recover()],
    ['seeked', followElement],
  ];
  const output: TrackOutput = createTrackOutput({ bus, parent: options.parent ?? document.body, listeners });

  const onPageHide = () => tracker.flush();
  window.addEventListener('pagehide', onPageHide);
  window.incrementSessionCount = (key: string) => incrementSessionCount(key);

  const unsubscribeStore = subscribe(store, reconcile);
  const unsubscribeFocus = subscribe(focus, () => {
    // Another engine (or the sleep timer's 'none') took the speakers: stop ours.
    if (lastOwner === 'player' && focus.owner !== 'player' && store.intent === 'play') pausePlayback(store);
    if (focus.owner === 'noise') sessionIsPlayers = false;
    lastOwner = focus.owner;
  });
  reconcile();

  return {
    get audio() {
      return output.element;
    },
    get loop() {
      return output.loop;
    },
    dispose() {
      unsubscribeStore();
      unsubscribeFocus();
      output.dispose();
      window.removeEventListener('pagehide', onPageHide);
      tracker.dispose();
      lofiRadio.dispose();
    },
  };
}

function sessionState(status: PlayerState['status']): MediaSessionPlaybackState {
  return status === 'playing' || status === 'loading' ? 'playing' : status === 'paused' ? 'paused' : 'none';
}

let shared: PlayerEngine | undefined;

/** Created once by startApp(): the app has exactly one player engine and one track element. */
export function startPlayerEngine(bus: AudioBus): PlayerEngine {
  shared ??= createPlayerEngine({ bus });
  return shared;
}
