/**
 * Fire (after Farnell): one noise source in three layers. Hiss: noise above ~1.5 kHz with an
 * amplitude from a squared slow random signal (loud bursts are rare). Crackles: short noise
 * bursts at clustered random times, each through its own band-pass (bright snaps and lower
 * pops). Lapping: noise band-passed near 30 Hz, softly clipped, DC removed, over a low roar.
 */
import { Biquad, DcBlocker } from '../dsp/filters.ts';
import { hashNoise } from '../dsp/noise.ts';
import {
  LOOP_FRAMES, PeriodicCurve, SR, addEvent, panGains, poissonTimes, rand, randLog, renderCircular,
  seeded, stereo, type Stereo,
} from '../dsp/loop.ts';
import { nextUnit } from '../../worklets/dsp/prng.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { loopRecipe } from './parts/recipe.ts';

export function renderFire(seed = 0xf12e, n = LOOP_FRAMES): Stereo {
  const prng = seeded(seed);
  const out = stereo(n);
  // Fast random curve for the hiss: ~8 knots per second, squared twice so bursts are rare.
  const hissAmp = new PeriodicCurve(prng, n, (n / SR) * 8, (u) => u * u).table(64);
  const heat = new PeriodicCurve(prng, n, 12).table(512);
  for (let c = 0; c < 2; c++) {
    const hp = new Biquad().highpass(1500, 0.6);
    const lp = new Biquad().lowpass(9000);
    const lapBp = new Biquad().bandpass(30, 1.2);
    const lapBp2 = new Biquad().bandpass(55, 1.5);
    const dc = new DcBlocker(10);
    const roarLp = new Biquad().lowpass(380, 0.7);
    const roarHp = new Biquad().highpass(60);
    const s = seed * 13 + c;
    const layer = renderCircular(n, (i) => {
      const w = hashNoise(i, s);
      const h = hissAmp.at(i);
      const hiss = lp.process(hp.process(w)) * (0.03 + 0.5 * h * h);
      const lap = Math.tanh(14 * (lapBp.process(hashNoise(i, s + 100)) + 0.6 * lapBp2.process(hashNoise(i, s + 200))));
      const lapping = dc.process(lap) * 0.3;
      const roar = roarHp.process(roarLp.process(hashNoise(i, s + 300))) * (0.5 + 0.5 * Math.abs(lap)) * (0.7 + 0.6 * heat.at(i));
      return hiss + 0.5 * lapping + 0.9 * roar;
    });
    out[c]?.set(layer);
  }
  // Crackles, clustered: the accept rate follows heat^2.
  for (const t of poissonTimes(prng, n, 9, (i) => Math.min(1, 0.15 + heat.at(i) * heat.at(i)))) {
    const snap = nextUnit(prng) < 0.72;
    const f = snap ? randLog(prng, 1500, 7000) : randLog(prng, 120, 1000);
    const bp = new Biquad().bandpass(f, snap ? rand(prng, 0.8, 2.5) : rand(prng, 1.5, 4));
    const dur = snap ? rand(prng, 0.001, 0.008) : rand(prng, 0.012, 0.03);
    const len = Math.floor(dur * SR * 4);
    const tau = dur * SR;
    const a = (snap ? 1.4 : 2.2) * Math.pow(nextUnit(prng), 2.2) + 0.05;
    const [gl, gr] = panGains(rand(prng, -0.7, 0.7));
    const ns = (nextUnit(prng) * 1e9) | 0;
    const att = 0.0002 * SR;
    addEvent(out, t, len, gl, gr, (k) => a * (k < att ? k / att : Math.exp(-(k - att) / tau)) * bp.process(hashNoise(k, ns)));
    // A snap often brings a few tiny after-crackles.
    if (snap && nextUnit(prng) < 0.35) {
      const m = 1 + Math.floor(nextUnit(prng) * 4);
      for (let j = 0; j < m; j++) {
        const t2 = t + Math.floor(rand(prng, 0.005, 0.09) * SR);
        const bp2 = new Biquad().bandpass(randLog(prng, 2000, 8000), 1.5);
        const len2 = Math.floor(rand(prng, 0.001, 0.004) * SR * 4);
        const a2 = a * rand(prng, 0.1, 0.5);
        const ns2 = (nextUnit(prng) * 1e9) | 0;
        addEvent(out, t2, len2, gl, gr, (k) => a2 * Math.exp((-4 * k) / len2) * bp2.process(hashNoise(k, ns2)));
      }
    }
  }
  reverbCircular(out, { decay: 0.5, damping: 4000, wet: 0.18, dry: 1, size: 0.7 });
  return out;
}

export const fireRecipe = loopRecipe(5, 1, () => renderFire());
