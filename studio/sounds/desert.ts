/**
 * Desert: a light, warm wind over open sand, the hiss of blown sand grains, a faint whistle
 * over a dune crest, and rarely a distant bird call carried on the wind.
 */
import { LOOP_FRAMES, SR, addEvent, panGains, poissonTimes, rand, seeded, type Stereo } from '../dsp/loop.ts';
import { Biquad } from '../dsp/filters.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { renderWind } from './parts/wind.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderDesert(): Stereo {
  const n = LOOP_FRAMES;
  const out = renderWind(0xde5e, n, {
    base: 0.38, gust: 0.28, gustSeconds: 9, body: 0.7, bodyFreq: [200, 800], rumble: 0.5,
    howls: [[300, 0.62, 0.1, 0.25]],
    whistles: [[2400, 0.55, 0.35]],
    sand: [0.45, 1],
  });
  // A distant raptor-like cry, a few times per loop: a descending whistle, far away.
  const prng = seeded(0xde5f);
  for (const t of poissonTimes(prng, n, 1 / 35)) {
    const [gl, gr] = panGains(rand(prng, -0.8, 0.8));
    const f0 = rand(prng, 2600, 3200);
    const len = Math.floor(rand(prng, 0.7, 1.1) * SR);
    const lp = new Biquad().lowpass(3500);
    let ph = 0;
    const a = rand(prng, 0.012, 0.025);
    addEvent(out, t, len, gl, gr, (k) => {
      const u = k / len;
      ph += (2 * Math.PI * f0 * (1 - 0.35 * u + 0.04 * Math.sin(2 * Math.PI * 9 * u))) / SR;
      const env = Math.sin(Math.PI * Math.pow(u, 0.6)) ** 2;
      return lp.process(a * env * Math.sin(ph));
    });
  }
  reverbCircular(out, { decay: 1.6, damping: 2500, wet: 0.22, dry: 1, size: 1.6 });
  return out;
}

export const desertRecipe = loopRecipe(6, 1, renderDesert);
