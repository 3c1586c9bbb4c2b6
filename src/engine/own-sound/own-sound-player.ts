/**
 * A listener's own sound as the track (issue 41): its voice (own-sound-voice.ts) under a gain that fades it in and
 * out. Starting one pauses the catalogue's track; a catalogue track starting stops it.
 */
import { subscribe } from 'valtio/vanilla';
import { pausePlayback, playerStore, type PlayerState } from '../../stores/player-store';
import type { AudioBus } from '../audio-bus';
import { fadeIn, fadeOut } from '../level-ramp';
import { setSessionPlaybackState, showInMediaSession } from '../media-session';
import { PRODUCT } from '../../lib/strings';
import type { OwnSoundSource, OwnSoundVoice } from './own-sound-voice';

export type { OwnSoundSource };

export type OwnSoundStop = { readonly reason: 'stopped' } | { readonly reason: 'failed'; readonly error: unknown };

/** How the lock screen shows it: its name, and its cover (drawn once it sounds: the tap does not wait for it). */
export interface OwnSoundSession {
  readonly title: string;
  artwork(): string;
  /** The lock screen's Play, once it was paused there: the app starts it as its own Play does. */
  resume(): void;
}

export interface OwnSoundPlayer {
  /** Call inside the tap: the context resumes there. */
  play(source: OwnSoundSource, onStopped: (stop: OwnSoundStop) => void, session?: OwnSoundSession): void;
  stop(): void;
}

const START_LEAD_S = 0.1;
const HOLDER = 'own-sound';

interface Playing {
  readonly ctx: AudioContext;
  readonly gain: GainNode;
  /** Null until the voice's module has loaded (it is not part of the home page's first load). */
  voice: OwnSoundVoice | null;
  readonly onStopped: (stop: OwnSoundStop) => void;
}

export function createOwnSoundPlayer(bus: AudioBus, store: PlayerState = playerStore): OwnSoundPlayer {
  let playing: Playing | null = null;

  /** `replaced`: something else plays now and owns the lock screen. */
  const end = (stop: OwnSoundStop, replaced = false) => {
    const current = playing;
    if (!current) return;
    playing = null;
    if (!replaced) setSessionPlaybackState('paused');
    const silentAt = fadeOut(current.gain.gain, current.ctx);
    current.voice?.stop(silentAt);
    setTimeout(() => current.gain.disconnect(), 1000 * (silentAt - current.ctx.currentTime) + 50);
    bus.hold(HOLDER, false);
    current.onStopped(stop);
  };

  // The catalogue's track starting (a tap, a playlist, the lock screen) takes the place of an own sound.
  subscribe(store, () => {
    if (playing && store.intent === 'play') end({ reason: 'stopped' }, true);
  });
  bus.onReplaced(() => end({ reason: 'stopped' }));

  return {
    play(source, onStopped, session) {
      end({ reason: 'stopped' }, true);
      if (store.intent === 'play') pausePlayback(store);
      const nodes = bus.open();
      if (!nodes) {
        onStopped({ reason: 'failed', error: new Error('Web Audio is not available') });
        return;
      }
      const { ctx } = nodes;
      bus.hold(HOLDER, true);
      const gain = ctx.createGain();
      gain.gain.value = 0;
      gain.connect(nodes.input);
      const current: Playing = { ctx, gain, voice: null, onStopped };
      playing = current;
      // The context resumed inside the tap (bus.open); the voice starts once its module is here, faded in from then.
      import('./own-sound-voice').then(({ startOwnSoundVoice }) => {
        if (playing !== current) return;
        const at = Math.ceil((ctx.currentTime + START_LEAD_S) * ctx.sampleRate) / ctx.sampleRate;
        fadeIn(gain.gain, ctx, 1, at);
        current.voice = startOwnSoundVoice({
          ctx, output: gain, source, at,
          onFailed: (error) => {
            if (playing === current) end({ reason: 'failed', error });
          },
        });
      }, (error: unknown) => {
        if (playing === current) end({ reason: 'failed', error });
      });
      if (session) {
        showInMediaSession({ title: session.title, artist: PRODUCT, artwork: session.artwork() }, { play: () => session.resume(), pause: () => end({ reason: 'stopped' }) });
        setSessionPlaybackState('playing');
      }
    },
    stop: () => end({ reason: 'stopped' }),
  };
}

let shared: OwnSoundPlayer | undefined;

/** Created once by startApp(), with the app's bus. */
export function startOwnSoundPlayer(bus: AudioBus): OwnSoundPlayer {
  shared ??= createOwnSoundPlayer(bus);
  return shared;
}

/** Call from the click handler itself: the context must be resumed inside the user's gesture. */
export const playOwnSound = (source: OwnSoundSource, onStopped: (stop: OwnSoundStop) => void, session?: OwnSoundSession): void => {
  if (shared) shared.play(source, onStopped, session);
  else onStopped({ reason: 'failed', error: new Error('the player has not started') });
};
export const stopOwnSound = (): void => shared?.stop();
