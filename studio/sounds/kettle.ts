/**
 * Kettle: a rolling boil (tiny bubbles collapsing on the hot base, larger bubbles as it
 * boils harder, all heard through the kettle's body resonances), steam building, and the
 * whistle: first sputtering, then rising in pitch and level with the steam flow. At 70 % of
 * the loop the kettle comes off the heat: the whistle dies, the boil settles to a simmer
 * (never silence), and it reheats to exactly the boil the loop began with.
 */
import { Biquad } from '../dsp/filters.ts';
import { Brown, hashNoise, Pink } from '../dsp/noise.ts';
import {
  LOOP_FRAMES, PeriodicCurve, SR, filterCircular, poissonTimes, rand, randLog, renderCircular, seeded, stereo, type Stereo,
} from '../dsp/loop.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { addBubble } from './parts/bubble.ts';
import { loopRecipe } from './parts/recipe.ts';

const smooth = (a: number, b: number, u: number): number => {
  const t = Math.max(0, Math.min(1, (u - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/**
 * Heat over the loop: a rolling boil (0.8) rising to full (1), off the heat at 70 % (down
 * to a simmer of 0.45, never silence), back on and reheating to 0.8 at the seam.
 */
export const kettleHeat = (u: number): number =>
  0.8 + 0.2 * smooth(0.0, 0.3, u) - 0.55 * smooth(0.7, 0.8, u) + 0.35 * smooth(0.82, 1.0, u);
/** Steam flow through the whistle: builds from 12 %, full by 45 %, dies as it comes off. */
export const kettleFlow = (u: number): number => smooth(0.12, 0.45, u) - smooth(0.68, 0.76, u);

export function renderKettle(seed = 0x4e77, n = LOOP_FRAMES): Stereo {
  const prng = seeded(seed);
  const jitter = new PeriodicCurve(prng, n, 200).table(128);
  const out = stereo(n);
  const heatAt = (i: number): number => kettleHeat(i / n) * (0.92 + 0.16 * jitter.at(i));
  // Boil: bubble births at a rate rising with heat^2, radius growing with heat.
  const boil = stereo(n);
  for (const t of poissonTimes(prng, n, 420, (i) => Math.pow(kettleHeat(i / n), 2))) {
    const h = kettleHeat(t / n);
    addBubble(boil, t, {
      r: randLog(prng, 0.0006, 0.0015 + 0.004 * h),
      amp: rand(prng, 0.01, 0.05) * (0.4 + h),
      pan: rand(prng, -0.35, 0.35),
      xi: rand(prng, 0.1, 0.6),
    });
  }
  for (let c = 0; c < 2; c++) {
    // Inside a metal body: two resonances and a muffling low-pass.
    const r1 = new Biquad().bandpass(c === 0 ? 880 : 940, 3);
    const r2 = new Biquad().bandpass(c === 0 ? 2300 : 2450, 4);
    const lp = new Biquad().lowpass(5000, 0.7);
    filterCircular(boil[c] as Float32Array, (x) => lp.process(0.5 * x + 1.2 * r1.process(x) + 0.8 * r2.process(x)));
  }
  for (let c = 0; c < 2; c++) {
    const brown = new Brown();
    const pink = new Pink();
    const rumble = new Biquad().lowpass(380, 0.8);
    const steamHp = new Biquad().highpass(2800, 0.7);
    const steamLp = new Biquad().lowpass(9000);
    const whistleBp = new Biquad();
    const whistleBp2 = new Biquad();
    const s = seed * 19 + c;
    let phase = 0;
    let flow = 0;
    let f = 1600;
    const boilC = boil[c] as Float32Array;
    out[c]?.set(
      renderCircular(n, (i) => {
        const u = i / n;
        const h = heatAt(i);
        if (i % 64 === 0) {
          flow = kettleFlow(u) * (0.94 + 0.12 * jitter.at(i + 7 * SR));
          f = 1450 + 850 * flow;
          whistleBp.bandpass(f, 25);
          whistleBp2.bandpass(f * 2, 20);
        }
        const w = hashNoise(i, s);
        const body = rumble.process(brown.process(w)) * 0.5 * h * h;
        const steam = steamLp.process(steamHp.process(pink.process(hashNoise(i, s + 9)))) * 0.12 * h * h * h;
        // Whistle: a jittery tone plus narrow-band noise; sputters while the flow is weak.
        phase += (2 * Math.PI * f * (1 + 0.002 * hashNoise(i >> 6, s + 3))) / SR;
        if (phase > 2 * Math.PI * 1e6) phase -= 2 * Math.PI * 1e6; // keep sin() precise
        const sputter = flow < 0.5 ? 0.5 + 0.5 * Math.sin(phase * 0.0031 + 3 * jitter.at(i * 3)) : 1;
        const tone = Math.sin(phase) + 0.12 * Math.sin(2 * phase);
        const whistle = (0.05 * tone + 0.6 * whistleBp.process(w) + 0.15 * whistleBp2.process(w)) * flow * flow * sputter;
        return body + steam + 0.8 * (boilC[i] ?? 0) + whistle * 0.35;
      }),
    );
  }
  reverbCircular(out, { decay: 0.5, damping: 5000, wet: 0.22, dry: 1, size: 0.6 });
  return out;
}

export const kettleRecipe = loopRecipe(8, 1, () => renderKettle());
