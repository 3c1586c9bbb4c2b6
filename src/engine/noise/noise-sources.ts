/**
 * Noise sources, one per colour, all rendering the same kernels (worklets/dsp):
 * white from a looped 2-second buffer; pink and brown in an AudioWorkletProcessor, or in a
 * 4096-sample ScriptProcessorNode where AudioWorklet is missing.
 */
import brownNoiseProcessorUrl from '../../../worklets/processors/brown-noise.processor.ts?worker&url';
import pinkNoiseProcessorUrl from '../../../worklets/processors/pink-noise.processor.ts?worker&url';
import { createNoiseState, NOISE_PROCESSOR_NAMES, NOISE_SEEDS, renderNoise } from '../../../worklets/dsp/noise.ts';
import { reportError } from '../../lib/error-reporting';
import type { NoiseColour } from '../../stores/noise-store';
import { loadWorkletModule, supportsAudioWorklet } from './noise-context';

export type NoiseRenderer = 'buffer' | 'worklet' | 'script-processor';

export interface NoiseSource {
  readonly node: AudioNode;
  readonly renderer: NoiseRenderer;
  start(): void;
  dispose(): void;
}

const processorUrls = { pink: pinkNoiseProcessorUrl, brown: brownNoiseProcessorUrl } as const;
const CHANNELS = NOISE_SEEDS.length;
/** The looped white-noise buffer: long enough that no repetition is heard. */
const WHITE_NOISE_BUFFER_SECONDS = 2;
/** The fallback's block: large, so a busy main thread drops out less often. */
const SCRIPT_PROCESSOR_BLOCK = 4096;

const whiteBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();

/** Two seconds of stereo white noise, rendered once per context. */
export function whiteNoiseBuffer(ctx: BaseAudioContext): AudioBuffer {
  let buffer = whiteBuffers.get(ctx);
  if (!buffer) {
    const length = Math.round(ctx.sampleRate * WHITE_NOISE_BUFFER_SECONDS);
    buffer = ctx.createBuffer(CHANNELS, length, ctx.sampleRate);
    for (let c = 0; c < CHANNELS; c++) {
      renderNoise(createNoiseState('white', NOISE_SEEDS[c] as number, ctx.sampleRate), buffer.getChannelData(c));
    }
    whiteBuffers.set(ctx, buffer);
  }
  return buffer;
}

function whiteSource(ctx: BaseAudioContext): NoiseSource {
  const node = ctx.createBufferSource();
  node.buffer = whiteNoiseBuffer(ctx);
  node.loop = true;
  return {
    node,
    renderer: 'buffer',
    start: () => node.start(),
    dispose: () => {
      try {
        node.stop();
      } catch {
        // Never started (stopped during start-up): nothing to stop.
      }
      node.disconnect();
    },
  };
}

async function workletSource(ctx: BaseAudioContext, colour: 'pink' | 'brown'): Promise<NoiseSource> {
  await loadWorkletModule(ctx, processorUrls[colour]);
  const node = new AudioWorkletNode(ctx, NOISE_PROCESSOR_NAMES[colour], {
    numberOfInputs: 0,
    numberOfOutputs: 1,
    outputChannelCount: [CHANNELS],
  });
  return {
    node,
    renderer: 'worklet',
    start: () => {},
    dispose: () => {
      node.port.postMessage({ type: 'dispose' });
      node.disconnect();
    },
  };
}

/** Main-thread fallback: drops out whenever the page is busy, so only where AudioWorklet is missing. */
export function scriptProcessorSource(ctx: BaseAudioContext, colour: NoiseColour): NoiseSource {
  const node = ctx.createScriptProcessor(SCRIPT_PROCESSOR_BLOCK, 0, CHANNELS);
  const states = NOISE_SEEDS.map((seed) => createNoiseState(colour, seed, ctx.sampleRate));
  node.onaudioprocess = (event) => {
    const out = event.outputBuffer;
    for (let c = 0; c < out.numberOfChannels; c++) {
      const state = states[c % states.length];
      if (state) renderNoise(state, out.getChannelData(c));
    }
  };
  return {
    node,
    renderer: 'script-processor',
    start: () => {},
    dispose: () => {
      node.onaudioprocess = null;
      node.disconnect();
    },
  };
}

export async function createNoiseSource(ctx: BaseAudioContext, colour: NoiseColour): Promise<NoiseSource> {
  if (colour === 'white') return whiteSource(ctx);
  if (supportsAudioWorklet(ctx)) {
    try {
      return await workletSource(ctx, colour);
    } catch (error) {
      // A deployment that blocks the module (CSP, wrong MIME type) still plays, on the fallback.
      reportError(error, 'Lull: noise worklet failed to load, using the ScriptProcessor fallback:');
    }
  }
  return scriptProcessorSource(ctx, colour);
}
