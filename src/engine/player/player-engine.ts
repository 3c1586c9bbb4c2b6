import { soundscapes, type Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { audioFocus, claimAudioFocus, type AudioFocusState, type AudioOwner } from '../../stores/audio-focus-store';
import {
  playableSoundscapes,
  playbackUrl,
  playerStore,
  playLofiNext,
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
import { ramp, type AudioBus, type BusNodes } from '../audio-bus';
import { setSessionPlaybackState, showInMediaSession } from '../media-session';
import { createListeningTracker, type ListeningTracker } from './listening-tracker';
import { createLofiQueue, type Random } from './lofi-queue';
import { createLoopHandover, type LoopHandover } from './loop-handover';

/**
 * The one shared <audio> element (SPEC 1: one track at a time), created once, outside the
 * React tree, so navigation never interrupts playback. It follows the player store and reports
 * what the element really does back to it.
 */
export const PLAYER_AUDIO_ID = 'lull-player';

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

/** The element's place in the graph: element → its gain → track gain (catalogue volume) → bus. */
interface Route {
  readonly nodes: BusNodes;
  readonly elementGain: GainNode;
  readonly trackGain: GainNode;
  readonly loop: LoopHandover;
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
  const lofiQueue = createLofiQueue(
    playableSoundscapes(store).filter((sound) => sound.kind === 'lofi').map((sound) => sound.index),
    options.random,
  );
  const bus = options.bus;
  const parent = options.parent ?? document.body;
  const newElement = () => {
    const element = document.createElement('audio');
    element.id = PLAYER_AUDIO_ID;
    element.preload = 'auto';
    // A MediaElementSource hears a cross-origin file only with CORS (the media host sends it).
    element.crossOrigin = 'anonymous';
    parent.appendChild(element);
    return element;
  };
  let audio = newElement();
  let route: Route | null = null;
  /** No Web Audio (or the element could not be routed): levels fall back to element.volume. */
  let elementLevels = !bus;

  /** The store's sourceVersion the element is (being) loaded for. */
  let loadedVersion = 0;
  /** True while the source is being resolved: the element still holds the previous track. */
  let switching = false;
  let sound: Soundscape | undefined;
  let url = '';
  let fromCache = false;
  /** The cached copy's bytes while one plays, for the loop's decode. */
  let currentBlob: Blob | undefined;
  let streamReported = false;
  let recoveredVersion = -1;
  let lastOwner: AudioOwner = focus.owner;
  /** Whether the media session shows the player (false once the noise engine took it). */
  let sessionIsPlayers = false;

  const ownsFocus = () => focus.owner === 'player';

  const applyVolume = () => {
    if (route) {
      ramp(route.trackGain.gain, route.nodes.ctx, store.volume);
      return;
    }
    // Before the first play nothing is routed yet: the level is applied when it is.
    if (!elementLevels) return;
    // No Web Audio: the element is the only level control (not on iOS, where volume is read-only).
    const level = store.volume * (bus?.level() ?? 1);
    audio.volume = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
  };

  /** Puts the element into the graph (once per context: an element takes one MediaElementSource for life). */
  const connect = (nodes: BusNodes | undefined) => {
    if (!nodes || route?.nodes === nodes) return;
    if (route) {
      // The context was replaced: a fresh element for the new one, at the same place of the same file.
      route.loop.release();
      const old = audio;
      audio = newElement();
      for (const [type, listener] of listeners) {
        old.removeEventListener(type, listener);
        audio.addEventListener(type, listener);
      }
      audio.loop = old.loop;
      if (old.dataset.url) audio.dataset.url = old.dataset.url;
      const at = old.currentTime;
      audio.src = old.src;
      audio.currentTime = at;
      old.pause();
      old.remove();
    }
    try {
      const { ctx } = nodes;
      const source = ctx.createMediaElementSource(audio);
      const elementGain = ctx.createGain();
      const trackGain = ctx.createGain();
      trackGain.gain.value = store.volume;
      source.connect(elementGain);
      elementGain.connect(trackGain);
      trackGain.connect(nodes.input);
      audio.volume = 1;
      route = { nodes, elementGain, trackGain, loop: createLoopHandover({ ctx, element: audio, elementGain, output: trackGain }) };
      if (sound && sound.kind !== 'lofi' && audio.src) route.loop.load(audio.src, currentBlob);
    } catch (error) {
      reportError(error, 'Lull: could not route the player through Web Audio, playing the element directly:');
      route = null;
      elementLevels = true;
    }
  };

  const claimFocus = () => {
    claimAudioFocus('player', focus);
    lastOwner = 'player';
    sessionIsPlayers = true;
    if (sound) showInMediaSession(playerSessionItem(sound), playerSessionHandlers);
  };

  const play = () => {
    claimFocus();
    // Inside the tap (or its microtasks): the context resumes and the output element starts now.
    if (bus) {
      const nodes = bus.open();
      if (nodes) connect(nodes);
      else elementLevels = true;
      applyVolume();
      bus.hold('player', true);
    }
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
    currentBlob = source.blob;
    streamReported = false;
    audio.loop = next.kind !== 'lofi';
    // Which file plays, even when src is a blob URL of the cached copy.
    audio.dataset.url = nextUrl;
    audio.src = source.src;
    // Loops hand over to their decoded copy; songs play on the element (they do not loop).
    if (route) {
      if (next.kind !== 'lofi') route.loop.load(source.src, source.blob);
      else route.loop.release();
    }
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
    currentBlob = fallback.blob;
    audio.src = fallback.src;
    if (route && failed.kind !== 'lofi') route.loop.load(fallback.src, fallback.blob);
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
    if (store.intent !== 'play') bus?.hold('player', false);
    if (ownsFocus() || (sessionIsPlayers && focus.owner === 'none')) setSessionPlaybackState(sessionState(store.status));
  };

  const current = () => !switching && sound !== undefined;
  const followElement = () => route?.loop.sync();

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
    ['seeked', followElement],
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
  });
  const unsubscribeLevel = bus?.onLevel(applyVolume);
  const unsubscribeReplaced = bus?.onReplaced((nodes) => connect(nodes));
  reconcile();

  return {
    get audio() {
      return audio;
    },
    get loop() {
      return route?.loop ?? null;
    },
    dispose() {
      unsubscribeLevel?.();
      unsubscribeReplaced?.();
      route?.loop.release();
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

function sessionState(status: PlayerState['status']): MediaSessionPlaybackState {
  return status === 'playing' || status === 'loading' ? 'playing' : status === 'paused' ? 'paused' : 'none';
}

let shared: PlayerEngine | undefined;

/** Created once by startApp(): the app has exactly one player engine and one track element. */
export function startPlayerEngine(bus: AudioBus): PlayerEngine {
  shared ??= createPlayerEngine({ bus });
  return shared;
}
