/**
 * A lofi track from parameters to the final stereo mix: compose, render the instruments
 * (soundfont) and the drums (CC0 samples), then the lofi treatment. The studio pipeline
 * masters the result to the music loudness target.
 */
import { STUDIO_SAMPLE_RATE as SR, type RenderedAudio } from '../contract.ts';
import { quietestWindow } from './analysis.ts';
import { compose, type Score } from './composer.ts';
import { compress, duck, fades, filter, peak, quantileAbs, reverb, saturate, scale, vinyl, widen, wowFlutter, type Stereo } from './fx.ts';
import type { TrackParams } from './params.ts';
import { loadSample, type SampleName, type StereoSample } from './samples.ts';
import { renderNotes } from './synth.ts';

/** Peak of the delivered mix: −3 dBFS leaves the mastering stage room to work. */
const OUTPUT_PEAK = 0.7;

/** A drum hit rings at most 1.2 s (the long ride and cymbal tails are faded there). */
function shorten(s: StereoSample): StereoSample {
  const max = Math.round(1.2 * SR);
  if (s.left.length <= max) return s;
  const fade = Math.round(0.3 * SR);
  const cut = (x: Float32Array): Float32Array => {
    const y = x.slice(0, max);
    for (let i = max - fade; i < max; i++) y[i] = y[i]! * ((max - i) / fade);
    return y;
  };
  return { left: cut(s.left), right: s.right === s.left ? cut(s.left) : cut(s.right) };
}

/** Drum samples laid on a stereo bus (equal-power pan), each sample peak-normalised. */
async function renderDrums(score: Score, frames: number): Promise<Stereo> {
  const l = new Float32Array(frames);
  const r = new Float32Array(frames);
  const names = [...new Set(score.hits.map((h) => h.sample))];
  const loaded = new Map<SampleName, { left: Float32Array; right: Float32Array; norm: number }>();
  for (const name of names) {
    const s = await loadSample(name);
    loaded.set(name, { ...shorten(s), norm: 1 / Math.max(1e-6, peak([s.left, s.right])) });
  }
  for (const h of score.hits) {
    const s = loaded.get(h.sample)!;
    const start = Math.round(h.time * SR);
    const g = h.gain * s.norm;
    const gl = g * Math.cos((Math.PI / 4) * (1 + h.pan));
    const gr = g * Math.sin((Math.PI / 4) * (1 + h.pan));
    const len = Math.min(s.left.length, frames - start);
    for (let j = 0; j < len; j++) {
      l[start + j] = l[start + j]! + s.left[j]! * gl;
      r[start + j] = r[start + j]! + s.right[j]! * gr;
    }
  }
  return [l, r];
}

function rms([l, r]: Stereo): number {
  let e = 0;
  for (let i = 0; i < l.length; i++) e += l[i]! * l[i]! + r[i]! * r[i]!;
  return Math.sqrt(e / (2 * Math.max(1, l.length)));
}

export interface RenderTiming {
  compose: number;
  instruments: number;
  drums: number;
  treatment: number;
}

export async function renderTrack(params: TrackParams, timing?: RenderTiming): Promise<RenderedAudio> {
  const t0 = performance.now();
  const score = compose(params);
  const frames = Math.round(score.duration * SR);
  const t1 = performance.now();
  const music = await renderNotes(score, frames);
  const t2 = performance.now();
  const drums = await renderDrums(score, frames);
  const t3 = performance.now();
  const tr = params.treatment;

  // drum-bus crunch: the loudest 0.1 % of the drums (snare and kick spikes) driven into tanh
  scale(drums, 0.5 / Math.max(1e-6, quantileAbs(drums, 0.999)));
  saturate(drums, 2);
  widen(music, tr.width);
  duck(music, score.kickTimes, tr.duckDb);
  // balance the buses by RMS so `drumLevel` means the same in every track
  const mr = Math.max(1e-9, rms(music));
  const dr = rms(drums);
  const dGain = dr > 0 ? (params.drumLevel * mr) / dr : 0;
  const mix: Stereo = music;
  for (let i = 0; i < frames; i++) {
    mix[0][i] = mix[0][i]! + drums[0][i]! * dGain;
    mix[1][i] = mix[1][i]! + drums[1][i]! * dGain;
  }
  compress(mix, 8, 3, 1, 100);
  // drive the tape from the body of the signal, not its rarest spike: the 99.95th percentile
  // sits at 0.8, so transients above it are rounded off by the saturation (a soft clip)
  scale(mix, 1 / Math.max(1e-6, peak(mix)));
  scale(mix, 0.8 / Math.max(1e-6, quantileAbs(mix, 0.9995)));
  saturate(mix, tr.drive);
  filter(mix, tr.highpassHz, score.cutoff, tr.steepLowpass ? 2 : 1);
  wowFlutter(mix, tr.wowMs, tr.flutterMs, params.seed);
  reverb(mix, tr.reverb);
  scale(mix, OUTPUT_PEAK / Math.max(1e-6, peak(mix)));
  // The music alone, before the vinyl bed that runs under the whole song: a gap here is silence
  // to the listener even though the finished file never falls below the crackle.
  const musicRmsDb = 10 * Math.log10(Math.max(1e-20, rms(mix) ** 2));
  const quietestMusic = quietestWindow(mix, SR, 1, score.fadeStart);
  vinyl(mix, await loadSample('vinyl_hiss'), tr.hissLevel, tr.cracklePerSecond, tr.crackleLevel, params.seed);
  fades(mix, score.fadeStart);
  scale(mix, OUTPUT_PEAK / Math.max(1e-6, peak(mix)));
  const t4 = performance.now();
  if (timing) {
    timing.compose = t1 - t0;
    timing.instruments = t2 - t1;
    timing.drums = t3 - t2;
    timing.treatment = t4 - t3;
  }
  return {
    sampleRate: SR,
    channels: mix,
    measurements: { quietestMusicDb: quietestMusic.db - musicRmsDb, quietestMusicAt: quietestMusic.at },
  };
}
