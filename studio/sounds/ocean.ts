/** Ocean: layered surf (see parts/surf.ts) with a gentle space around it. */
import { LOOP_FRAMES, type Stereo } from '../dsp/loop.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { renderSurf } from './parts/surf.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderOcean(): Stereo {
  const out = renderSurf(0x0ce4, LOOP_FRAMES, { period: 9, brightness: 6500, rumble: 1 });
  reverbCircular(out, { decay: 1.2, damping: 3000, wet: 0.2, dry: 1, size: 1.4 });
  return out;
}

export const oceanRecipe = loopRecipe(0, 1, renderOcean);
