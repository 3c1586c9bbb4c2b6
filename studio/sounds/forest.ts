/**
 * Forest: a light breeze in the leaves (the wind model, gentle), songbirds of four kinds at
 * different distances and positions (warblers, a trilling bird, a two-note whistler, a distant
 * wood pigeon), and a faint brook far away. Birds get more space than the near leaves.
 */
import { integratedLoudness } from '../../measure/loudness.ts';
import { LOOP_FRAMES, SR, mixInto, poissonTimes, rand, randLog, seeded, setLoudness, stereo, type Stereo } from '../dsp/loop.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { renderWind } from './parts/wind.ts';
import { addPhrase, cooer, triller, warbler, whistler, type Species } from './parts/birds.ts';
import { renderRiver } from './river.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderForest(n = LOOP_FRAMES): Stereo {
  const prng = seeded(0xf0e5);
  const bed = renderWind(0xf0e6, n, {
    base: 0.3, gust: 0.22, gustSeconds: 8, body: 0.6, bodyFreq: [300, 900], rumble: 0.25,
    howls: [], whistles: [], leaves: [0.9, 1.4],
  });
  setLoudness(bed, -26, (c) => integratedLoudness(c));
  const brook = renderRiver(0xf0e7, n);
  setLoudness(brook, -36, (c) => integratedLoudness(c));
  mixInto(bed, brook);
  const birds = stereo(n);
  const cast: [Species, number, number][] = [
    // species, phrases per minute, individuals
    [warbler, 5, 3],
    [triller, 2.5, 2],
    [whistler, 3, 2],
    [cooer, 1.5, 1],
  ];
  for (const [species, perMinute, individuals] of cast) {
    for (let b = 0; b < individuals; b++) {
      const distance = randLog(prng, 1, 5);
      const pan = rand(prng, -0.9, 0.9);
      let busyUntil = -1;
      for (const t of poissonTimes(prng, n, perMinute / 60)) {
        if (t < busyUntil) continue;
        const len = addPhrase(birds, t, species(prng), (0.25 / distance) * rand(prng, 0.7, 1), pan, 12000 / Math.sqrt(distance));
        busyUntil = t + len + Math.floor(0.5 * SR);
      }
    }
  }
  reverbCircular(birds, { decay: 1.6, damping: 5000, wet: 0.4, dry: 1, size: 1.5 });
  setLoudness(birds, -25, (c) => integratedLoudness(c));
  mixInto(bed, birds);
  return bed;
}

export const forestRecipe = loopRecipe(1, 1, () => renderForest());
