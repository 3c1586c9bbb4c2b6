import type { SoundRecipe } from '../contract.ts';
import type { TrackParams } from './params.ts';
import { renderTrack } from './render.ts';
import { lofiCredits } from '../../src/catalogue/lofi-credits.ts';
import type { SampleName } from './samples.ts';
import { LOFI_TRACKS } from './tracks.ts';

/** The CC0 samples a track plays: its drum kit (unless it uses the soundfont's brushes) and the vinyl bed. */
export function samplesOf(params: TrackParams): SampleName[] {
  const kit = params.drumStyle === 'none' || params.drumStyle === 'brushes' ? [] : Object.values(params.kit);
  return [...new Set<SampleName>([...kit, 'vinyl_hiss'])].sort();
}

export function creditsOf(params: TrackParams): string[] {
  return lofiCredits(samplesOf(params));
}

/** The eleven lofi songs (catalogue 13–23). */
export const lofiRecipes: readonly SoundRecipe[] = LOFI_TRACKS.map((params) => ({
  index: params.index,
  form: 'song',
  version: 1,
  render: () => renderTrack(params),
  credits: creditsOf(params),
}));
