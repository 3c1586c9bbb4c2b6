import type { Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { strings } from '../../lib/strings';
import { audioFocus, type AudioFocusState } from '../../stores/audio-focus-store';
import { offlineStore, type OfflineState } from '../../stores/offline-store';
import {
  forgetFailedSounds,
  pausePlayback,
  playerStore,
  playlistIsActive,
  reportLoading,
  reportPaused,
  reportPlaying,
  reportReady,
  reportStopped,
  type PlayerState,
} from '../../stores/player-store';
import { subscribe } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { networkOnlySources, type PlaybackSourceService } from '../playback-sources';
import type { AudioBus } from '../audio-bus';
import { createListeningTracker, type ListeningTracker } from './listening-tracker';
import { createLofiRadio, type Random } from './lofi-queue';
import { createPlayerSession } from './player-session';
import { createPlayerStats } from './player-stats';
import { createSourceSwitcher } from './source-switcher';
import { prefetchOnPress } from './press-prefetch';
import type { TrackMedia } from './loop-track';
import { createTrackOutput, type TrackOutput } from './track-output';
import type { TrackOutputOptions } from './track-output-types';

export { PLAYER_AUDIO_ID } from './track-output';

/**
 * The player: the store says what the user wants, the engine makes the one track element follow it
 * and reports what the element really does back. A thin composition of its parts: the element and its
 * place in the graph (track-output), which file it plays and what happens when that fails
 * (source-switcher), the speakers and the lock screen (player-session), listening stats
 * (player-stats), and the lofi radio (lofi-queue).
 */

export interface PlayerEngineOptions {
  /** The app's audio graph; without one (or without Web Audio) the element plays on its own. */
  bus?: AudioBus;
  store?: PlayerState;
  /** Connectivity and saved sounds (what can play offline); the app's store by default. */
  offline?: OfflineState;
  focus?: AudioFocusState;
  random?: Random;
  tracker?: ListeningTracker;
  /** The offline service that chooses each source (startApp() hands it in); without one every track streams. */
  sources?: PlaybackSourceService;
  parent?: HTMLElement;
  /** An element already played inside a tap (the first tap, before hydration): the track element starts as it. */
  element?: HTMLAudioElement;
  /** What the first tap's script started before the app, for the track to take over (src/engine/first-tap.ts). */
  firstTap?: TrackOutputOptions['firstTap'];
}

export interface PlayerEngine {
  /** The element songs play on (the first tap's element, once handed over). */
  readonly audio: HTMLAudioElement;
  dispose(): void;
}

export function createPlayerEngine(options: PlayerEngineOptions = {}): PlayerEngine {
  const store = options.store ?? playerStore;
  const bus = options.bus;
  const offline = options.offline ?? offlineStore;
  const lofiRadio = createLofiRadio({ store, offline, random: options.random });
  // Sounds that failed to load are passed over by Next, Previous and the radio until the connection changes: then they may load.
  const unsubscribeOnline = subscribeKey(offline, 'online', () => forgetFailedSounds(store));
  const stats = createPlayerStats(options.tracker ?? createListeningTracker());
  const session = createPlayerSession({ store, focus: options.focus ?? audioFocus, bus, onFocusLost: () => pausePlayback(store) });
  /** What the track plays on now: the element (a replaced context brings a fresh one) or the loop track; `output` is created below, with the listeners. */
  const audioEl = (): TrackMedia => output.media;

  /** Inside the tap (or its microtasks): the speakers, the context and the output element, now. */
  const takeStage = (sound: Soundscape | undefined) => {
    session.claim(sound);
    output.open();
    bus?.hold('player', true);
  };

  const play = () => {
    takeStage(source.sound);
    audioEl().play().catch((error: unknown) => {
      const name = error instanceof DOMException ? error.name : '';
      // AbortError: a newer source replaced this one. NotSupportedError: the 'error' event handles it.
      if (name === 'AbortError' || name === 'NotSupportedError') return;
      // NotAllowedError (no user gesture) and anything else: show paused, so a tap can retry.
      reportPaused(store);
      if (name !== 'NotAllowedError') reportError(error, 'Lull: audio playback failed:');
    });
  };

  /** A new source (or a retry): play() must run inside the tap, so the element is unlocked before the source is known. */
  const switchSource = (version: number) => {
    if (store.intent === 'play') {
      // The lock screen shows the new sound once the switcher has it (onSwitch).
      takeStage(undefined);
      output.unlock();
    }
    source.switchTo(version);
  };

  const reconcile = () => {
    output.setLevel(store.volume);
    if (store.currentIndex === null) return;
    if (store.sourceVersion !== source.version) {
      switchSource(store.sourceVersion);
      return;
    }
    if (source.switching) return;
    if (store.intent === 'play') {
      // After a load error a tap on play retries from the network.
      if (audioEl().error) switchSource(source.version);
      else if (audioEl().paused) play();
    } else if (!audioEl().paused) {
      audioEl().pause();
    }
    if (store.intent !== 'play') bus?.hold('player', false);
    session.follow();
  };

  const current = () => (source.switching ? undefined : source.sound);

  const onEnded = () => {
    stats.stopped();
    const sound = current();
    if (!sound) return;
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
  };

  const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
    ['loadstart', () => current() && reportLoading(store)],
    ['canplay', () => current() && reportReady(audioEl().paused, store)],
    [
      'playing',
      () => {
        const sound = current();
        if (!sound) return;
        reportPlaying(store);
        stats.playing(sound.name);
        session.playing(sound);
        output.follow();
        source.started();
      },
    ],
    [
      'pause',
      () => {
        stats.stopped();
        output.follow();
        // An error's own pause is not the user's: the source switcher decides what happens next.
        if (current() && !audioEl().ended && !audioEl().error) reportPaused(store);
      },
    ],
    ['ended', onEnded],
    ['error', () => current() && source.recover()],
    ['seeked', () => output.follow()],
  ];
  /** Never 'Playing' over silence (issue 40): the element that stayed stopped is paused, and the bar says why. */
  const onStalled = () => {
    reportError(new Error('the track element stayed silent after reloads'), 'Lull: playback stalled:');
    reportStopped(strings.playbackStalled, store);
  };
  const output: TrackOutput = createTrackOutput({ bus, parent: options.parent ?? document.body, listeners, element: options.element, firstTap: options.firstTap, replay: () => play(), onStalled });
  const source = createSourceSwitcher({
    store,
    output,
    sources: options.sources ?? networkOnlySources,
    play,
    onSwitch: (next) => {
      // The old session ends now, not when the new source has loaded.
      stats.stopped();
      session.show(next);
    },
  });

  const unsubscribeStore = subscribe(store, reconcile);
  reconcile();
  const stopPrefetch = prefetchOnPress({ target: window, output, store, offline });

  return {
    get audio() {
      return output.element;
    },
    dispose() {
      unsubscribeStore();
      stopPrefetch();
      session.dispose();
      output.dispose();
      stats.dispose();
      lofiRadio.dispose();
      unsubscribeOnline();
    },
  };
}

let shared: PlayerEngine | undefined;

/** Created once by startApp(): the app has exactly one player engine and one track element. */
export function startPlayerEngine(bus: AudioBus, sources: PlaybackSourceService, firstTap?: Pick<PlayerEngineOptions, 'element' | 'firstTap'>): PlayerEngine {
  shared ??= createPlayerEngine({ bus, sources, ...firstTap });
  return shared;
}
