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
 * bus the element is paused and the context suspended, so an idle app costs no CPU or battery. While someone holds
 * it, the context is watched (context-watchdog.ts): the system taking it (iOS's 'interrupted', a frozen clock) is
 * told as an interruption, and the next open inside a tap replaces it. So is a resume the system refuses (it rejects,
 * or is left unanswered: iOS after an interruption, the lock screen's Play): never "playing" on a silent context.
 */
import { subscribe } from 'valtio/vanilla';
import { mixStore } from '../stores/mix-store';
import { createAudioOutput, type AudioOutput } from './audio-output';
import type { ContextWatch } from './context-watchdog';
import { ramp, rampToSilence } from './level-ramp';
import { inUserGesture, newAudioContext, streamOutputIsHeard } from './web-audio';

export { OUTPUT_AUDIO_ID } from './audio-output';
export type { AudioBus, AudioBusDeps, BusNodes } from './audio-bus-types';
import type { AudioBus, AudioBusDeps, BusNodes } from './audio-bus-types';
/** Longer than this suspended, a context is replaced on the next open inside a gesture (Safari can freeze its clock). */
export const LONG_SUSPENSION_MS = 10 * 60 * 1000;
const IDLE_SUSPEND_MS = 1000;
/** A resume unanswered this long is a refused one (iOS can leave it pending for good after an interruption). */
export const RESUME_ANSWER_MS = 2000;

interface Graph extends BusNodes {
  readonly fade: GainNode;
  readonly output: AudioOutput;
  /** Resumes asked for and not yet answered. */
  resuming: number;
  /** The system refused its last resume: the next open inside a tap replaces it. */
  refused: boolean;
}

export function createAudioBus(deps: AudioBusDeps = {}): AudioBus {
  const mix = deps.mix ?? mixStore;
  const createContext = deps.createContext ?? newAudioContext;
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
  /** The output element was paused by someone else and has not played since (or the system took the context). */
  let interrupted = false;
  /** While something plays: whether the system has taken the context (context-watchdog.ts). */
  let watch: ContextWatch | undefined;
  /** The context a watch is (or is on its way) for. */
  let watching: AudioContext | undefined;
  const unwatch = () => {
    watch?.stop();
    watch = undefined;
    watching = undefined;
  };
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
    return { ctx, input, fade: fadeNode, output, resuming: 0, refused: false };
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

  /**
   * Asked even when the context reads 'running': a suspend the bus asked for (prepare, idle) may still be on its way.
   * Refused (rejected, or unanswered for RESUME_ANSWER_MS) while the context does not run: the system has the audio.
   * Answered late, it gives the audio back.
   */
  const resume = (g: Graph) => {
    g.resuming++;
    let answered = false;
    const answer = (granted: boolean) => {
      const late = answered;
      if (!late) g.resuming--;
      answered = true;
      if (graph !== g) return;
      if (!granted && !late && g.ctx.state !== 'running') {
        g.refused = true;
        setInterrupted(true);
      } else if (granted && g.refused) {
        g.refused = false;
        if (!watch?.taken) setInterrupted(false);
      }
    };
    const unanswered = setTimeout(() => answer(false), RESUME_ANSWER_MS);
    g.ctx.resume().then(
      () => answer(true),
      () => answer(false),
    ).finally(() => clearTimeout(unanswered));
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
        // Taken by the system (interrupted, or its clock frozen): a tap brings a new context, as after a long suspension.
        const taken = watch?.taken === true || graph.refused || (graph.ctx.state as string) === 'interrupted';
        const stale = taken || (graph.ctx.state !== 'running' && suspendedAt !== undefined && now() - suspendedAt > LONG_SUSPENSION_MS);
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
        unwatch();
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
      if (holders.size > 0 && graph && watching !== graph.ctx) {
        const g = graph;
        watching = g.ctx;
        // Its module loads with the first play, not with the page (the first load's byte budget).
        void import('./context-watchdog')
          .then(({ watchContext }) => {
            if (watching === g.ctx && !watch) watch = watchContext(g.ctx, (taken) => graph === g && setInterrupted(taken), { isResuming: () => g.resuming > 0 });
          })
          .catch(() => watching === g.ctx && (watching = undefined));
      }
      if (holders.size > 0 || !graph) return;
      const g = graph;
      idleTimer = setTimeout(() => {
        if (holders.size > 0 || graph !== g) return;
        // The system has the context: it stays watched (to hear it given back) and is not suspended by Lull.
        if (watch?.taken) return;
        // Its own suspend is not the system's: nothing watches while nothing plays.
        unwatch();
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
      unwatch();
      clearTimeout(idleTimer);
      graph?.output.dispose();
      graph?.ctx.close().catch(() => {});
      graph = undefined;
    },
  };
  return bus;
}
