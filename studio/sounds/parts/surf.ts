/**
 * Surf: pink noise under slow, asymmetric wave envelopes (a 1.5–3.5 s rise, a crash, a 4–9 s
 * decay), a low-pass that opens on each crash, three decorrelated layers across the stereo
 * field, a backwash fizz that lags the crash, over a brown-noise rumble that never falls silent.
 */
import { Biquad } from '../../dsp/filters.ts';
import { Brown, hashNoise, Pink } from '../../dsp/noise.ts';
import {
  PeriodicCurve, SR, controlFromEvents, panGains, rand, renderCircular, seeded, stereo, type ControlTable, type Stereo,
} from '../../dsp/loop.ts';
import { nextUnit } from '../../../worklets/dsp/prng.ts';

export interface SurfOptions {
  /** Mean seconds between waves per layer. */
  readonly period: number;
  /** Brightness of crashes (max low-pass cutoff, Hz). */
  readonly brightness: number;
  readonly rumble: number;
}

const HOP = 64;

function waveEnvelope(prng: ReturnType<typeof seeded>, n: number, period: number): ControlTable {
  const env = controlFromEvents(n, HOP);
  let t = rand(prng, 0, period) * SR;
  // Stop a little before the end so the last wave's tail wraps into the first.
  while (t < n - period * 0.6 * SR) {
    const rise = rand(prng, 1.5, 3.5) * SR;
    const fall = rand(prng, 4, 9) * SR;
    const a = 0.4 + 0.6 * Math.pow(nextUnit(prng), 0.7);
    env.add(t, rise, (u) => u * u * (3 - 2 * u), a);
    env.add(t + rise, fall, (u) => Math.exp(-4 * u) * (1 - u) + 0.0 * u, a);
    t += rise + rand(prng, 0.55, 1.45) * period * SR;
  }
  return env.table();
}

export function renderSurf(seed: number, n: number, opt: SurfOptions): Stereo {
  const prng = seeded(seed);
  const out = stereo(n);
  const pans = [-0.75, 0.05, 0.7];
  const swell = new PeriodicCurve(prng, n, 8).table(512);
  pans.forEach((pan, layer) => {
    const env = waveEnvelope(prng, n, opt.period * rand(prng, 0.85, 1.2));
    const [gl, gr] = panGains(pan);
    for (let c = 0; c < 2; c++) {
      const pink = new Pink();
      const lp = new Biquad();
      const lp2 = new Biquad();
      const fizzHp = new Biquad().highpass(2500);
      let lag = 0;
      const s = seed * 31 + layer * 2 + c;
      const g = c === 0 ? gl : gr;
      const layerBuf = renderCircular(n, (i) => {
        const e = env.at(i);
        if (i % HOP === 0) {
          const fc = 450 + opt.brightness * Math.pow(Math.min(1, e), 1.6);
          lp.lowpass(fc, 0.6);
          lp2.lowpass(fc * 1.4, 0.6);
        }
        lag += (e - lag) * 0.00003; // backwash lags the crash by ~1 s
        const x = pink.process(hashNoise(i, s));
        const body = lp2.process(lp.process(x)) * (0.15 + e);
        const fz = hashNoise(i, s + 999);
        const fizz = fizzHp.process(fz * fz * fz) * lag * 0.9;
        return (body + fizz) * g;
      });
      const dst = out[c] as Float32Array;
      for (let i = 0; i < n; i++) dst[i] = (dst[i] ?? 0) + (layerBuf[i] ?? 0);
    }
  });
  for (let c = 0; c < 2; c++) {
    const brown = new Brown();
    const lp = new Biquad().lowpass(220, 0.7);
    const s = seed * 37 + c;
    const rumble = renderCircular(n, (i) => lp.process(brown.process(hashNoise(i, s))) * opt.rumble * (0.7 + 0.5 * swell.at(i)));
    const dst = out[c] as Float32Array;
    for (let i = 0; i < n; i++) dst[i] = (dst[i] ?? 0) + (rumble[i] ?? 0);
  }
  return out;
}
