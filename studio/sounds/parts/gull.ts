/**
 * A gull call note: two slightly detuned sources (one per side of the syrinx) each driving
 * feedback FM, which gives the semi-chaotic, nasal squawk; pitch and amplitude follow curved
 * envelopes (a fast rise to the peak, a slow fall), then a formant band-pass.
 */
import { Biquad } from '../../dsp/filters.ts';
import { hashNoise } from '../../dsp/noise.ts';
import { SR, addEvent, type Stereo } from '../../dsp/loop.ts';

export interface GullNote {
  readonly f0: number;
  readonly seconds: number;
  readonly gain: number;
  readonly gl: number;
  readonly gr: number;
  /** Distance low-pass (Hz). */
  readonly cutoff: number;
  readonly brightness: number;
  readonly seed: number;
}

export function addGullNote(out: Stereo, t0: number, note: GullNote): void {
  const len = Math.floor(note.seconds * SR);
  const formant = new Biquad().bandpass(2600, 1.6);
  const formant2 = new Biquad().bandpass(1300, 2.5);
  const lp = new Biquad().lowpass(note.cutoff, 0.7);
  const hp = new Biquad().highpass(350);
  let pa = 0;
  let pb = 0;
  let ma = 0;
  let mb = 0;
  let mpa = 0;
  let mpb = 0;
  addEvent(out, t0, len, note.gl, note.gr, (k) => {
    const u = k / len;
    // Pitch: from 0.8 f0 up to f0 by 25 % of the note, then falling to 0.72 f0.
    const contour = u < 0.25 ? 0.8 + 0.2 * Math.sin((u / 0.25) * Math.PI * 0.5) : 1 - 0.28 * Math.pow((u - 0.25) / 0.75, 1.5);
    const jitter = 1 + 0.012 * hashNoise(k >> 5, note.seed);
    const f = note.f0 * contour * jitter;
    const env = Math.pow(Math.min(1, u / 0.08), 1.5) * Math.pow(1 - u, 1.2);
    const index = note.brightness * (0.6 + 1.4 * env);
    mpa += (2 * Math.PI * f) / SR;
    mpb += (2 * Math.PI * f * 1.013) / SR;
    ma = Math.sin(mpa + 0.9 * ma);
    mb = Math.sin(mpb + 0.9 * mb);
    pa += (2 * Math.PI * f) / SR;
    pb += (2 * Math.PI * f * 1.013) / SR;
    const src = Math.sin(pa + index * ma) + 0.7 * Math.sin(pb + index * mb);
    const y = 0.5 * src + 1.4 * formant.process(src) + 0.8 * formant2.process(src);
    return lp.process(hp.process(y)) * env * note.gain;
  });
}
