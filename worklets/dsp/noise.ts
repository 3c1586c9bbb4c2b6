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

/**
 * Each colour's seeds are the given seed mixed with its own salt (white's is 0: unchanged), so no two
 * colours filter the same white sequence: two noise layers started together would otherwise sum
 * coherently (pink and brown: correlation 0.66, Brown heard 3.9 dB over its level beside Pink).
 */
const COLOUR_SALT: Readonly<Record<NoiseColour, number>> = { white: 0, pink: 0x70696e6b, brown: 0x62726f77 };

export function createNoiseState(colour: NoiseColour, seed: number, sampleRate: number): NoiseState {
  const salted = (seed ^ COLOUR_SALT[colour]) >>> 0;
  switch (colour) {
    case 'white':
      return { colour, kernel: createWhiteState(salted) };
    case 'pink':
      return { colour, kernel: createPinkState(salted) };
    case 'brown':
      return { colour, kernel: createBrownState(salted, sampleRate) };
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
