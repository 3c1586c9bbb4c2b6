/**
 * River: a population of van den Doel bubbles (the Sound Design Toolkit's fluid-flow idea:
 * many voices with random radius and depth, births at a rate that follows the flow) over a
 * low flow rumble and a broadband spray of small splashes.
 */
import { Biquad } from '../dsp/filters.ts';
import { Brown, hashNoise, Pink } from '../dsp/noise.ts';
import {
  LOOP_FRAMES, PeriodicCurve, poissonTimes, rand, randLog, renderCircular, seeded, stereo, type Stereo,
} from '../dsp/loop.ts';
import { nextUnit } from '../../worklets/dsp/prng.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { addBubble } from './parts/bubble.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderRiver(seed = 0x71e4, n = LOOP_FRAMES): Stereo {
  const prng = seeded(seed);
  const flow = new PeriodicCurve(prng, n, 30).table(256);
  const out = stereo(n);
  for (let c = 0; c < 2; c++) {
    const brown = new Brown();
    const pink = new Pink();
    const lp = new Biquad().lowpass(500, 0.7);
    const hp = new Biquad().highpass(1800, 0.7);
    const lp2 = new Biquad().lowpass(9000);
    const s = seed * 11 + c;
    out[c]?.set(
      renderCircular(n, (i) => {
        const f = 0.7 + 0.3 * flow.at(i);
        return lp.process(brown.process(hashNoise(i, s))) * 0.3 * f + lp2.process(hp.process(pink.process(hashNoise(i, s + 5)))) * 0.1 * f;
      }),
    );
  }
  // Bubble births: many small, fewer large (radius log-uniform 1–9 mm, bias to small).
  for (const t of poissonTimes(prng, n, 260, (i) => 0.55 + 0.45 * flow.at(i))) {
    const u = nextUnit(prng);
    const r = 0.0012 * Math.pow(0.009 / 0.0012, u * u);
    addBubble(out, t, {
      r,
      amp: 0.09 * Math.pow(nextUnit(prng), 1.5) + 0.006,
      pan: rand(prng, -0.95, 0.95),
      xi: randLog(prng, 0.05, 0.3),
    });
  }
  reverbCircular(out, { decay: 0.8, damping: 4500, wet: 0.25, dry: 1, size: 1.1 });
  return out;
}

export const riverRecipe = loopRecipe(3, 1, () => renderRiver());
