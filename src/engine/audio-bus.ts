/**
 * The one audio graph's bus (STYLE.md, "One audio graph"): every source's own gain ends in the
 * master gain (the user's volume, mixStore.masterVolume), then the fade gain (the sleep timer),
 * then one output: a MediaStreamAudioDestinationNode played by one <audio> element (Chrome shows
 * lock-screen controls only for an audible media element, and an element keeps playing in the
 * background), else the context's destination. Engines receive the bus; they never import it.
 *
 * The context is created or resumed by `open()`, which callers run inside the user's gesture
 * (or the microtasks it queued); the output element is started there too. `prepare()` may build the
 * graph earlier, suspended: constructing a context blocks the main thread for 8–95 ms at 4× CPU
 * (the first one in a browser is the slowest), which a tap then no longer waits for. While nobody holds the
 * bus the element is paused and the context suspended, so an idle app costs no CPU or battery.
 * Over 200 lines on purpose: the context and its one output element share one life (created,
 * started, idled, replaced and interrupted by the OS together), so they stay in one module.
 */
import { subscribe } from 'valtio/vanilla';
import { mixStore, type MixState } from '../stores/mix-store';
import { audioContextClass, preferPlaybackAudioSession } from './noise/noise-context';

export const OUTPUT_AUDIO_ID = 'lull-output';
/** Level changes follow this time constant: fast enough to feel immediate, slow enough not to click. */
export const LEVEL_TIME_CONSTANT_S = 0.02;
/** Longer than this suspended, a context is replaced on the next open (Safari can freeze its clock). */
export const LONG_SUSPENSION_MS = 10 * 60 * 1000;
const IDLE_SUSPEND_MS = 1000;

export interface BusNodes {
  readonly ctx: AudioContext;
  /** Where every source's own gain connects. */
  readonly input: GainNode;
}

export interface AudioBus {
  /** Creates or resumes the context and starts the output element: call inside the gesture. Undefined without Web Audio. */
  open(): BusNodes | undefined;
  /**
   * Builds the graph ahead of the tap, suspended and silent (the press before a click: see
   * start-app.ts), so the tap only resumes it. No-op once a graph exists.
   */
  prepare(): void;
  /** The graph as it is, without creating anything. */
  current(): BusNodes | undefined;
  /**
   * An open() asked the context to run and it has not answered yet: a 'suspended' state change
   * now is the bus's own earlier suspend arriving late, not the system taking the context.
   */
  isResuming(): boolean;
  /** `holder` plays (or stopped playing): while nobody holds the bus it is paused and suspended. */
  hold(holder: string, playing: boolean): void;
  /** The sleep timer's fade, 0..1, ramped. */
  setFade(level: number): void;
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
  /** Whether to route through a media element (false in unit tests without media streams). */
  outputElement?: boolean;
  now?: () => number;
  parent?: HTMLElement;
}

interface Graph extends BusNodes {
  readonly fade: GainNode;
  readonly element: HTMLAudioElement | null;
  throughElement: boolean;
  /** The bus wants the output element playing (false once it paused it itself, or gave up on it). */
  elementWanted: boolean;
  /** Resumes asked for and not yet answered. */
  resuming: number;
}

function defaultContext(): AudioContext | undefined {
  const Context = audioContextClass();
  // 'playback': the bigger device buffers the spec intends for sustained playback (fewer wake-ups all
  // night on a phone). The default 'interactive' started the first sound up to ~30 ms sooner at 4x CPU
  // (bench/loop.bench.ts, interleaved runs), and the seam e2e saw skipped quanta a little more often with it.
  return Context ? new Context({ latencyHint: 'playback' }) : undefined;
}

export function ramp(param: AudioParam, ctx: BaseAudioContext, to: number): void {
  param.cancelScheduledValues(ctx.currentTime);
  param.setTargetAtTime(to, ctx.currentTime, LEVEL_TIME_CONSTANT_S);
}

export function createAudioBus(deps: AudioBusDeps = {}): AudioBus {
  const mix = deps.mix ?? mixStore;
  const createContext = deps.createContext ?? defaultContext;
  const now = deps.now ?? (() => Date.now());
  let graph: Graph | undefined;
  let fade = 1;
  let suspendedAt: number | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
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
  const levelChanged = () => {
    for (const listener of levelListeners) listener();
  };

  const build = (ctx: AudioContext): Graph => {
    const input = ctx.createGain();
    input.gain.value = mix.masterVolume;
    const fadeNode = ctx.createGain();
    fadeNode.gain.value = fade;
    input.connect(fadeNode);
    let element: HTMLAudioElement | null = null;
    if (deps.outputElement !== false && typeof ctx.createMediaStreamDestination === 'function' && typeof document !== 'undefined') {
      try {
        const stream = ctx.createMediaStreamDestination();
        element = document.createElement('audio');
        element.id = OUTPUT_AUDIO_ID;
        element.srcObject = stream.stream;
        (deps.parent ?? document.body).appendChild(element);
        fadeNode.connect(stream);
        const own = element;
        own.addEventListener('pause', () => {
          if (graph?.element === own && graph.elementWanted && graph.throughElement) setInterrupted(true);
        });
        own.addEventListener('play', () => {
          if (graph?.element === own) setInterrupted(false);
        });
      } catch {
        element = null;
      }
    }
    if (!element) fadeNode.connect(ctx.destination);
    return { ctx, input, fade: fadeNode, element, throughElement: element !== null, elementWanted: false, resuming: 0 };
  };

  const toDestination = (g: Graph) => {
    if (!g.throughElement) return;
    g.throughElement = false;
    g.elementWanted = false;
    g.fade.disconnect();
    g.fade.connect(g.ctx.destination);
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
    preferPlaybackAudioSession();
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

  const startElement = (g: Graph) => {
    if (!g.element || !g.throughElement) return;
    g.elementWanted = true;
    // The app starts it (a tap): the engines already know, there is nothing to give back.
    interrupted = false;
    const started: Promise<void> | undefined = g.element.play();
    // No permission for the element (or no media stack): the plain Web Audio output still plays.
    started?.catch(() => toDestination(g));
  };

  const unsubscribe = subscribe(mix, () => {
    if (graph) ramp(graph.input.gain, graph.ctx, mix.masterVolume);
    levelChanged();
  });

  const bus: AudioBus = {
    open() {
      clearTimeout(idleTimer);
      if (graph && graph.ctx.state !== 'closed') {
        const stale = graph.ctx.state !== 'running' && suspendedAt !== undefined && now() - suspendedAt > LONG_SUSPENSION_MS;
        if (!stale) {
          suspendedAt = undefined;
          resume(graph);
          startElement(graph);
          return graph;
        }
      }
      const old = graph;
      const fresh = newGraph();
      if (!fresh) return undefined;
      suspendedAt = undefined;
      graph = fresh;
      if (old) {
        old.element?.remove();
        old.ctx.close().catch(() => {});
      }
      resume(graph);
      startElement(graph);
      if (old) for (const listener of replacedListeners) listener(graph);
      return graph;
    },
    prepare() {
      if (graph) return;
      graph = newGraph();
      if (!graph) return;
      // Where autoplay is allowed it would start running: nothing plays until a tap opens the bus.
      graph.ctx.suspend().catch(() => {});
      // A press that led to nothing, then a tap long after: the open replaces it, as after any long suspension.
      suspendedAt = now();
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
        g.elementWanted = false;
        if (g.element && g.throughElement) g.element.pause();
        g.ctx.suspend().catch(() => {});
        suspendedAt = now();
      }, IDLE_SUSPEND_MS);
    },
    setFade(level) {
      fade = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
      if (graph) ramp(graph.fade.gain, graph.ctx, fade);
      levelChanged();
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
      graph?.element?.remove();
      graph?.ctx.close().catch(() => {});
      graph = undefined;
    },
  };
  return bus;
}
