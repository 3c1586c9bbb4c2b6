/**
 * The three noise colours behind one state type, so every host (AudioWorklet, ScriptProcessor
 * fallback, white-noise buffer, tests, bench) renders a colour the same way.
 */
import { createBrownState, renderBrown, type BrownState } from './brown.ts';
import { createPinkState, renderPink, type PinkState } from './pink.ts';
import { createWhiteState, renderWhite, type WhiteState } from './white.ts';

export type NoiseColour = 'white' | 'pink' | 'brown';

/** Fixed seeds (left, right): every session, test and bench hears the same, reproducible noise. */
export const NOISE_SEEDS = [0x4c756c6c, 0x6e6f6973] as const;

export type NoiseState =
  | { readonly colour: 'white'; readonly kernel: WhiteState }
  | { readonly colour: 'pink'; readonly kernel: PinkState }
  | { readonly colour: 'brown'; readonly kernel: BrownState };

export function createNoiseState(colour: NoiseColour, seed: number, sampleRate: number): NoiseState {
  switch (colour) {
    case 'white':
      return { colour, kernel: createWhiteState(seed) };
    case 'pink':
      return { colour, kernel: createPinkState(seed) };
    case 'brown':
      return { colour, kernel: createBrownState(seed, sampleRate) };
  }
}

/** Fills `out[start, end)` with the next samples of `state`'s colour; allocates nothing. */
export function renderNoise(state: NoiseState, out: Float32Array, start = 0, end = out.length): void {
  switch (state.colour) {
    case 'white':
      return renderWhite(state.kernel, out, start, end);
    case 'pink':
      return renderPink(state.kernel, out, start, end);
    case 'brown':
      return renderBrown(state.kernel, out, start, end);
  }
}

export function isNoiseColour(value: unknown): value is NoiseColour {
  return value === 'white' || value === 'pink' || value === 'brown';
}

/** The contract between the noise engine and worklets/processors: registered processor names. */
export const NOISE_PROCESSOR_NAMES = {
  pink: 'lull-pink-noise',
  brown: 'lull-brown-noise',
} as const;
