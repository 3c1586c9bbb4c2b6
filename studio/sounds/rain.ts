/**
 * Rain: a filtered pink-noise bed, very many short droplet impacts at Poisson times with a
 * power-law size distribution (surfaces ring through resonant band-passes), occasional near
 * splats, and puddle "plinks" (small van den Doel bubbles). Intensity breathes slowly.
 */
import { Biquad } from '../dsp/filters.ts';
import { hashNoise, Pink } from '../dsp/noise.ts';
import {
  LOOP_FRAMES, PeriodicCurve, SR, addEvent, filterCircular, panGains, poissonTimes, rand, randLog,
  renderCircular, seeded, stereo, type Stereo,
} from '../dsp/loop.ts';
import { nextUnit } from '../../worklets/dsp/prng.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { addBubble } from './parts/bubble.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderRain(seed = 0x7a1a, n = LOOP_FRAMES, heaviness = 1): Stereo {
  const prng = seeded(seed);
  const intensity = new PeriodicCurve(prng, n, 14).table(256);
  const out = stereo(n);
  // Bed: decorrelated pink noise, band-limited like distant rain on foliage.
  for (let c = 0; c < 2; c++) {
    const pink = new Pink();
    const hp = new Biquad().highpass(250);
    const lp = new Biquad().lowpass(7000, 0.6);
    const bump = new Biquad().peaking(2500, 0.7, 3);
    const bed = renderCircular(n, (i) => {
      const v = bump.process(lp.process(hp.process(pink.process(hashNoise(i, seed * 7 + c)))));
      return v * (0.55 + 0.35 * intensity.at(i));
    });
    out[c]?.set(bed);
  }
  // Droplets: an excitation per channel, then two surface resonances (leaves, ground).
  const drops = stereo(n);
  const rate = 900 * heaviness;
  for (const t of poissonTimes(prng, n, rate, (i) => 0.6 + 0.4 * intensity.at(i))) {
    const size = Math.pow(nextUnit(prng), 3); // mostly tiny, a few large
    const len = Math.floor(rand(prng, 0.0004, 0.0025) * SR + size * 0.003 * SR);
    const [gl, gr] = panGains(rand(prng, -0.95, 0.95));
    const a = 0.04 + 0.9 * size;
    const tau = len / 3;
    const ns = (nextUnit(prng) * 1e9) | 0;
    addEvent(drops, t, len, gl, gr, (k) => a * Math.exp(-k / tau) * hashNoise(k, ns));
  }
  for (let c = 0; c < 2; c++) {
    const buf = drops[c] as Float32Array;
    const hp = new Biquad().highpass(900, 0.7);
    const leaf = new Biquad().bandpass(c === 0 ? 3100 : 3400, 2.5);
    const ground = new Biquad().bandpass(c === 0 ? 1250 : 1100, 1.8);
    const air = new Biquad().lowpass(11000);
    filterCircular(buf, (x) => {
      const h = hp.process(x);
      return air.process(0.45 * h + 0.9 * leaf.process(h) + 0.6 * ground.process(h));
    });
  }
  const [l, r] = out;
  for (let i = 0; i < n; i++) {
    l[i] = (l[i] ?? 0) + 0.55 * (drops[0][i] ?? 0);
    r[i] = (r[i] ?? 0) + 0.55 * (drops[1][i] ?? 0);
  }
  // Near splats: louder, lower, a bit longer.
  for (const t of poissonTimes(prng, n, 2.5 * heaviness)) {
    const bp = new Biquad().bandpass(randLog(prng, 600, 2200), 1.2);
    const len = Math.floor(rand(prng, 0.008, 0.02) * SR);
    const [gl, gr] = panGains(rand(prng, -0.8, 0.8));
    const a = rand(prng, 0.15, 0.45);
    const ns = (nextUnit(prng) * 1e9) | 0;
    addEvent(out, t, len, gl, gr, (k) => a * Math.exp((-4 * k) / len) * bp.process(hashNoise(k, ns)));
  }
  // Puddle plinks: small bubbles left by drops hitting water.
  for (const t of poissonTimes(prng, n, 7 * heaviness)) {
    addBubble(out, t, { r: randLog(prng, 0.0012, 0.0045), amp: rand(prng, 0.01, 0.05), pan: rand(prng, -0.9, 0.9), xi: rand(prng, 0.05, 0.2) });
  }
  reverbCircular(out, { decay: 0.6, damping: 5000, wet: 0.25, dry: 1 });
  return out;
}

export const rainRecipe = loopRecipe(2, 1, () => renderRain());
