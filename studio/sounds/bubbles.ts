/**
 * Bubbles: an aquarium air stone. Streams of medium bubbles (bursts at a wandering rate),
 * occasional big gurgles (larger radius, clusters), the surface popping small bubbles, and a
 * soft water hum underneath.
 */
import { Biquad } from '../dsp/filters.ts';
import { Brown, hashNoise } from '../dsp/noise.ts';
import {
  LOOP_FRAMES, PeriodicCurve, SR, poissonTimes, rand, randLog, renderCircular, seeded, stereo, type Stereo,
} from '../dsp/loop.ts';
import { nextUnit } from '../../worklets/dsp/prng.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { addBubble } from './parts/bubble.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderBubbles(seed = 0xb0bb, n = LOOP_FRAMES): Stereo {
  const prng = seeded(seed);
  const rate = new PeriodicCurve(prng, n, 40).table(256);
  const out = stereo(n);
  for (let c = 0; c < 2; c++) {
    const brown = new Brown();
    const lp = new Biquad().lowpass(300, 0.7);
    const s = seed * 3 + c;
    out[c]?.set(renderCircular(n, (i) => lp.process(brown.process(hashNoise(i, s))) * 0.1));
  }
  // Two air-stone streams left and right of centre: trains of bubbles, 12–30 per second.
  for (const [pan, r0] of [[-0.4, 0.0042], [0.45, 0.0036]] as const) {
    for (const t of poissonTimes(prng, n, 22, (i) => 0.25 + 0.75 * rate.at(i))) {
      addBubble(out, t, { r: r0 * randLog(prng, 0.6, 1.6), amp: rand(prng, 0.02, 0.07), pan: pan + rand(prng, -0.15, 0.15), xi: rand(prng, 0.1, 0.35) });
    }
  }
  // Gurgles: clusters of big bubbles.
  for (const t of poissonTimes(prng, n, 0.35)) {
    const m = 3 + Math.floor(nextUnit(prng) * 6);
    const pan = rand(prng, -0.7, 0.7);
    let tt = t;
    for (let k = 0; k < m; k++) {
      addBubble(out, tt, { r: randLog(prng, 0.006, 0.014), amp: rand(prng, 0.03, 0.08), pan: pan + rand(prng, -0.1, 0.1), xi: rand(prng, 0.15, 0.4) });
      tt += Math.floor(rand(prng, 0.03, 0.12) * SR);
    }
  }
  // Surface pops: tiny, bright.
  for (const t of poissonTimes(prng, n, 8)) {
    addBubble(out, t, { r: randLog(prng, 0.0008, 0.0018), amp: rand(prng, 0.01, 0.03), pan: rand(prng, -0.9, 0.9), xi: 0.5 });
  }
  reverbCircular(out, { decay: 0.45, damping: 5000, wet: 0.3, dry: 1, size: 0.6 });
  return out;
}

export const bubblesRecipe = loopRecipe(12, 1, () => renderBubbles());
