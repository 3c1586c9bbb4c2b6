/**
 * Crickets on a summer night: several field crickets, each a pulse train (syllables at
 * ~50–65 Hz) through resonances near 4.5 kHz (and a weaker 9 kHz partial), grouped into
 * chirps of 3–5 syllables repeating every ~0.5–0.9 s; each insect has its own pitch, rate,
 * distance, position and pauses. A distant trilling chorus and a soft night air bed beneath.
 */
import { Biquad } from '../dsp/filters.ts';
import { hashNoise, Pink } from '../dsp/noise.ts';
import {
  LOOP_FRAMES, PeriodicCurve, SR, addEvent, panGains, rand, randLog, renderCircular, seeded, stereo, type Stereo,
} from '../dsp/loop.ts';
import { nextUnit } from '../../worklets/dsp/prng.ts';
import { reverbCircular } from '../dsp/reverb.ts';
import { loopRecipe } from './parts/recipe.ts';

interface Insect {
  readonly freq: number;
  readonly syllableRate: number;
  readonly syllables: number;
  readonly chirpPeriod: number;
  readonly gain: number;
  readonly pan: number;
}

export function renderCrickets(seed = 0xc41c, n = LOOP_FRAMES): Stereo {
  const prng = seeded(seed);
  const out = stereo(n);
  // Night air and a distant chorus: pink noise band-passed at ~4.3 kHz, gently swelling.
  const chorus = new PeriodicCurve(prng, n, 20).table(256);
  for (let c = 0; c < 2; c++) {
    const pink = new Pink();
    const air = new Biquad().lowpass(900, 0.7);
    const ch1 = new Biquad().bandpass(4300 + c * 120, 18);
    const ch2 = new Biquad().bandpass(4700 - c * 90, 18);
    const s = seed * 7 + c;
    let am = 0;
    out[c]?.set(
      renderCircular(n, (i) => {
        // Distant trillers: amplitude-modulated narrow noise at a ~40 Hz pulse rate.
        if (i % 32 === 0) am = 0.5 + 0.5 * Math.sin((2 * Math.PI * 41 * i) / SR + c);
        const w = hashNoise(i, s);
        const p = pink.process(w);
        return air.process(p) * 0.06 + (ch1.process(w) + ch2.process(w)) * 0.05 * am * am * (0.4 + 0.6 * chorus.at(i));
      }),
    );
  }
  const insects: Insect[] = Array.from({ length: 9 }, () => ({
    freq: rand(prng, 4200, 4900),
    syllableRate: rand(prng, 50, 66),
    syllables: 3 + Math.floor(nextUnit(prng) * 3),
    chirpPeriod: rand(prng, 0.5, 0.95),
    gain: randLog(prng, 0.04, 0.35),
    pan: rand(prng, -0.9, 0.9),
  }));
  for (const ins of insects) {
    const [gl, gr] = panGains(ins.pan);
    // Activity: the insect sings in long bouts and pauses now and then (periodic over the loop).
    const activity = new PeriodicCurve(prng, n, 10 + Math.floor(nextUnit(prng) * 10));
    const sylLen = Math.floor(SR * (0.55 / ins.syllableRate));
    const sylStep = SR / ins.syllableRate;
    const chirps = Math.floor(n / (ins.chirpPeriod * SR));
    const period = n / chirps; // an integer number of chirps per loop: the rhythm wraps cleanly
    const w0 = (2 * Math.PI * ins.freq) / SR;
    for (let k = 0; k < chirps; k++) {
      const t = Math.floor(k * period + rand(prng, -0.02, 0.02) * SR);
      const act = activity.at(t);
      if (act < 0.3) continue;
      const g = ins.gain * Math.min(1, (act - 0.3) * 3) * rand(prng, 0.8, 1.1);
      for (let sIdx = 0; sIdx < ins.syllables; sIdx++) {
        const ts = t + Math.floor(sIdx * sylStep);
        const sg = g * (sIdx === 0 ? 0.7 : 1) * (sIdx === ins.syllables - 1 ? 0.8 : 1);
        const glide = rand(prng, 0.97, 0.985);
        let ph = 0;
        addEvent(out, ts, sylLen, gl * sg, gr * sg, (j) => {
          const u = j / sylLen;
          ph += w0 * (1 - (1 - glide) * u);
          const env = Math.sin(Math.PI * u) * (1 - 0.3 * u);
          return env * env * (Math.sin(ph) + 0.18 * Math.sin(2 * ph));
        });
      }
    }
  }
  reverbCircular(out, { decay: 1.1, damping: 6000, wet: 0.3, dry: 1, size: 1.2 });
  return out;
}

export const cricketsRecipe = loopRecipe(9, 1, () => renderCrickets());
