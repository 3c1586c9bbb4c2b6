/**
 * The noise engine: one noise source in the app's graph, with its own gain.
 * - On its own (SPEC 4, the noise pages): Play starts, Pause stops, a second Play while playing is
 *   ignored; gain 1. It keeps playing while the listener moves around the app. A noise on its own
 *   and a catalogue track take turns through the audio-focus store, as SPEC 1's one thing at a time.
 * Noise under a track is a layer of the mix (engine/layers/layer-engine.ts), not this engine's.
 * Start and stop are short ramps so nothing clicks; levels follow the stores with setTargetAtTime.
 * When the OS pauses the output element, a noise on its own shows stopped, and plays again when the
 * OS gives the output back (issue 14: the button and the lock screen follow what is really heard).
 * Over 200 lines on purpose: both roles drive one source and one gain through one start/stop state
 * machine (the sources themselves are in noise-sources.ts); split by role, each half would need the other's state.
 */
import { subscribe } from 'valtio/vanilla';
import { reportError } from '../../lib/error-reporting';
import { PRODUCT, routeTitles } from '../../lib/strings';
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
import type { AudioBus, BusNodes } from '../audio-bus';
import { fadeIn, fadeOut, ramp } from '../level-ramp';
import { setSessionPlaybackState, showInMediaSession } from '../media-session';
import type { NoiseSource } from './noise-sources';

const HOLDER = 'noise';
/** A 'suspended' the context still reads this long after its event is the system's, not a late report. */
export const SYSTEM_SUSPEND_CONFIRM_MS = 250;

const titles: Record<NoiseColour, string> = {
  white: routeTitles['/white-noise'],
  pink: routeTitles['/pink-noise'],
  brown: routeTitles['/brown-noise'],
};

export interface NoiseEngineDeps {
  bus: AudioBus;
  store?: NoiseState;
  focus?: AudioFocusState;
}

export interface NoiseEngine {
  play(colour: NoiseColour): void;
  stop(): void;
  toggle(colour: NoiseColour): void;
  dispose(): void;
}

/** A started source with its own gain (envelope × level), so an old one can fade out while a new one fades in. */
interface Voice {
  readonly colour: NoiseColour;
  readonly nodes: BusNodes;
  readonly gain: GainNode;
  source: NoiseSource | null;
  cancelled: boolean;
}

export function createNoiseEngine(deps: NoiseEngineDeps): NoiseEngine {
  const { bus } = deps;
  const store = deps.store ?? noiseStore;
  const focus = deps.focus ?? audioFocus;
  /** The noise playing on its own (the noise pages), or null. */
  let solo: NoiseColour | null = null;
  let voice: Voice | null = null;
  const watchedContexts = new WeakSet<AudioContext>();

  const wanted = (): { colour: NoiseColour; level: number } | null => {
    if (solo) return { colour: solo, level: 1 };
    return null;
  };

  const release = (old: Voice) => {
    old.cancelled = true;
    const silentAt = fadeOut(old.gain.gain, old.nodes.ctx);
    // Freed after its own ramp whatever happens next: a quick Play must not keep it running.
    setTimeout(() => {
      old.source?.dispose();
      old.gain.disconnect();
    }, (silentAt - old.nodes.ctx.currentTime) * 1000 + 30);
  };

  const takenBySystem = (ctx: AudioContext) => voice?.nodes.ctx === ctx && solo !== null && store.status === 'playing' && ctx.state !== 'running' && !bus.isResuming();
  const onContextStateChange = (event: Event) => {
    // The system took the context (iOS interruption, a closed device): show Play, so a tap restarts it.
    // Only if it is still not running a moment later: Firefox can report the bus's own earlier suspend
    // after the click's resume() has resolved, and the 'running' change follows it.
    const ctx = event.target as AudioContext;
    if (takenBySystem(ctx)) setTimeout(() => takenBySystem(ctx) && stop(), SYSTEM_SUSPEND_CONFIRM_MS);
  };

  const startVoice = async (next: Voice, level: number) => {
    try {
      // Loaded at the first Play (the first load's budget, issue 24); the gesture already resumed the context.
      const { createNoiseSource } = await import('./noise-sources');
      const source = await createNoiseSource(next.nodes.ctx, next.colour);
      if (next.cancelled) {
        source.dispose();
        return;
      }
      next.source = source;
      source.node.connect(next.gain);
      source.start();
      fadeIn(next.gain.gain, next.nodes.ctx, level);
      if (solo === next.colour) {
        reportNoisePlaying(store);
        setSessionPlaybackState('playing');
      }
    } catch (error) {
      if (next.cancelled) return;
      reportError(error, 'Lull: noise failed to start:');
      if (solo) stop();
    }
  };

  /** Makes the graph match the stores: the wanted colour playing at its level, or nothing. */
  const reconcile = () => {
    const want = wanted();
    if (voice && (!want || want.colour !== voice.colour || voice.nodes !== bus.current())) {
      release(voice);
      voice = null;
    }
    if (!want) {
      bus.hold(HOLDER, false);
      return;
    }
    if (voice) {
      // Not while the start ramp runs: it ramps to the level read when it started.
      if (voice.source) ramp(voice.gain.gain, voice.nodes.ctx, want.level);
      return;
    }
    let nodes: BusNodes | undefined;
    try {
      nodes = bus.open();
    } catch (error) {
      reportError(error, 'Lull: could not create an AudioContext:');
    }
    if (!nodes) {
      reportNoiseUnsupported(store);
      solo = null;
      return;
    }
    if (!watchedContexts.has(nodes.ctx)) {
      watchedContexts.add(nodes.ctx);
      nodes.ctx.addEventListener('statechange', onContextStateChange);
    }
    bus.hold(HOLDER, true);
    const gain = nodes.ctx.createGain();
    gain.gain.value = 0;
    gain.connect(nodes.input);
    voice = { colour: want.colour, nodes, gain, source: null, cancelled: false };
    void startVoice(voice, want.level);
  };

  const handlers = { play: () => play(lastColour), pause: () => stop() };
  let lastColour: NoiseColour = 'white';
  /** The noise the OS paused (through the output element), played again when it gives the output back. */
  let interruptedColour: NoiseColour | null = null;

  function play(colour: NoiseColour): void {
    interruptedColour = null;
    if (solo === colour) return; // a second Play while playing is ignored
    solo = colour;
    lastColour = colour;
    reportNoiseStarting(colour, store);
    claimAudioFocus('noise', focus);
    showInMediaSession({ title: titles[colour], artist: PRODUCT, artwork: '/icons/icon-512.png' }, handlers);
    // Inside the click: the bus resumes the context and starts the output element now.
    reconcile();
  }

  function stop(): void {
    if (!solo) return;
    solo = null;
    reportNoiseStopped(store);
    if (focus.owner === 'noise') {
      setSessionPlaybackState('paused');
      releaseAudioFocus('noise', focus);
    }
    reconcile();
  }

  const unsubscribers = [
    subscribe(focus, () => {
      // A track (or the sleep timer's 'none') took the speakers: a noise on its own stops.
      if (solo && focus.owner !== 'noise') stop();
    }),
    bus.onReplaced(reconcile),
    bus.onInterrupted((interrupted) => {
      if (interrupted) {
        interruptedColour = solo;
        stop();
      } else if (interruptedColour) {
        const colour = interruptedColour;
        interruptedColour = null;
        play(colour);
      }
    }),
  ];

  return {
    play,
    stop,
    toggle(colour) {
      if (solo === colour) stop();
      else play(colour);
    },
    dispose() {
      stop();
      if (voice) release(voice);
      voice = null;
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}

let shared: NoiseEngine | undefined;

/** Created once by startApp(), with the app's bus. */
export function startNoiseEngine(bus: AudioBus): NoiseEngine {
  shared ??= createNoiseEngine({ bus });
  return shared;
}

/** Call from the click handler itself: the context must be resumed inside the user's gesture. */
export const playNoise = (colour: NoiseColour): void => shared?.play(colour);
export const stopNoise = (): void => shared?.stop();
export const toggleNoise = (colour: NoiseColour): void => shared?.toggle(colour);
