/**
 * The AudioWorkletProcessor shared by the pink and brown processors: one kernel state per output
 * channel (decorrelated seeds), filled straight into the output arrays. Nothing is allocated in
 * process(); the block length is read from the output, never assumed to be 128.
 */
import { createNoiseState, NOISE_SEEDS, renderNoise, type NoiseColour, type NoiseState } from '../dsp/noise.ts';

/** Messages the main thread sends through the node's port. */
export type NoiseProcessorMessage = { readonly type: 'dispose' };

export function noiseProcessorFor(colour: Exclude<NoiseColour, 'white'>): AudioWorkletProcessorConstructor {
  return class NoiseProcessor extends AudioWorkletProcessor {
    private readonly channels: NoiseState[];
    private alive = true;

    constructor() {
      super();
      this.channels = NOISE_SEEDS.map((seed) => createNoiseState(colour, seed, sampleRate));
      // An explicit dispose lets the node be collected now rather than whenever the graph notices.
      this.port.onmessage = (event: MessageEvent<NoiseProcessorMessage>) => {
        if (event.data?.type === 'dispose') {
          this.alive = false;
          this.port.onmessage = null;
        }
      };
    }

    process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
      if (!this.alive) return false;
      const output = outputs[0];
      if (output) {
        for (let c = 0; c < output.length; c++) {
          const state = this.channels[c % this.channels.length];
          const block = output[c];
          if (state && block) renderNoise(state, block);
        }
      }
      return true;
    }
  };
}
