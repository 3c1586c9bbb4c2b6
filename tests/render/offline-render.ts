/**
 * The offline render page (issue 38, "Rendered offline"): the app's own engine modules, served by Vite from src/
 * (tests/render/vite.config.ts; never built into dist/), render a soundscape's loop voice, a mix's layers under the
 * bus's master, and the sleep timer's fade into an OfflineAudioContext in real Chromium, faster than real time and
 * the same every time (the walk takes its seed). What is measured is read from the samples here and handed back as
 * figures (render-api.ts); the specs in tests/e2e/*-render.spec.ts hold the truths.
 */
import { subscribe } from 'valtio/vanilla';
import { createAudioBus } from '../../src/engine/audio-bus';
import { createLayerVoice } from '../../src/engine/layers/layer-voice';
import { fadeIn, fadeOut, ramp } from '../../src/engine/level-ramp';
import { createSleepTimer } from '../../src/engine/sleep-timer';
import { loadLoopWindows } from '../../src/engine/soundscape/load-loop-windows';
import { planPieces, walkable, type Piece } from '../../src/engine/soundscape/loop-pieces';
import { JOIN_SAMPLES, WINDOW_SECONDS } from '../../src/engine/soundscape/loop-voice';
import { createLoopVoice, parseMp3Layout, segmentsFor } from '../../src/engine/soundscape/loop-windows';
import { segmentsOf } from '../../src/engine/soundscape/segment-walk';
import { claimAudioFocus, createAudioFocusStore } from '../../src/stores/audio-focus-store';
import { createMixStore } from '../../src/stores/mix-store';
import { createSleepTimerStore, setSleepTimerState } from '../../src/stores/sleep-timer-store';
import { renderOwnSound } from './own-sound-render';
import { countWork, macrotask, renderInChunks, settle, virtualTimers } from './render-clock';
import { gainsOf, powerOf, seamOf, stretchesOf, wholeOf } from './render-measure';
import type { JoinFigures, LoopRender, LoopRenderOptions, LullRender, MixRender, MixRenderOptions, SleepRender, SleepRenderOptions, WrapFigures } from '../e2e/render-api';

/** The longest chunk of a render (a loop render also stops at every window's end). */
const CHUNK_S = 10;
/** Around a join or a wrap, the stretch measured for silence and jumps (as long as the real-time recordings were). */
const AROUND_S = 1.5;
/** Blocks in which the crossfade's gains are read: 10 ms at 48 kHz. */
const GAIN_BLOCK = 480;

const fileBytes = async (file: string) => {
  const response = await fetch(`/media/${file}`);
  if (!response.ok) throw new Error(`/media/${file}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

/** The whole file decoded at its own rate: what every window should hold. */
async function decodeWhole(bytes: Uint8Array, rate: number, length: number): Promise<Float32Array[]> {
  const buffer = await new OfflineAudioContext(2, 1, rate).decodeAudioData(bytes.slice().buffer);
  if (buffer.length < length) throw new Error(`the whole file decoded to ${buffer.length} samples, not ${length}`);
  return [0, 1].map((c) => buffer.getChannelData(Math.min(c, buffer.numberOfChannels - 1)).subarray(0, length));
}

/** Buffer sources' start and end times on `ctx`, as asked (wrapped from outside the engine). */
function watchStarts(ctx: BaseAudioContext): { when: number; end: number }[] {
  const starts: { when: number; end: number }[] = [];
  const create = ctx.createBufferSource.bind(ctx);
  ctx.createBufferSource = () => {
    const node = create();
    const start = node.start.bind(node);
    node.start = (when = 0, offset = 0, duration?: number) => {
      starts.push({ when, end: when + (duration ?? (node.buffer?.duration ?? 0) - offset) });
      start(when, offset, duration);
    };
    return node;
  };
  return starts;
}

/**
 * Where a loop render stops next: at the end of the next window to end (its 'ended' is what has the voice decode
 * the one after), at most a chunk on.
 */
const nextEnd = (starts: readonly { end: number }[], now: number) => Math.min(now + CHUNK_S, ...starts.map((s) => s.end).filter((end) => end > now + 1e-6));

async function renderLoop({ file, seconds, seed, stretchSeconds }: LoopRenderOptions): Promise<LoopRender> {
  const began = performance.now();
  const bytes = await fileBytes(file);
  const layout = parseMp3Layout(bytes);
  const rate = layout.sampleRate;
  const n = layout.length;
  const ctx = new OfflineAudioContext(2, Math.round(seconds * rate), rate);
  const inFlight = countWork(ctx);
  const starts = watchStarts(ctx);
  const segments = segmentsFor(bytes);
  // The voice the player and the layers use (loop-windows.ts: the file's segments found by its fingerprint), seeded.
  const voice = createLoopVoice({ ctx, output: ctx.destination, file: bytes, layout, seed });
  voice.gain.gain.value = 1;
  const at = await voice.start(() => 0);
  if (at === null) throw new Error('the voice did not start');
  await settle(inFlight);
  const rendered = await renderInChunks(ctx, (now) => nextEnd(starts, now), () => settle(inFlight));
  const render = [rendered.getChannelData(0), rendered.getChannelData(1)];
  const file$ = await decodeWhole(bytes, rate, n);
  const origin = Math.round(at * rate);
  const whole = wholeOf(render, rate, origin);
  const wrap = (s: number) => ((s % n) + n) % n;

  // The plan the voice was given (the same options: from the file's top, its seed), to know where each join is.
  const walking = walkable(segments, n);
  const list = walking ? segmentsOf(segments.starts, n) : [{ start: 0, length: n }];
  const segmentOf = (p: Piece) => list.findIndex((s) => s.start === wrap(p.start - p.segmentOffset));
  const plan = planPieces({ fileLength: n, windowSamples: Math.round(WINDOW_SECONDS * rate), segments, from: 0, seed });
  const pieces: Piece[] = [];
  for (let p = plan(); origin + p.at < render[0]!.length; p = plan()) pieces.push(p);

  const order: number[] = [];
  const joins: JoinFigures[] = [];
  const wraps: WrapFigures[] = [];
  const dues = new Set(pieces.map((p) => Math.round(origin + p.at)));
  let previous: Piece | undefined;
  for (const piece of pieces) {
    const segment = segmentOf(piece);
    if (piece.segmentOffset === 0 || order.length === 0) order.push(segment);
    if (previous && piece.fadesIn && piece.segmentOffset === 0) {
      const x = piece.crossfade;
      const t0 = origin + piece.at;
      if (t0 + x + AROUND_S * rate <= render[0]!.length) {
        const out = wrap(previous.start - previous.segmentOffset + previous.segmentLength - x);
        const gains = gainsOf(render, t0, (c, i) => file$[c]![wrap(out + i)]!, (c, i) => file$[c]![wrap(piece.start + i)]!, x, GAIN_BLOCK);
        const sums = gains.map((g) => 10 * Math.log10(g.a * g.a + g.b * g.b));
        const gainError = Math.max(0, ...gains.map((g) => Math.max(Math.abs(g.a - Math.cos((Math.PI / 2) * g.u)), Math.abs(g.b - Math.sin((Math.PI / 2) * g.u)))));
        joins.push({
          at: t0 / rate,
          from: segmentOf(previous),
          to: segment,
          seam: seamOf(render, rate, Math.max(origin, t0 - AROUND_S * rate), t0 + x + AROUND_S * rate, whole.p999),
          powerSumDb: gains.length ? { min: Math.min(...sums), max: Math.max(...sums) } : { min: -Infinity, max: -Infinity },
          gainError: gains.length ? gainError : Infinity,
        });
      }
    }
    if (piece.continues && piece.start + piece.length === n) {
      const tw = origin + piece.at + piece.length;
      if (tw + AROUND_S * rate <= render[0]!.length) {
        // Against the file where the segment plays at full gain (a wrap inside a crossfade is measured as a join).
        const inFade = piece.crossfade > 0 && (piece.segmentOffset + piece.length < piece.crossfade + 0.2 * rate || piece.segmentLength - piece.segmentOffset - piece.length < piece.crossfade + 0.2 * rate);
        let diff = 0, peak = 0;
        if (!inFade) {
          for (let d = -0.2 * rate; d < 0.2 * rate; d++) {
            // Not over the join itself: its JOIN_SAMPLES crossfade the file's end padding (its start as encoded) into its start.
            if (d >= 0 && d < JOIN_SAMPLES) continue;
            for (let c = 0; c < 2; c++) {
              const want = file$[c]![wrap(n + d)]!;
              peak = Math.max(peak, Math.abs(want));
              diff = Math.max(diff, Math.abs(render[c]![tw + d]! - want));
            }
          }
        }
        wraps.push({ at: tw / rate, seam: seamOf(render, rate, Math.max(origin, tw - AROUND_S * rate), tw + AROUND_S * rate, whole.p999), maxDifference: inFade ? null : diff / peak });
      }
    }
    previous = piece;
  }
  return {
    sampleRate: rate,
    startedAt: at,
    walking,
    order,
    joins,
    wraps,
    whole: { longestSilenceMs: whole.longestSilenceMs, maxJumpRatio: whole.maxJumpRatio },
    lateStarts: starts.filter(({ when }) => when * rate < render[0]!.length && !dues.has(Math.round(when * rate))).length,
    ...(stretchSeconds ? { stretches: stretchesOf(render[0]!, rate, origin, stretchSeconds, joins, (pieces.find((p) => p.crossfade > 0)?.crossfade ?? 0) / rate) } : {}),
    renderMs: performance.now() - began,
  };
}

async function renderMix({ layers, bare = [], master, seconds, seed, window: [from, to] }: MixRenderOptions): Promise<MixRender> {
  const began = performance.now();
  const rate = 48_000;
  const ctx = new OfflineAudioContext(2, Math.round(seconds * rate), rate);
  const inFlight = countWork(ctx);
  // The app's bus on the render's context: its master gain (the mix store's volume) and its fade. It manages a live
  // context (resume, suspend, close): here open()'s resume is refused before the render starts, and it has no element.
  const mix = createMixStore({ masterVolume: master, alive: false });
  const bus = createAudioBus({ mix, createContext: () => ctx as unknown as AudioContext, outputElement: false, inGesture: () => true });
  const nodes = bus.open();
  if (!nodes) throw new Error('no bus');
  // What a layer loads on its first start, loaded first, so every layer starts at the render's time 0.
  await Promise.all([loadLoopWindows(), import('../../src/engine/noise/noise-sources')]);
  const files = new Map<string, Promise<Uint8Array>>();
  const readFile = (sound: string) => {
    if (!files.has(sound)) files.set(sound, fileBytes(`${sound}.mp3`));
    return files.get(sound)!;
  };
  await Promise.all([...bare, ...layers.filter((l) => !['white', 'pink', 'brown'].includes(l.sound)).map((l) => l.sound)].map(readFile));
  // A noise layer's worklet node comes after an import and a module load, which may not be in flight yet when the
  // page first looks quiet: the render starts once every one exists (counted from outside, by the global's name).
  const Native = window.AudioWorkletNode;
  let worklets = 0;
  window.AudioWorkletNode = class extends Native {
    constructor(...args: ConstructorParameters<typeof AudioWorkletNode>) {
      super(...args);
      worklets++;
    }
  };
  const wantedWorklets = layers.filter((l) => l.sound === 'pink' || l.sound === 'brown').length;
  for (const layer of layers) createLayerVoice({ nodes: { ctx, input: nodes.input }, runtime: { ramp, fadeIn, fadeOut, loadLoopWindows }, sound: layer.sound, level: layer.level, readFile, seed, openOwnSound: () => Promise.resolve(null) });
  for (const sound of bare) {
    const bytes = await readFile(sound);
    const voice = createLoopVoice({ ctx, output: nodes.input, file: bytes, layout: parseMp3Layout(bytes), seed });
    voice.gain.gain.value = 1;
    // As a layer starts its voice: from the file's top, the default lead.
    void voice.start(() => 0);
  }
  try {
    do await settle(inFlight);
    while (worklets < wantedWorklets);
    // The layer's continuation after its node (connect, start, fade in) runs in the next turns.
    await settle(inFlight);
  } finally {
    window.AudioWorkletNode = Native;
  }
  // Not disposed: the bus would close its context, which an offline one cannot (it is let go with the page's renders).
  const rendered = await renderInChunks(ctx, (now) => now + CHUNK_S, () => settle(inFlight));
  const channels = [rendered.getChannelData(0), rendered.getChannelData(1)];
  const [a, b] = [Math.round(from * rate), Math.round(to * rate)];
  const probe: number[] = [];
  for (const channel of channels) for (let i = a; i < b; i += 50) probe.push(channel[i]!);
  return { power: powerOf(channels, a, b), probe, renderMs: performance.now() - began };
}

async function renderSleep({ minutes, fadeMinutes, sampleRate, step }: SleepRenderOptions): Promise<SleepRender> {
  const began = performance.now();
  const deadline = minutes * 60;
  const ctx = new OfflineAudioContext(1, Math.round((deadline + 2) * sampleRate), sampleRate);
  const timers = virtualTimers(() => ctx.currentTime * 1000);
  try {
    const mix = createMixStore({ masterVolume: 1, alive: false });
    const bus = createAudioBus({ mix, createContext: () => ctx as unknown as AudioContext, outputElement: false, inGesture: () => true });
    const nodes = bus.open();
    if (!nodes) throw new Error('no bus');
    // The mix is a constant 1 into the bus: the output is the master and fade gains themselves.
    const mixSource = ctx.createConstantSource();
    mixSource.connect(nodes.input);
    mixSource.start(0);
    // The engines stop when the timer asks every one to (as the player pauses).
    const focus = createAudioFocusStore();
    claimAudioFocus('player', focus);
    let stoppedAt: number | null = null;
    subscribe(focus, () => {
      if (focus.owner !== 'none' || stoppedAt !== null) return;
      stoppedAt = ctx.currentTime;
      mixSource.stop(stoppedAt);
    });
    const timer = createSleepTimerStore();
    setSleepTimerState({ fadeMinutes }, timer);
    // Wired as startApp() wires it: the bus's fade and long fade, the deadline on the (here: render's) clock.
    createSleepTimer({ timer, focus, fade: bus.setFade, fadeOut: bus.fadeOut, now: () => ctx.currentTime * 1000 }).start(minutes);
    await macrotask();
    const rendered = await renderInChunks(
      ctx,
      () => timers.nextDue() / 1000,
      async () => {
        timers.runDue();
        await macrotask();
      },
    );
    const x = rendered.getChannelData(0);
    const levelsDb: number[] = [];
    for (let i = 0; i < x.length; i = Math.round(levelsDb.length * step * sampleRate)) levelsDb.push(20 * Math.log10(Math.abs(x[i]!)));
    let peakAfterStop = 0;
    for (let i = Math.round((stoppedAt ?? Infinity) * sampleRate); i < x.length; i++) peakAfterStop = Math.max(peakAfterStop, Math.abs(x[i]!));
    return { deadline, step, levelsDb, stoppedAt, peakAfterStop, renderMs: performance.now() - began };
  } finally {
    timers.restore();
  }
}

const lullRender: LullRender = { loop: renderLoop, ownSound: renderOwnSound, mix: renderMix, sleep: renderSleep };
(window as unknown as { lullRender: LullRender }).lullRender = lullRender;
document.title = 'offline render ready';
