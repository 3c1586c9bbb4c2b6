import type { PrepareOwnSound } from '../../lib/own-sound-contract';

/**
 * Where the import worker comes from: main.tsx hands its client's loader in (a feature never imports a worker), and
 * the worker's code loads at the first import. Its own small module, so main.tsx does not pull in the feature.
 */
let loadPreparation: (() => Promise<PrepareOwnSound>) | undefined;

export function provideOwnSoundPreparation(load: () => Promise<PrepareOwnSound>): void {
  loadPreparation = load;
}

export function ownSoundPreparation(): Promise<PrepareOwnSound> {
  return loadPreparation ? loadPreparation() : Promise.reject(new Error('the import worker was not provided'));
}
