/**
 * Seagulls on a shore: gulls calling at random times, distances and positions (single long
 * "kyow" calls and laughing series of falling notes) over gentle surf.
 */
import { integratedLoudness } from '../../measure/loudness.ts';
import { LOOP_FRAMES, SR, mixInto, setLoudness, panGains, poissonTimes, rand, randLog, seeded, type Stereo } from '../dsp/loop.ts';
import { nextUnit } from '../../worklets/dsp/prng.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { stereo } from '../dsp/loop.ts';
import { addGullNote } from './parts/gull.ts';
import { renderSurf } from './parts/surf.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderSeagulls(seed = 0x5ea9, n = LOOP_FRAMES): Stereo {
  const prng = seeded(seed);
  const gulls = stereo(n);
  for (const t of poissonTimes(prng, n, 1 / 5.5)) {
    const distance = randLog(prng, 1, 6);
    const [gl, gr] = panGains(rand(prng, -0.9, 0.9));
    const f0 = rand(prng, 850, 1250);
    const laughing = nextUnit(prng) < 0.45;
    const notes = laughing ? 4 + Math.floor(nextUnit(prng) * 6) : 1 + Math.floor(nextUnit(prng) * 3);
    let tt = t;
    for (let k = 0; k < notes; k++) {
      const seconds = laughing ? rand(prng, 0.12, 0.2) : rand(prng, 0.28, 0.5);
      addGullNote(gulls, tt, {
        f0: f0 * (laughing ? 1 - 0.03 * k : rand(prng, 0.95, 1.05)),
        seconds,
        gain: (0.35 / distance) * rand(prng, 0.7, 1),
        gl,
        gr,
        cutoff: 9000 / Math.sqrt(distance),
        brightness: rand(prng, 1.2, 2.2),
        seed: (nextUnit(prng) * 1e9) | 0,
      });
      tt += Math.floor((seconds + (laughing ? rand(prng, 0.04, 0.09) : rand(prng, 0.15, 0.4))) * SR);
    }
  }
  reverbCircular(gulls, { decay: 1.4, damping: 4000, wet: 0.35, dry: 1, size: 1.5 });
  const out = renderSurf(0x0ce5, n, { period: 11, brightness: 4500, rumble: 1 });
  reverbCircular(out, { decay: 1.2, damping: 3000, wet: 0.2, dry: 1, size: 1.4 });
  // Balance by loudness: surf bed under the calls.
  setLoudness(out, -23, (c) => integratedLoudness(c));
  setLoudness(gulls, -24, (c) => integratedLoudness(c));
  mixInto(out, gulls, 1);
  return out;
}

export const seagullsRecipe = loopRecipe(11, 1, () => renderSeagulls());
