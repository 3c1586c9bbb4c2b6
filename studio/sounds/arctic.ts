/**
 * Arctic: strong gusts over ice, deep cavity howls that rise with the gusts, icy whistles,
 * and blowing snow (fine, bright grains).
 */
import { LOOP_FRAMES, type Stereo } from '../dsp/loop.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { renderWind } from './parts/wind.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderArctic(): Stereo {
  const out = renderWind(0xa7c1, LOOP_FRAMES, {
    base: 0.55, gust: 0.28, gustSeconds: 5, body: 1.1, bodyFreq: [220, 1400], rumble: 1.1,
    howls: [[180, 0.6, 0.2, 0.7], [260, 0.78, 0.15, 0.6], [390, 0.9, 0.1, 0.4]],
    whistles: [[1450, 0.6, 0.7], [2900, 0.75, 0.4]],
    sand: [0.25, 0.6],
  });
  reverbCircular(out, { decay: 2.2, damping: 2000, wet: 0.25, dry: 1, size: 1.8 });
  return out;
}

export const arcticRecipe = loopRecipe(7, 1, renderArctic);
