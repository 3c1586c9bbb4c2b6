/** Wind: gusts through open country, occasional howls and a thin whistle, leaves in the gusts. */
import { LOOP_FRAMES, type Stereo } from '../dsp/loop.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { renderWind } from './parts/wind.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderWindLoop(): Stereo {
  const out = renderWind(0x3a1d, LOOP_FRAMES, {
    base: 0.45, gust: 0.24, gustSeconds: 6, body: 1, bodyFreq: [260, 1100], rumble: 0.7,
    howls: [[420, 0.7, 0.14, 0.5], [610, 0.82, 0.12, 0.35]],
    whistles: [[1850, 0.62, 0.6]],
    leaves: [0.5, 1],
  });
  reverbCircular(out, { decay: 1, damping: 3000, wet: 0.2, dry: 1, size: 1.3 });
  return out;
}

export const windRecipe = loopRecipe(4, 1, renderWindLoop);
