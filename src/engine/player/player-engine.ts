import { soundscapes, type Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { audioFocus, claimAudioFocus, type AudioFocusState, type AudioOwner } from '../../stores/audio-focus-store';
import {
  playableSoundscapes,
  playbackUrl,
  playerStore,
  playLofiNext,
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
import { createListeningTracker, type ListeningTracker } from './listening-tracker';
import { createLofiQueue, type Random } from './lofi-queue';
import { installPlayerMediaSession, setPlayerMetadata, setPlayerPlaybackState } from './media-session';

/**
 * The one shared <audio> element (SPEC 1: one track at a time), created once, outside the
 * React tree, so navigation never interrupts playback. It follows the player store and reports
 * what the element really does back to it.
 */
export const PLAYER_AUDIO_ID = 'lull-player';

export interface PlayerEngineOptions {
  store?: PlayerState;
  focus?: AudioFocusState;
  random?: Random;
  tracker?: ListeningTracker;
  parent?: HTMLElement;
}

export interface PlayerEngine {
  readonly audio: HTMLAudioElement;
  dispose(): void;
}

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
  const lofiQueue = createLofiQueue(
    playableSoundscapes(store).filter((sound) => sound.kind === 'lofi').map((sound) => sound.index),
    options.random,
  );
  const audio = document.createElement('audio');
  audio.id = PLAYER_AUDIO_ID;
  audio.preload = 'auto';
  (options.parent ?? document.body).appendChild(audio);

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

  const applyVolume = () => {
    const level = store.volume * focus.fadeGain;
    audio.volume = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
  };

  const claimFocus = () => {
    claimAudioFocus('player', focus);
    lastOwner = 'player';
    if (!sessionIsPlayers) installPlayerMediaSession();
    sessionIsPlayers = true;
    if (sound) setPlayerMetadata(sound);
  };

  const play = () => {
    claimFocus();
    audio.play().catch((error: unknown) => {
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
    if (ownsFocus()) setPlayerMetadata(next);
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
    audio.loop = next.kind !== 'lofi';
    // Which file plays, even when src is a blob URL of the cached copy.
    audio.dataset.url = nextUrl;
    audio.src = source.src;
    applyVolume();
    if (store.intent === 'play') play();
    else audio.load();
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
    audio.src = fallback.src;
    if (wantedPlay || store.intent === 'play') {
      resumePlayback(store);
      play();
    } else audio.load();
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
      if (audio.error) {
        recoveredVersion = -1;
        void switchSource(loadedVersion);
      } else if (audio.paused) play();
    } else if (!audio.paused) {
      audio.pause();
    }
    if (ownsFocus() || (sessionIsPlayers && focus.owner === 'none')) setPlayerPlaybackState(store.status);
  };

  const current = () => !switching && sound !== undefined;

  const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
    ['loadstart', () => current() && reportLoading(store)],
    ['canplay', () => current() && reportReady(audio.paused, store)],
    [
      'playing',
      () => {
        if (!current() || !sound) return;
        reportPlaying(store);
        tracker.start(statsKey(sound.name));
        if (ownsFocus()) {
          setPlayerMetadata(sound);
          setPlayerPlaybackState('playing');
        }
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
        // An error's own pause is not the user's: recover() decides what happens next.
        if (current() && !audio.ended && !audio.error) reportPaused(store);
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
        if (store.origin === 'playlist' && store.activePlaylist) {
          audio.currentTime = 0;
          play();
          return;
        }
        const next = lofiQueue.next(sound.index);
        if (next === undefined) reportPaused(store);
        else playLofiNext(next, store);
      },
    ],
    ['error', () => current() && void recover()],
  ];
  for (const [type, listener] of listeners) audio.addEventListener(type, listener);

  const onPageHide = () => tracker.flush();
  window.addEventListener('pagehide', onPageHide);
  window.incrementSessionCount = (key: string) => incrementSessionCount(key);

  const unsubscribeStore = subscribe(store, reconcile);
  const unsubscribeFocus = subscribe(focus, () => {
    // Another engine (or the sleep timer's 'none') took the speakers: stop ours.
    if (lastOwner === 'player' && focus.owner !== 'player' && store.intent === 'play') pausePlayback(store);
    if (focus.owner === 'noise') sessionIsPlayers = false;
    lastOwner = focus.owner;
    applyVolume();
  });
  reconcile();

  return {
    audio,
    dispose() {
      unsubscribeStore();
      unsubscribeFocus();
      for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
      window.removeEventListener('pagehide', onPageHide);
      tracker.dispose();
      audio.pause();
      audio.remove();
    },
  };
}

let shared: PlayerEngine | undefined;

/** Idempotent: the app has exactly one player engine and one <audio> element. */
export function startPlayerEngine(): PlayerEngine {
  shared ??= createPlayerEngine();
  return shared;
}
