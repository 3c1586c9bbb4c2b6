/**
 * The player's turn at the speakers and on the lock screen (SPEC 1, one thing at a time; SPEC 4,
 * media session): it claims the audio focus when the track is to play, shows the track with previous
 * and next, mirrors the player's state there while the session is the player's, and says when
 * another owner (a noise on its own, or the sleep timer's 'none') took the speakers. When the OS
 * pauses the output element (an interruption, audio focus lost), the track shows paused, and plays
 * on when the OS gives the output back (issue 14: what is shown follows what is heard).
 */
import { subscribe } from 'valtio/vanilla';
import type { Soundscape } from '../../catalogue/catalogue';
import { PRODUCT, strings } from '../../lib/strings';
import { layerName } from '../../stores/mix-layers';
import { mixStore, type MixState } from '../../stores/mix-store';
import { claimAudioFocus, type AudioFocusState, type AudioOwner } from '../../stores/audio-focus-store';
import { pauseBySystem, pausePlayback, playNext, playPrevious, resumePlayback, type PlayerState } from '../../stores/player-store';
import type { AudioBus } from '../audio-bus';
import { setSessionPlaybackState, showInMediaSession } from '../media-session';

export interface PlayerSessionDeps {
  store: PlayerState;
  focus: AudioFocusState;
  bus?: Pick<AudioBus, 'onInterrupted'>;
  /** The mix, whose layers the lock screen names with the track ('Chill + Rain + Fire'). */
  mix?: MixState;
  /** Another engine (or the sleep timer) took the speakers while the track was meant to play. */
  onFocusLost(): void;
}

export interface PlayerSession {
  /** The track is to play: the speakers and the lock screen are the player's. */
  claim(sound: Soundscape | undefined): void;
  /** A new track is on its way: shown at once if the lock screen is the player's. */
  show(sound: Soundscape): void;
  /** The element really plays `sound`. */
  playing(sound: Soundscape): void;
  /** The store changed: the lock screen's state follows while the session is the player's. */
  follow(): void;
  dispose(): void;
}

function sessionState(status: PlayerState['status']): MediaSessionPlaybackState {
  return status === 'playing' || status === 'loading' ? 'playing' : status === 'paused' ? 'paused' : 'none';
}

export function createPlayerSession(deps: PlayerSessionDeps): PlayerSession {
  const { store, focus } = deps;
  let lastOwner: AudioOwner = focus.owner;
  /** Whether the media session shows the player (false once the noise engine took it). */
  let sessionIsPlayers = false;
  const handlers = {
    play: () => resumePlayback(store),
    pause: () => pausePlayback(store),
    next: () => playNext(store),
    previous: () => playPrevious(store),
  };
  const ownsFocus = () => focus.owner === 'player';
  const mix = deps.mix ?? mixStore;
  let shown: Soundscape | undefined;
  const showItem = (sound: Soundscape) => {
    shown = sound;
    const title = strings.mixName(sound.name, mix.layers.map((layer) => layerName(layer.sound)));
    showInMediaSession({ title, artist: PRODUCT, artwork: sound.image }, handlers);
  };
  // A layer added or removed renames the mix on the lock screen (levels do not: the names are compared).
  let layerNames = '';
  const unsubscribeMix = subscribe(mix, () => {
    const names = mix.layers.map((layer) => layer.sound).join();
    if (names === layerNames) return;
    layerNames = names;
    if (shown && ownsFocus()) showItem(shown);
  });

  const unsubscribe = subscribe(focus, () => {
    if (lastOwner === 'player' && focus.owner !== 'player' && store.intent === 'play') deps.onFocusLost();
    // A noise on its own, or an own sound as the track, shows itself on the lock screen now.
    if (focus.owner === 'noise' || focus.owner === 'own') sessionIsPlayers = false;
    lastOwner = focus.owner;
  });

  let resumeAfterInterruption = false;
  const unsubscribeBus = deps.bus?.onInterrupted((interrupted) => {
    if (interrupted) {
      resumeAfterInterruption = store.intent === 'play';
      if (resumeAfterInterruption) pauseBySystem(strings.pausedBySystem, store);
    } else if (resumeAfterInterruption) {
      resumeAfterInterruption = false;
      resumePlayback(store);
    }
  });

  return {
    claim(sound) {
      claimAudioFocus('player', focus);
      lastOwner = 'player';
      sessionIsPlayers = true;
      if (sound) showItem(sound);
    },
    show(sound) {
      if (ownsFocus()) showItem(sound);
    },
    playing(sound) {
      if (!ownsFocus()) return;
      // Again on every 'playing': WebKit clears the metadata when playback starts.
      showItem(sound);
      setSessionPlaybackState('playing');
    },
    follow() {
      if (ownsFocus() || (sessionIsPlayers && focus.owner === 'none')) setSessionPlaybackState(sessionState(store.status));
    },
    dispose() {
      unsubscribe();
      unsubscribeMix();
      unsubscribeBus?.();
    },
  };
}
