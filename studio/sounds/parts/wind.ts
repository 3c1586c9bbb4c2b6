/**
 * Wind (after Farnell): one slow "wind speed" signal drives every layer. Gusts: band-passed
 * pink noise whose centre and level follow the speed. Howls: resonant band-passes that sound
 * only within a speed range. Whistles: high-Q resonances (wires, branches) lagging the speed.
 * Leaves or sand: thresholded noise spikes whose density follows the speed.
 */
import { Biquad, OnePole } from '../../dsp/filters.ts';
import { Brown, hashNoise, Pink } from '../../dsp/noise.ts';
import { PeriodicCurve, SR, renderCircular, seeded, stereo, type Stereo } from '../../dsp/loop.ts';

export interface WindOptions {
  /** Mean speed 0..1 and how far gusts swing around it. */
  readonly base: number;
  readonly gust: number;
  /** Seconds between gust knots (slow movement). */
  readonly gustSeconds: number;
  readonly body: number;
  readonly bodyFreq: readonly [number, number];
  readonly rumble: number;
  /** Howl resonances: frequency, speed where it sounds, width of that range, level. */
  readonly howls: readonly (readonly [number, number, number, number])[];
  /** Whistles: frequency, speed threshold, level. */
  readonly whistles: readonly (readonly [number, number, number])[];
  /** Leaves (soft, 2–6 kHz) or sand (hard, 5–12 kHz) spikes: level, density. */
  readonly leaves?: readonly [number, number];
  readonly sand?: readonly [number, number];
}

const HOP = 128;

export function renderWind(seed: number, n: number, o: WindOptions): Stereo {
  const prng = seeded(seed);
  const slow = new PeriodicCurve(prng, n, Math.max(4, Math.round(n / SR / o.gustSeconds)));
  const fast = new PeriodicCurve(prng, n, Math.round(n / SR / 0.6));
  const speedTable = (shift: number): ((i: number) => number) => {
    const t = new Float32Array(Math.ceil(n / HOP) + 1);
    for (let j = 0; j < t.length; j++) {
      const i = j * HOP + shift;
      const v = o.base + o.gust * (slow.at(i) - 0.5) * 2 + o.gust * 0.35 * (fast.at(i) - 0.5);
      t[j] = Math.max(0, Math.min(1, v));
    }
    return (i) => {
      const p = i / HOP;
      const k = Math.floor(p);
      const a = t[k] ?? 0;
      return a + ((t[k + 1] ?? a) - a) * (p - k);
    };
  };
  const out = stereo(n);
  for (let c = 0; c < 2; c++) {
    // The right channel hears the gusts ~0.35 s later: the wind moves across the field.
    const speed = speedTable(c === 0 ? 0 : Math.round(0.35 * SR));
    const s = seed * 101 + c * 17;
    const pink = new Pink();
    const pink2 = new Pink();
    const brown = new Brown();
    const body = new Biquad();
    const body2 = new Biquad();
    const rumbleLp = new Biquad().lowpass(140, 0.7);
    const howls = o.howls.map(() => new Biquad());
    const howlGain = new Float64Array(o.howls.length);
    const whistles = o.whistles.map(() => new Biquad());
    const whistleGain = new Float64Array(o.whistles.length);
    const lag = new OnePole(0.08);
    const leafBp = new Biquad().bandpass(3800, 0.9);
    const sandHp = new Biquad().highpass(5000, 0.7);
    const sandLp = new Biquad().lowpass(12000);
    const leafSmooth = new OnePole(900);
    let sp = 0;
    let bodyGain = 0;
    const buf = renderCircular(n, (i) => {
      if (i % HOP === 0) {
        sp = speed(i);
        const f = o.bodyFreq[0] + (o.bodyFreq[1] - o.bodyFreq[0]) * sp;
        body.bandpass(f, 0.8);
        body2.bandpass(f * 0.55, 0.9);
        bodyGain = o.body * Math.pow(0.25 + sp, 1.5);
        for (let h = 0; h < howls.length; h++) {
          const [hf, at, width, level] = o.howls[h] ?? [0, 0, 1, 0];
          howls[h]?.bandpass(hf * (0.85 + 0.3 * sp), 14);
          const d = (sp - at) / width;
          howlGain[h] = level * Math.exp(-d * d);
        }
        for (let w = 0; w < whistles.length; w++) {
          const [wf, thr, level] = o.whistles[w] ?? [0, 1, 0];
          const slowSp = lag.y;
          whistles[w]?.bandpass(wf * (0.8 + 0.4 * slowSp), 60);
          const over = Math.max(0, slowSp - thr);
          whistleGain[w] = level * over * over * 20;
        }
      }
      lag.process(sp);
      const w = hashNoise(i, s);
      const p = pink.process(w);
      let y = (body.process(p) + 0.7 * body2.process(p)) * bodyGain;
      y += rumbleLp.process(brown.process(hashNoise(i, s + 1))) * o.rumble * (0.3 + sp);
      const p2 = pink2.process(hashNoise(i, s + 2));
      for (let h = 0; h < howls.length; h++) y += (howls[h]?.process(p2) ?? 0) * (howlGain[h] ?? 0) * 3;
      for (let k = 0; k < whistles.length; k++) y += (whistles[k]?.process(w) ?? 0) * (whistleGain[k] ?? 0) * 4;
      if (o.leaves) {
        const z = hashNoise(i, s + 3);
        const spike = Math.abs(z) > 1 - o.leaves[1] * 0.004 * sp * sp ? z : 0;
        y += leafBp.process(leafSmooth.process(spike) * 6 + p * 0.02 * sp) * o.leaves[0];
      }
      if (o.sand) {
        const z = hashNoise(i, s + 4);
        const spike = Math.abs(z) > 1 - o.sand[1] * 0.02 * sp ? z : 0;
        y += sandLp.process(sandHp.process(spike + 0.15 * w * sp)) * o.sand[0] * (0.2 + sp);
      }
      return y;
    });
    out[c]?.set(buf);
  }
  return out;
}
