import { proxy } from 'valtio/vanilla';
import type { NoiseColour } from '../../worklets/dsp/noise.ts';

/**
 * The noise generators (SPEC 4): which colour, and whether it is stopped, starting or playing.
 * The engine (src/engine/noise/) is the only writer: it reports what the audio graph really does,
 * so the Play/Pause button always shows the truth.
 */
// The colours are the kernels' own (worklets/dsp/noise.ts): one definition for the app and the audio thread.
export { isNoiseColour, type NoiseColour } from '../../worklets/dsp/noise.ts';
export type NoiseStatus = 'stopped' | 'starting' | 'playing';

export interface NoiseState {
  colour: NoiseColour | null;
  status: NoiseStatus;
  /** This browser cannot generate noise (no Web Audio at all). */
  unsupported: boolean;
}

export function createNoiseStore(): NoiseState {
  return proxy<NoiseState>({ colour: null, status: 'stopped', unsupported: false });
}

export const noiseStore = createNoiseStore();

export function reportNoiseStarting(colour: NoiseColour, store: NoiseState = noiseStore): void {
  store.colour = colour;
  store.status = 'starting';
}

export function reportNoisePlaying(store: NoiseState = noiseStore): void {
  if (store.colour !== null) store.status = 'playing';
}

export function reportNoiseStopped(store: NoiseState = noiseStore): void {
  store.colour = null;
  store.status = 'stopped';
}

export function reportNoiseUnsupported(store: NoiseState = noiseStore): void {
  store.unsupported = true;
  reportNoiseStopped(store);
}

/** Whether `colour` is the noise playing (or about to): its button shows Pause. */
export function isNoiseActive(colour: NoiseColour, store: NoiseState = noiseStore): boolean {
  return store.colour === colour && store.status !== 'stopped';
}
