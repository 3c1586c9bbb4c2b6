/**
 * The noise engine (SPEC 4, noise generators): Play starts, Pause stops, a second Play while
 * playing is ignored. One AudioContext for all noise, resumed inside the click and suspended when
 * idle; gain ramps of a few tens of ms so starting and stopping never click. Noise and catalogue
 * tracks share the speakers through the audio-focus store: starting noise claims focus, and noise
 * stops as soon as focus moves elsewhere (the player, or the sleep timer's 'none').
 */
import { subscribe } from 'valtio/vanilla';
import { reportError } from '../../lib/error-reporting';
import { audioFocus, claimAudioFocus, releaseAudioFocus, type AudioFocusState } from '../../stores/audio-focus-store';
import {
  noiseStore,
  reportNoisePlaying,
  reportNoiseStarting,
  reportNoiseStopped,
  reportNoiseUnsupported,
  type NoiseColour,
  type NoiseState,
} from '../../stores/noise-store';
import { noiseContext, noteNoiseContextSuspended, preferPlaybackAudioSession } from './noise-context';
import { clearNoiseMediaSession, setNoisePlaybackState, showNoiseInMediaSession } from './noise-media-session';
import { noiseOutput, type NoiseOutput } from './noise-output';
import { createNoiseSource, type NoiseSource } from './noise-sources';

/** Start and stop ramps: long enough to hide the edge, short enough to feel instant. */
const START_RAMP_S = 0.04;
const STOP_RAMP_S = 0.04;
/** How smoothly the sleep timer's 100 ms fade steps are followed. */
const FADE_TIME_CONSTANT_S = 0.02;

export interface NoiseEngineDeps {
  store: NoiseState;
  focus: AudioFocusState;
  context: () => AudioContext | undefined;
  /** Told when the idle context is suspended (so a long-suspended one can be replaced). */
  onSuspended?: (ctx: AudioContext) => void;
}

export interface NoiseEngine {
  play(colour: NoiseColour): void;
  stop(): void;
  toggle(colour: NoiseColour): void;
  /** Stop and take the noise off the lock screen (the page was left). */
  leave(): void;
  dispose(): void;
}

/** A started source with its own start/stop envelope, so an old one can fade out while a new one fades in. */
interface Voice {
  readonly source: NoiseSource;
  readonly envelope: GainNode;
}

interface Running {
  readonly ctx: AudioContext;
  readonly output: NoiseOutput;
  voice: Voice | null;
}

export function createNoiseEngine(deps: NoiseEngineDeps): NoiseEngine {
  const { store, focus } = deps;
  let running: Running | null = null;
  /** Bumped by every play and stop, so a start that finishes late knows it was cancelled. */
  let generation = 0;
  let suspendTimer: ReturnType<typeof setTimeout> | undefined;
  let lastContext: AudioContext | undefined;
  /** Whether the media session shows noise (false once the player took it). */
  let sessionIsNoise = false;
  /** Outputs whose media element already re-shows the metadata on 'playing'. */
  const watchedOutputs = new WeakSet<NoiseOutput>();

  const ramp = (param: AudioParam, ctx: BaseAudioContext, to: number, seconds: number) => {
    const now = ctx.currentTime;
    const from = param.value;
    param.cancelScheduledValues(now);
    param.setValueAtTime(from, now);
    param.linearRampToValueAtTime(to, now + seconds);
  };

  const onContextStateChange = (event: Event) => {
    // The system took the context (iOS interruption, a closed device): show Play, so a tap restarts it.
    const ctx = event.target as AudioContext;
    if (running?.ctx === ctx && store.status === 'playing' && ctx.state !== 'running') stop();
  };

  const start = async (run: Running, colour: NoiseColour, token: number, resumed: Promise<void>) => {
    try {
      await resumed;
      const source = await createNoiseSource(run.ctx, colour);
      if (token !== generation) {
        source.dispose();
        return;
      }
      const envelope = run.ctx.createGain();
      envelope.gain.value = 0;
      source.node.connect(envelope);
      envelope.connect(run.output.fade);
      run.voice = { source, envelope };
      source.start();
      ramp(envelope.gain, run.ctx, 1, START_RAMP_S);
      reportNoisePlaying(store);
      if (focus.owner === 'noise') setNoisePlaybackState('playing');
    } catch (error) {
      if (token !== generation) return;
      reportError(error, 'Lull: noise failed to start:');
      stop();
    }
  };

  const handlers = { play: () => play(store.colour ?? lastColour), pause: () => stop() };
  let lastColour: NoiseColour = 'white';

  function play(colour: NoiseColour): void {
    if (store.status !== 'stopped') {
      if (store.colour === colour) return; // a second Play while playing is ignored
      stop();
    }
    let ctx: AudioContext | undefined;
    try {
      ctx = deps.context();
    } catch (error) {
      reportError(error, 'Lull: could not create an AudioContext:');
    }
    if (!ctx) {
      reportNoiseUnsupported(store);
      return;
    }
    if (ctx !== lastContext) {
      ctx.addEventListener('statechange', onContextStateChange);
      lastContext = ctx;
    }
    clearTimeout(suspendTimer);
    lastColour = colour;
    const token = ++generation;
    preferPlaybackAudioSession();
    reportNoiseStarting(colour, store);
    claimAudioFocus('noise', focus);
    showNoiseInMediaSession(colour, handlers);
    sessionIsNoise = true;
    const output = noiseOutput(ctx, focus.fadeGain);
    if (output.element && !watchedOutputs.has(output)) {
      watchedOutputs.add(output);
      // WebKit clears the metadata when a media element starts playing: show the noise again.
      output.element.addEventListener('playing', () => {
        if (running?.output === output && focus.owner === 'noise' && store.colour) showNoiseInMediaSession(store.colour, handlers);
      });
    }
    // Both inside the click: a context or media element started later may stay blocked.
    const resumed = ctx.state === 'running' ? Promise.resolve() : ctx.resume();
    output.startElement();
    running = { ctx, output, voice: null };
    void start(running, colour, token, resumed);
  }

  function stop(): void {
    if (store.status === 'stopped' && !running) return;
    const token = ++generation;
    const run = running;
    running = null;
    reportNoiseStopped(store);
    if (focus.owner === 'noise') {
      setNoisePlaybackState('paused');
      releaseAudioFocus('noise', focus);
    }
    if (!run) return;
    const voice = run.voice;
    if (voice) {
      ramp(voice.envelope.gain, run.ctx, 0, STOP_RAMP_S);
      // Freed after its own ramp whatever happens next: a quick Play must not keep it running.
      setTimeout(() => {
        voice.source.dispose();
        voice.envelope.disconnect();
      }, STOP_RAMP_S * 1000 + 30);
    }
    // After the ramp, suspend the context unless a new Play came meanwhile.
    suspendTimer = setTimeout(() => {
      if (token !== generation) return;
      run.output.pauseElement();
      run.ctx.suspend().catch(() => {});
      deps.onSuspended?.(run.ctx);
    }, STOP_RAMP_S * 1000 + 30);
  }

  const unsubscribeFocus = subscribe(focus, () => {
    if (focus.owner === 'player') sessionIsNoise = false;
    if (focus.owner !== 'noise' && store.status !== 'stopped') stop();
    if (running) running.output.fade.gain.setTargetAtTime(focus.fadeGain, running.ctx.currentTime, FADE_TIME_CONSTANT_S);
  });

  return {
    play,
    stop,
    toggle(colour) {
      if (store.colour === colour && store.status !== 'stopped') stop();
      else play(colour);
    },
    leave() {
      stop();
      if (sessionIsNoise && focus.owner !== 'player') clearNoiseMediaSession();
      sessionIsNoise = false;
    },
    dispose() {
      stop();
      unsubscribeFocus();
      lastContext?.removeEventListener('statechange', onContextStateChange);
    },
  };
}

const engine = createNoiseEngine({ store: noiseStore, focus: audioFocus, context: () => noiseContext(), onSuspended: (ctx) => noteNoiseContextSuspended(ctx) });

/** Call from the click handler itself: the context must be resumed inside the user's gesture. */
export const playNoise = (colour: NoiseColour): void => engine.play(colour);
export const stopNoise = (): void => engine.stop();
export const toggleNoise = (colour: NoiseColour): void => engine.toggle(colour);
export const leaveNoisePage = (): void => engine.leave();
