/**
 * The noise engine's AudioWorklet path, over the worklet double (tests/unit/web-audio-worklet.ts):
 * the real pink and brown processor modules are loaded by addModule and run over the real kernels
 * while the test context renders. Also the fallback when the module cannot be loaded.
 */
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNoiseState, NOISE_PROCESSOR_NAMES, NOISE_SEEDS, renderNoise } from '../../../../worklets/dsp/noise.ts';
import { createAudioBus, type AudioBus } from '../../../../src/engine/audio-bus';
import { fadeIn, fadeOut, ramp } from '../../../../src/engine/level-ramp';
import { loadLoopWindows } from '../../../../src/engine/soundscape/load-loop-windows';
import { createNoiseEngine, type NoiseEngine } from '../../../../src/engine/noise/noise-engine';
import { createLayerEngine, type LayerEngine } from '../../../../src/engine/layers/layer-engine';
import { createAudioFocusStore } from '../../../../src/stores/audio-focus-store';
import { createMixStore } from '../../../../src/stores/mix-store';
import { addLayer, setBedLevel } from '../../../../src/stores/mix-actions';
import { createNoiseStore } from '../../../../src/stores/noise-store';
import { createPlayerStore, playSound, reportPlaying } from '../../../../src/stores/player-store';
import { AudioWorkletDouble, createdWorkletNodes, installAudioWorklet, type AudioWorkletNodeDouble } from '../../web-audio-worklet';

type TestContext = AudioContext & { $processTo(time: string): void };
type TestParam = AudioParam & { $valueAtTime(time: number): number };

const settle = () => new Promise((r) => setTimeout(r, 20));
/** The first addModule evaluates the processor module: its time varies with the machine's load. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 20_000, interval: 10 });

let uninstall: () => void;
let engine: NoiseEngine | undefined;
let layers: LayerEngine | undefined;
let bus: AudioBus | undefined;
const scriptProcessors: ScriptProcessorNode[] = [];

beforeEach(() => {
  uninstall = installAudioWorklet();
  const createScriptProcessor = AudioContext.prototype.createScriptProcessor;
  vi.spyOn(AudioContext.prototype, 'createScriptProcessor').mockImplementation(function (this: AudioContext, ...args) {
    const node = createScriptProcessor.apply(this, args);
    scriptProcessors.push(node);
    return node;
  });
});

afterEach(() => {
  engine?.dispose();
  layers?.dispose();
  layers = undefined;
  bus?.dispose();
  engine = undefined;
  bus = undefined;
  scriptProcessors.length = 0;
  vi.restoreAllMocks();
  uninstall();
});

function harness() {
  const store = createNoiseStore();
  const mix = createMixStore();
  const player = createPlayerStore();
  const contexts: TestContext[] = [];
  bus = createAudioBus({
    mix,
    outputElement: false,
    createContext: () => {
      const ctx = new AudioContext() as TestContext;
      contexts.push(ctx);
      return ctx;
    },
  });
  engine = createNoiseEngine({ bus, store, focus: createAudioFocusStore() });
  // A noise under a track is a layer of the mix: the layer engine plays it through the same sources.
  layers = createLayerEngine({ bus, runtime: { ramp, fadeIn, fadeOut, loadLoopWindows }, mix, player });
  return { engine, store, mix, player, contexts };
}

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);

/** The kernel alone, in the processor's 128-frame blocks: what the node must have written. */
function kernelOutput(colour: 'pink' | 'brown', channel: number, frames: number, sampleRate: number): Float32Array {
  const state = createNoiseState(colour, NOISE_SEEDS[channel] as number, sampleRate);
  const out = new Float32Array(frames);
  for (let start = 0; start < frames; start += 128) renderNoise(state, out, start, Math.min(frames, start + 128));
  return out;
}

describe('noise engine on AudioWorklet', () => {
  // The sources load at the first Play in the app; here, before the first test's clock starts.
  beforeAll(() => import('../../../../src/engine/noise/noise-sources'));

  it.each(['pink', 'brown'] as const)('%s plays through an AudioWorkletNode running the real processor over the real kernel', async (colour) => {
    const { engine, store, contexts } = harness();
    engine.play(colour);
    await until(() => expect(store).toMatchObject({ colour, status: 'playing' }));
    expect(scriptProcessors).toHaveLength(0);
    expect(createdWorkletNodes).toHaveLength(1);
    const node = createdWorkletNodes[0] as AudioWorkletNodeDouble;
    expect(node.processorName).toBe(NOISE_PROCESSOR_NAMES[colour]);
    expect(node.options).toMatchObject({ numberOfInputs: 0, numberOfOutputs: 1, outputChannelCount: [2] });
    expect(node.numberOfInputs).toBe(0);

    const ctx = contexts[0] as TestContext;
    ctx.$processTo('00:00.500');
    const [left, right] = node.rendered();
    // Half a second rendered through the graph (the node feeds the destination), block by block.
    expect(left?.length).toBeGreaterThanOrEqual(Math.floor((0.5 * ctx.sampleRate) / 128 - 2) * 128);
    expect(left).toEqual(kernelOutput(colour, 0, left?.length ?? 0, ctx.sampleRate));
    expect(right).toEqual(kernelOutput(colour, 1, right?.length ?? 0, ctx.sampleRate));
    expect(rms(left as Float32Array)).toBeGreaterThan(0.01);
    // Two decorrelated channels, not one copied.
    expect(left).not.toEqual(right);
  });

  it('ramps its own gain to the level: 1 on its own, the layer level under a track, following the level', async () => {
    const { engine, mix, player, contexts } = harness();
    engine.play('pink');
    await until(() => expect(createdWorkletNodes).toHaveLength(1));
    const ctx = contexts[0] as TestContext;
    const gain = (createdWorkletNodes[0] as AudioWorkletNodeDouble).connectedTo()[0] as GainNode;
    expect(gain).toBeInstanceOf(GainNode);
    ctx.$processTo('00:00.200');
    expect((gain.gain as TestParam).$valueAtTime(ctx.currentTime)).toBeCloseTo(1, 5);

    engine.stop();
    setBedLevel('brown', 0.3, mix);
    addLayer('brown', undefined, mix);
    playSound(0, {}, player);
    // Layers join once the track plays; the graph runs already, so once it has played JOIN_AFTER_S (layer-engine.ts).
    reportPlaying(player);
    await settle();
    ctx.$processTo('00:00.500');
    await until(() => expect(createdWorkletNodes.length).toBe(2));
    const bed = createdWorkletNodes[1] as AudioWorkletNodeDouble;
    expect(bed.processorName).toBe(NOISE_PROCESSOR_NAMES.brown);
    const bedGain = bed.connectedTo()[0] as GainNode;
    ctx.$processTo('00:00.700');
    expect((bedGain.gain as TestParam).$valueAtTime(ctx.currentTime)).toBeCloseTo(0.3, 5);
    setBedLevel('brown', 0.6, mix);
    await settle();
    ctx.$processTo('00:01.100');
    expect((bedGain.gain as TestParam).$valueAtTime(ctx.currentTime)).toBeCloseTo(0.6, 2);
  });

  it('two noise layers started together are independent noises: pink and brown do not share one white sequence', async () => {
    const { mix, player, contexts } = harness();
    addLayer('pink', 0.8, mix);
    addLayer('brown', 0.3, mix);
    playSound(0, {}, player);
    // Layers join once the track plays (layer-engine.ts).
    reportPlaying(player);
    await until(() => expect(createdWorkletNodes).toHaveLength(2));
    const ctx = contexts[0] as TestContext;
    ctx.$processTo('00:01.000');
    const [pink, brown] = createdWorkletNodes.map((node) => (node as AudioWorkletNodeDouble).rendered()[0] as Float32Array);
    const frames = Math.min(pink!.length, brown!.length);
    expect(frames).toBeGreaterThan(0.5 * ctx.sampleRate);
    let pb = 0;
    let pp = 0;
    let bb = 0;
    for (let i = 0; i < frames; i++) {
      pb += pink![i]! * brown![i]!;
      pp += pink![i]! ** 2;
      bb += brown![i]! ** 2;
    }
    // From one white sequence they sum coherently (Brown measured 3.9 dB louder over Pink than alone, in Chromium).
    expect(Math.abs(pb / Math.sqrt(pp * bb))).toBeLessThan(0.05);
  });

  it('stop disposes the node: the processor is told, the node is disconnected, and process() then returns false', async () => {
    const { engine, contexts } = harness();
    engine.play('brown');
    await until(() => expect(createdWorkletNodes).toHaveLength(1));
    const node = createdWorkletNodes[0] as AudioWorkletNodeDouble;
    const ctx = contexts[0] as TestContext;
    ctx.$processTo('00:00.100');
    const before = node.rendered()[0]?.length ?? 0;
    expect(before).toBeGreaterThan(0);

    engine.stop();
    // Freed after the 40 ms fade-out.
    await until(() => expect(node.posted).toEqual([{ type: 'dispose' }]));
    expect(node.connectedTo()).toHaveLength(0);
    ctx.$processTo('00:00.300');
    expect(node.rendered()[0]?.length).toBe(before);
    // The message reaches the processor's port on a later task; its next process() ends it.
    await until(() => {
      node.render(128);
      expect(node.active).toBe(false);
    });
  });

  it('falls back to the ScriptProcessor when the module cannot be loaded, says why, and retries the worklet on the next Play', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(AudioWorkletDouble.prototype, 'addModule').mockRejectedValueOnce(new DOMException('blocked by the CSP', 'AbortError'));
    const { engine, store } = harness();
    engine.play('pink');
    await until(() => expect(store).toMatchObject({ colour: 'pink', status: 'playing' }));
    expect(createdWorkletNodes).toHaveLength(0);
    expect(scriptProcessors).toHaveLength(1);
    expect(scriptProcessors[0]?.onaudioprocess).toBeTypeOf('function');
    expect(errors.mock.calls.some((call) => String(call[0]).includes('noise worklet failed to load'))).toBe(true);

    engine.stop();
    engine.play('pink');
    await until(() => expect(createdWorkletNodes).toHaveLength(1));
    expect(scriptProcessors).toHaveLength(1);
  });
});
