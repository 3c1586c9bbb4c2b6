/**
 * Songbirds for the forest: each species is a phrase grammar of syllables (a sine with a
 * curved pitch sweep, a touch of second harmonic and a smooth envelope). Individuals sit at
 * fixed distances and positions, sing phrases at random times with per-phrase variation.
 */
import { Biquad } from '../../dsp/filters.ts';
import { SR, addEvent, panGains, rand, type Stereo } from '../../dsp/loop.ts';
import { nextUnit, type PrngState } from '../../../worklets/dsp/prng.ts';

export interface Syllable {
  readonly f0: number;
  readonly f1: number;
  readonly seconds: number;
  /** Frequency-modulation depth (fraction) and rate (Hz) for warbles/trills. */
  readonly vib?: readonly [number, number];
}

export function addSyllable(out: Stereo, t0: number, s: Syllable, gain: number, pan: number, cutoff: number): void {
  const len = Math.max(16, Math.floor(s.seconds * SR));
  const [gl, gr] = panGains(pan);
  const lp = new Biquad().lowpass(cutoff, 0.7);
  let ph = 0;
  addEvent(out, t0, len, gl * gain, gr * gain, (k) => {
    const u = k / len;
    // Curved sweep: most of the glide happens early.
    const f = s.f0 + (s.f1 - s.f0) * (1 - (1 - u) * (1 - u));
    const v = s.vib ? 1 + s.vib[0] * Math.sin((2 * Math.PI * s.vib[1] * k) / SR) : 1;
    ph += (2 * Math.PI * f * v) / SR;
    const env = Math.pow(Math.sin(Math.PI * u), 1.5);
    return lp.process(env * (Math.sin(ph) + 0.1 * Math.sin(2 * ph)));
  });
}

export type Species = (prng: PrngState) => { syllables: Syllable[]; gaps: number[] };

/** A warbling robin-like phrase: 4–8 varied whistles between 2 and 4.5 kHz. */
export const warbler: Species = (prng) => {
  const m = 4 + Math.floor(nextUnit(prng) * 5);
  const syllables: Syllable[] = [];
  const gaps: number[] = [];
  for (let k = 0; k < m; k++) {
    const a = rand(prng, 2000, 4500);
    syllables.push({ f0: a, f1: a * rand(prng, 0.7, 1.35), seconds: rand(prng, 0.06, 0.18), vib: nextUnit(prng) < 0.4 ? [0.04, rand(prng, 25, 60)] : undefined } as Syllable);
    gaps.push(rand(prng, 0.03, 0.1));
  }
  return { syllables, gaps };
};

/** A trill: one fast, repeated down-sweep, slowly falling over ~1–2 s. */
export const triller: Species = (prng) => {
  const m = 10 + Math.floor(nextUnit(prng) * 14);
  const top = rand(prng, 5000, 6500);
  const syllables: Syllable[] = [];
  const gaps: number[] = [];
  for (let k = 0; k < m; k++) {
    const f = top * (1 - 0.012 * k);
    syllables.push({ f0: f, f1: f * 0.72, seconds: 0.035 });
    gaps.push(0.025);
  }
  return { syllables, gaps };
};

/** A two-note whistle ("tee-too"), sometimes repeated. */
export const whistler: Species = (prng) => {
  const hi = rand(prng, 3000, 3600);
  const reps = 1 + Math.floor(nextUnit(prng) * 3);
  const syllables: Syllable[] = [];
  const gaps: number[] = [];
  for (let k = 0; k < reps; k++) {
    syllables.push({ f0: hi, f1: hi * 1.02, seconds: 0.22 }, { f0: hi * 0.8, f1: hi * 0.78, seconds: 0.28 });
    gaps.push(0.08, 0.25);
  }
  return { syllables, gaps };
};

/** A soft, low cooing (a wood pigeon far away): three notes near 500 Hz. */
export const cooer: Species = (prng) => {
  const f = rand(prng, 420, 560);
  return {
    syllables: [
      { f0: f * 0.9, f1: f, seconds: 0.35, vib: [0.01, 6] },
      { f0: f, f1: f * 0.92, seconds: 0.55, vib: [0.01, 6] },
      { f0: f * 0.95, f1: f * 0.88, seconds: 0.3, vib: [0.01, 6] },
    ],
    gaps: [0.12, 0.18, 0],
  };
};

/** Adds one phrase; returns its length in samples. */
export function addPhrase(out: Stereo, t0: number, phrase: ReturnType<Species>, gain: number, pan: number, cutoff: number): number {
  let t = t0;
  phrase.syllables.forEach((s, k) => {
    addSyllable(out, t, s, gain, pan, cutoff);
    t += Math.floor((s.seconds + (phrase.gaps[k] ?? 0)) * SR);
  });
  return t - t0;
}
