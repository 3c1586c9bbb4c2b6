/**
 * Underwater: brown noise low-passed around 300–800 Hz with a slowly moving cutoff (the
 * pressure of swell overhead), a deep resonant hum, and sparse trains of large slow bubbles,
 * themselves muffled by the water.
 */
import { Biquad } from '../dsp/filters.ts';
import { Brown, hashNoise } from '../dsp/noise.ts';
import {
  LOOP_FRAMES, PeriodicCurve, SR, filterCircular, poissonTimes, rand, randLog, renderCircular, seeded, stereo, type Stereo,
} from '../dsp/loop.ts';
import { nextUnit } from '../../worklets/dsp/prng.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { addBubble } from './parts/bubble.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderUnderwater(seed = 0x5ea0, n = LOOP_FRAMES): Stereo {
  const prng = seeded(seed);
  const swell = new PeriodicCurve(prng, n, 24).table(256);
  const out = stereo(n);
  for (let c = 0; c < 2; c++) {
    const brown = new Brown();
    const lp = new Biquad();
    const lp2 = new Biquad();
    const hum = new Biquad().bandpass(70 + c * 6, 4);
    const s = seed * 5 + c;
    out[c]?.set(
      renderCircular(n, (i) => {
        const sw = swell.at(i + c * SR);
        if (i % 128 === 0) {
          lp.lowpass(300 + 500 * sw, 0.8);
          lp2.lowpass(350 + 500 * sw, 0.6);
        }
        const b = brown.process(hashNoise(i, s));
        return lp2.process(lp.process(b)) * (0.6 + 0.5 * sw) + hum.process(b) * 1.2;
      }),
    );
  }
  // Bubble trains from far away: big, low, slow; then muffled.
  const bubbles = stereo(n);
  for (const t of poissonTimes(prng, n, 0.18)) {
    const m = 4 + Math.floor(nextUnit(prng) * 10);
    const pan = rand(prng, -0.8, 0.8);
    let tt = t;
    for (let k = 0; k < m; k++) {
      addBubble(bubbles, tt, { r: randLog(prng, 0.006, 0.02), amp: rand(prng, 0.05, 0.14), pan: pan + rand(prng, -0.1, 0.1), xi: rand(prng, 0.2, 0.6) });
      tt += Math.floor(rand(prng, 0.06, 0.3) * SR);
    }
  }
  for (let c = 0; c < 2; c++) {
    const lp = new Biquad().lowpass(900, 0.7);
    const buf = bubbles[c] as Float32Array;
    filterCircular(buf, (x) => lp.process(x));
    const dst = out[c] as Float32Array;
    for (let i = 0; i < n; i++) dst[i] = (dst[i] ?? 0) + (buf[i] ?? 0);
  }
  reverbCircular(out, { decay: 1.8, damping: 900, wet: 0.35, dry: 1, size: 1.5 });
  return out;
}

export const underwaterRecipe = loopRecipe(10, 1, () => renderUnderwater());
