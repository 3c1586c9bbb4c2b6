/**
 * The one audio graph's bus (STYLE.md, "One audio graph"): every source's own gain ends in the
 * master gain (the user's volume, mixStore.masterVolume), then the fade gain (the sleep timer),
 * then the output (audio-output.ts: the destination, plus a stream element 40 dB down as the media
 * session's anchor where the engine plays one). Engines receive the bus; they never import it.
 *
 * The context is created or resumed by `open()`, which callers run inside the user's gesture
 * (or the microtasks it queued); the output element is started there too. `prepare()` may build the
 * graph earlier, suspended: constructing a context blocks the main thread for 8–95 ms at 4× CPU
 * (the first one in a browser is the slowest), which a tap then no longer waits for. While nobody holds the
 * bus the element is paused and the context suspended, so an idle app costs no CPU or battery.
 */
import { subscribe } from 'valtio/vanilla';
import { mixStore, type MixState } from '../stores/mix-store';
import { createAudioOutput, type AudioOutput } from './audio-output';
import { ramp, rampToSilence } from './level-ramp';
import { audioContextClass, inUserGesture, streamOutputIsHeard } from './web-audio';

export { OUTPUT_AUDIO_ID } from './audio-output';
/** Longer than this suspended, a context is replaced on the next open inside a gesture (Safari can freeze its clock). */
export const LONG_SUSPENSION_MS = 10 * 60 * 1000;
const IDLE_SUSPEND_MS = 1000;

export interface BusNodes {
  readonly ctx: AudioContext;
  /** Where every source's own gain connects. */
  readonly input: GainNode;
}

export interface AudioBus {
  /**
   * Creates or resumes the context and starts the output: call inside the gesture. A context suspended
   * too long is replaced only inside a gesture; outside one (the lock screen's Play) it is resumed, since
   * a new one would start suspended and its element refused. Undefined without Web Audio.
   */
  open(): BusNodes | undefined;
  /** Builds the graph ahead of the tap, suspended and silent (start-app.ts), so the tap only resumes it. No-op once built. */
  prepare(): void;
  /** The graph as it is, without creating anything. */
  current(): BusNodes | undefined;
  /** An open's resume is unanswered: a 'suspended' state change now is the bus's own late suspend, not the system. */
  isResuming(): boolean;
  /** `holder` plays (or stopped playing): while nobody holds the bus it is paused and suspended. */
  hold(holder: string, playing: boolean): void;
  /** The sleep timer's fade, 0..1, ramped. */
  setFade(level: number): void;
  /** The sleep timer's long fade: the fade gain to 0 over `seconds`, linear on the audio clock (setFade ends it). */
  fadeOut(seconds: number): void;
  /** master × fade, for the element-only fallback where Web Audio is missing. */
  level(): number;
  /** Called with the new graph when the context was replaced (sources must reconnect). */
  onReplaced(listener: (nodes: BusNodes) => void): () => void;
  /** Called when master × fade changes (the element-only fallback applies it as element.volume). */
  onLevel(listener: () => void): () => void;
  /**
   * Called with true when something else paused the output element while it was meant to play (the
   * OS: an interruption, audio focus lost on Android), and with false when it plays again without the
   * app asking (the OS gave it back, or the lock screen's play). Engines show what it really does.
   */
  onInterrupted(listener: (interrupted: boolean) => void): () => void;
  dispose(): void;
}

export interface AudioBusDeps {
  mix?: MixState;
  createContext?: () => AudioContext | undefined;
  /** Whether to add the stream element that anchors the media session (default: where the engine hears one, `streamOutputIsHeard`). */
  outputElement?: boolean;
  /** Whether the code runs inside the user's gesture (default: navigator.userActivation). */
  inGesture?: () => boolean;
  now?: () => number;
  parent?: HTMLElement;
}

interface Graph extends BusNodes {
  readonly fade: GainNode;
  readonly output: AudioOutput;
  /** Resumes asked for and not yet answered. */
  resuming: number;
}

function defaultContext(): AudioContext | undefined {
  const Context = audioContextClass();
  // 'interactive': with 'playback' Chromium's output dropped 35-80 ms at a time in OS recordings (issue 21).
  return Context ? new Context({ latencyHint: 'interactive' }) : undefined;
}

export function createAudioBus(deps: AudioBusDeps = {}): AudioBus {
  const mix = deps.mix ?? mixStore;
  const createContext = deps.createContext ?? defaultContext;
  const now = deps.now ?? (() => Date.now());
  let graph: Graph | undefined;
  let fade = 1;
  let suspendedAt: number | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Opens so far: a suspend that lands after a later open (WebKit applies it after the open's resume) is undone. */
  let opens = 0;
  const holders = new Set<string>();
  const replacedListeners = new Set<(nodes: BusNodes) => void>();
  const interruptedListeners = new Set<(interrupted: boolean) => void>();
  /** The output element was paused by someone else and has not played since. */
  let interrupted = false;
  const setInterrupted = (value: boolean) => {
    if (interrupted === value) return;
    interrupted = value;
    for (const listener of interruptedListeners) listener(value);
  };
  const levelListeners = new Set<() => void>();
  const levelChanged = () => levelListeners.forEach((listener) => listener());

  const anchorElement = deps.outputElement ?? streamOutputIsHeard();
  const inGesture = deps.inGesture ?? inUserGesture;
  const build = (ctx: AudioContext): Graph => {
    const input = ctx.createGain();
    input.gain.value = mix.masterVolume;
    const fadeNode = ctx.createGain();
    fadeNode.gain.value = fade;
    input.connect(fadeNode);
    const onInterrupted = (value: boolean) => graph?.ctx === ctx && setInterrupted(value);
    const output = createAudioOutput(ctx, fadeNode, { anchorElement, parent: deps.parent, onInterrupted });
    return { ctx, input, fade: fadeNode, output, resuming: 0 };
  };

  /** A context and its graph, or undefined without Web Audio (or when the browser refuses another context). */
  const newGraph = (): Graph | undefined => {
    let ctx: AudioContext | undefined;
    try {
      ctx = createContext();
    } catch {
      return undefined;
    }
    if (!ctx) return undefined;
    return build(ctx);
  };

  /** Asked even when the context reads 'running': a suspend the bus asked for (prepare, idle) may still be on its way. */
  const resume = (g: Graph) => {
    g.resuming++;
    g.ctx
      .resume()
      .catch(() => {})
      .finally(() => g.resuming--);
  };

  /** The bus's own suspend; if an open came while it was on its way, the context is resumed again once it lands. */
  const suspend = (g: Graph) => {
    const asked = opens;
    suspendedAt = now();
    g.ctx
      .suspend()
      .then(() => {
        if (opens !== asked && graph === g && g.ctx.state === 'suspended') resume(g);
      })
      .catch(() => {});
  };

  const start = (g: Graph) => {
    // The app starts it (a tap): the engines already know, there is nothing to give back.
    interrupted = false;
    g.output.start();
  };

  const unsubscribe = subscribe(mix, () => {
    if (graph) ramp(graph.input.gain, graph.ctx, mix.masterVolume);
    levelChanged();
  });

  const bus: AudioBus = {
    open() {
      clearTimeout(idleTimer);
      opens++;
      if (graph && graph.ctx.state !== 'closed') {
        const stale = graph.ctx.state !== 'running' && suspendedAt !== undefined && now() - suspendedAt > LONG_SUSPENSION_MS;
        if (!stale || !inGesture()) {
          suspendedAt = undefined;
          resume(graph);
          start(graph);
          return graph;
        }
      }
      const old = graph;
      const fresh = newGraph();
      if (!fresh) return undefined;
      suspendedAt = undefined;
      graph = fresh;
      if (old) {
        old.output.dispose();
        old.ctx.close().catch(() => {});
      }
      resume(graph);
      start(graph);
      if (old) for (const listener of replacedListeners) listener(graph);
      return graph;
    },
    prepare() {
      if (graph) return;
      graph = newGraph();
      if (!graph) return;
      // Where autoplay is allowed it would start running: nothing plays until a tap opens the bus.
      // A press that led to nothing, then a tap long after: the open replaces it, as after any long suspension.
      suspend(graph);
    },
    current: () => graph,
    isResuming: () => (graph?.resuming ?? 0) > 0,
    hold(holder, playing) {
      if (playing) holders.add(holder);
      else holders.delete(holder);
      clearTimeout(idleTimer);
      if (holders.size > 0 || !graph) return;
      const g = graph;
      idleTimer = setTimeout(() => {
        if (holders.size > 0 || graph !== g) return;
        g.output.stop();
        suspend(g);
      }, IDLE_SUSPEND_MS);
    },
    setFade(level) {
      fade = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
      if (graph) ramp(graph.fade.gain, graph.ctx, fade);
      levelChanged();
    },
    fadeOut(seconds) {
      if (graph) rampToSilence(graph.fade.gain, graph.ctx, seconds);
    },
    level: () => mix.masterVolume * fade,
    onReplaced(listener) {
      replacedListeners.add(listener);
      return () => replacedListeners.delete(listener);
    },
    onLevel(listener) {
      levelListeners.add(listener);
      return () => levelListeners.delete(listener);
    },
    onInterrupted(listener) {
      interruptedListeners.add(listener);
      return () => interruptedListeners.delete(listener);
    },
    dispose() {
      unsubscribe();
      clearTimeout(idleTimer);
      graph?.output.dispose();
      graph?.ctx.close().catch(() => {});
      graph = undefined;
    },
  };
  return bus;
}
