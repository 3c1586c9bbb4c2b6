/**
 * A listener's own sound as the track (issue 41): its voice (own-sound-voice.ts) under a gain that fades it in and
 * out. Starting one pauses the catalogue's track and takes the speakers (the audio focus, as 'own'): a catalogue track
 * or a noise on its own starting replaces it; the sleep timer's end pauses it.
 */
import { subscribe } from 'valtio/vanilla';
import { audioFocus, claimAudioFocus, type AudioFocusState } from '../../stores/audio-focus-store';
import { pausePlayback, playerStore, type PlayerState } from '../../stores/player-store';
import type { AudioBus } from '../audio-bus';
import { fadeIn, fadeOut } from '../level-ramp';
import { setSessionPlaybackState, showInMediaSession } from '../media-session';
import { PRODUCT, strings } from '../../lib/strings';
import { layerName } from '../../stores/mix-layers';
import { mixStore, type MixState } from '../../stores/mix-store';
import type { OwnSoundSource, OwnSoundVoice } from './own-sound-voice';

export type { OwnSoundSource };

/**
 * `replaced`: a catalogue track or another own sound took its place; `stopped`: paused (by the listener, the lock
 * screen, the sleep timer); `interrupted`: the system took the audio (a call, Siri, an alarm: the bus says so), and it
 * plays on by itself (its session's resume) when the system gives it back.
 */
export type OwnSoundStop = { readonly reason: 'stopped' | 'replaced' | 'interrupted' } | { readonly reason: 'failed'; readonly error: unknown };

/** How the lock screen shows it: its name, and its cover (drawn from the stored sound once it is read: the tap does not wait for it). */
export interface OwnSoundSession {
  readonly title: string;
  artwork(source: OwnSoundSource): string;
  /** The lock screen's Play, once it was paused there: the app starts it as its own Play does. */
  resume(): void;
}

export interface OwnSoundPlayer {
  /** Call inside the tap: the context resumes there; the sound starts once `source` is read (a rejection fails it). */
  play(source: Promise<OwnSoundSource>, onStopped: (stop: OwnSoundStop) => void, session?: OwnSoundSession): void;
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

export function createOwnSoundPlayer(bus: AudioBus, store: PlayerState = playerStore, focus: AudioFocusState = audioFocus, mix: MixState = mixStore): OwnSoundPlayer {
  let playing: Playing | null = null;
  /** The lock screen's entry while it plays: its name and the layers under it, as a catalogue track's mix is named. */
  let shown: { session: OwnSoundSession; artwork: string } | undefined;
  let layerNames = '';
  const show = ({ session, artwork }: { session: OwnSoundSession; artwork: string }) => {
    const title = strings.mixName(session.title, mix.layers.map((layer) => layerName(layer.sound)));
    showInMediaSession({ title, artist: PRODUCT, artwork }, { play: () => session.resume(), pause: () => end({ reason: 'stopped' }) });
  };

  /** Fades it out and tells its owner why; the lock screen says paused unless something replaced it (that owns it now). */
  const end = (stop: OwnSoundStop) => {
    const current = playing;
    if (!current) return;
    playing = null;
    shown = undefined;
    if (stop.reason !== 'replaced') setSessionPlaybackState('paused');
    const silentAt = fadeOut(current.gain.gain, current.ctx);
    current.voice?.stop(silentAt);
    setTimeout(() => current.gain.disconnect(), 1000 * (silentAt - current.ctx.currentTime) + 50);
    bus.hold(HOLDER, false);
    current.onStopped(stop);
  };

  // The catalogue's track starting (a tap, a playlist, the lock screen) takes the place of an own sound.
  subscribe(store, () => {
    if (playing && store.intent === 'play') end({ reason: 'replaced' });
  });
  // The sleep timer's end ('none') pauses it; a catalogue track or a noise on its own taking the speakers replaces it.
  subscribe(focus, () => {
    if (playing && focus.owner !== 'own') end({ reason: focus.owner === 'none' ? 'stopped' : 'replaced' });
  });
  bus.onReplaced(() => end({ reason: 'stopped' }));
  // Interrupted while it played, it plays on when the system gives the audio back, as the catalogue's track does.
  let resumeAfterInterruption: (() => void) | null = null;
  bus.onInterrupted((interrupted) => {
    if (interrupted && playing) {
      const session = shown?.session;
      end({ reason: 'interrupted' });
      resumeAfterInterruption = session ? () => session.resume() : null;
    } else if (!interrupted && resumeAfterInterruption) {
      const resume = resumeAfterInterruption;
      resumeAfterInterruption = null;
      resume();
    }
  });
  // A layer added or removed renames it on the lock screen (levels do not).
  subscribe(mix, () => {
    const names = mix.layers.map((layer) => layer.sound).join();
    if (names === layerNames) return;
    layerNames = names;
    if (shown) show(shown);
  });

  return {
    play(source, onStopped, session) {
      resumeAfterInterruption = null;
      end({ reason: 'replaced' });
      if (store.intent === 'play') pausePlayback(store);
      claimAudioFocus('own', focus);
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
      // The context resumed inside the tap (bus.open); the voice starts once its module and the sound are here,
      // faded in from then, and the lock screen shows it with its cover.
      Promise.all([import('./own-sound-voice'), source]).then(([{ startOwnSoundVoice }, sound]) => {
        if (playing !== current) return;
        const at = Math.ceil((ctx.currentTime + START_LEAD_S) * ctx.sampleRate) / ctx.sampleRate;
        fadeIn(gain.gain, ctx, 1, at);
        current.voice = startOwnSoundVoice({
          ctx, output: gain, source: sound, at,
          onFailed: (error) => {
            if (playing === current) end({ reason: 'failed', error });
          },
        });
        if (session) {
          shown = { session, artwork: session.artwork(sound) };
          show(shown);
        }
      }, (error: unknown) => {
        if (playing === current) end({ reason: 'failed', error });
      });
      if (session) setSessionPlaybackState('playing');
    },
    stop: () => {
      resumeAfterInterruption = null;
      end({ reason: 'stopped' });
    },
  };
}

let shared: OwnSoundPlayer | undefined;

/** Created once by startApp(), with the app's bus. */
export function startOwnSoundPlayer(bus: AudioBus): OwnSoundPlayer {
  shared ??= createOwnSoundPlayer(bus);
  return shared;
}

/** Call from the click handler itself: the context must be resumed inside the user's gesture. */
export const playOwnSound = (source: Promise<OwnSoundSource>, onStopped: (stop: OwnSoundStop) => void, session?: OwnSoundSession): void => {
  if (shared) shared.play(source, onStopped, session);
  else onStopped({ reason: 'failed', error: new Error('the player has not started') });
};
export const stopOwnSound = (): void => shared?.stop();
