/**
 * Music analysis for the lofi audit: a short-time spectrum, the onset-strength envelope
 * (log spectral flux) and its autocorrelation tempo, chroma, and octave-band spectral shape.
 * Loudness and true peak come from the studio meter (studio/loudness.ts), not from here.
 */

import { fft } from '../../measure/analysis.ts';

const FRAME = 2048;
const HOP = 512;

export interface Spectrogram {
  readonly sampleRate: number;
  readonly hop: number;
  readonly bins: number;
  /** Magnitudes, frame-major: frames × bins. */
  readonly mag: Float32Array;
  readonly frames: number;
}

/** Frame index of a time in seconds (frames start every hop). */
export const frameAt = (s: Spectrogram, seconds: number): number => Math.max(0, Math.min(s.frames, Math.round((seconds * s.sampleRate) / s.hop)));

/** Hann-windowed magnitude spectrogram of the mono downmix over [from, to) seconds. */
export function spectrogram(channels: readonly [Float32Array, Float32Array], sampleRate: number, from = 0, to = Infinity): Spectrogram {
  const [l, r] = channels;
  const start = Math.max(0, Math.floor(from * sampleRate));
  const end = Math.min(l.length, Math.floor(to * sampleRate));
  const frames = Math.max(0, Math.floor((end - start - FRAME) / HOP) + 1);
  const bins = FRAME / 2;
  const mag = new Float32Array(frames * bins);
  const win = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  for (let f = 0; f < frames; f++) {
    const o = start + f * HOP;
    for (let i = 0; i < FRAME; i++) {
      re[i] = ((l[o + i]! + r[o + i]!) / 2) * win[i]!;
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k < bins; k++) mag[f * bins + k] = Math.sqrt(re[k]! * re[k]! + im[k]! * im[k]!);
  }
  return { sampleRate, hop: HOP, bins, mag, frames };
}

/** Onset strength: half-wave-rectified log-magnitude flux (30 Hz–8 kHz), local mean removed. */
export function onsetStrength(s: Spectrogram): Float64Array {
  const binHz = s.sampleRate / (2 * s.bins);
  const lo = Math.ceil(30 / binHz);
  const hi = Math.floor(8000 / binHz);
  const env = new Float64Array(s.frames);
  for (let f = 1; f < s.frames; f++) {
    let acc = 0;
    for (let k = lo; k < hi; k++) {
      const d = Math.log1p(1000 * s.mag[f * s.bins + k]!) - Math.log1p(1000 * s.mag[(f - 1) * s.bins + k]!);
      if (d > 0) acc += d;
    }
    env[f] = acc;
  }
  // remove the slow trend (a ~1 s moving average) so sections of different density weigh alike
  const w = Math.round((1 * s.sampleRate) / s.hop);
  const out = new Float64Array(s.frames);
  let sum = 0;
  for (let f = 0; f < s.frames; f++) {
    sum += env[f]!;
    if (f >= w) sum -= env[f - w]!;
    out[f] = Math.max(0, env[f]! - sum / Math.min(f + 1, w));
  }
  return out;
}

export interface TempoEstimate {
  readonly bpm: number;
  /** Normalised autocorrelation at the chosen beat period (0–1). */
  readonly strength: number;
}

/**
 * Tempo from the onset envelope's autocorrelation. Beat-period candidates between 55 and
 * 185 BPM are weighted by a log-normal prior around 90 BPM (σ = 1 octave, as in common beat
 * trackers), then the period is refined on the autocorrelation peaks at 2, 4 and 8 beats,
 * which fixes it to a fraction of a frame.
 */
export function estimateTempo(onset: Float64Array, sampleRate: number, hop: number): TempoEstimate {
  const fps = sampleRate / hop;
  const n = onset.length;
  const mean = onset.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const x = onset.map((v) => v - mean);
  const maxLag = Math.min(n - 1, Math.ceil((fps * 60 * 8) / 55) + 4);
  const ac = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag; lag++) {
    let acc = 0;
    for (let i = lag; i < n; i++) acc += x[i]! * x[i - lag]!;
    ac[lag] = acc / (n - lag);
  }
  const norm = ac[0]! || 1;
  const lagFor = (bpm: number): number => (fps * 60) / bpm;
  let bestLag = 0;
  let bestScore = -Infinity;
  for (let lag = Math.floor(lagFor(185)); lag <= Math.ceil(lagFor(55)); lag++) {
    const bpm = (fps * 60) / lag;
    const prior = Math.exp(-0.5 * Math.log2(bpm / 90) ** 2);
    const score = (ac[lag]! / norm) * prior;
    if (score > bestScore) {
      bestScore = score;
      bestLag = lag;
    }
  }
  // parabolic peak position near a lag
  const peakNear = (target: number): number => {
    const radius = Math.max(2, Math.round(target * 0.03));
    let k = Math.round(target);
    for (let j = Math.round(target) - radius; j <= Math.round(target) + radius; j++) if (j > 0 && j < maxLag && ac[j]! > ac[k]!) k = j;
    if (k <= 0 || k >= maxLag) return k;
    const a = ac[k - 1]!, b = ac[k]!, c = ac[k + 1]!;
    const den = a - 2 * b + c;
    return den < 0 ? k + (0.5 * (a - c)) / den : k;
  };
  let period = peakNear(bestLag);
  for (const mult of [2, 4, 8]) {
    if (period * mult >= maxLag - 2) break;
    period = peakNear(period * mult) / mult;
  }
  return { bpm: (fps * 60) / period, strength: ac[bestLag]! / norm };
}

/** Mean chroma (12 pitch classes, C = 0) over 55 Hz–4 kHz, L2-normalised. */
export function chroma(s: Spectrogram, from = 0, to = s.frames): Float64Array {
  const binHz = s.sampleRate / (2 * s.bins);
  const c = new Float64Array(12);
  const pcOf = new Int8Array(s.bins).fill(-1);
  for (let k = 1; k < s.bins; k++) {
    const hz = k * binHz;
    if (hz < 55 || hz > 4000) continue;
    pcOf[k] = ((Math.round(12 * Math.log2(hz / 440)) + 9) % 12 + 12) % 12;
  }
  const frame = new Float64Array(12);
  for (let f = from; f < to; f++) {
    frame.fill(0);
    let total = 0;
    for (let k = 1; k < s.bins; k++) {
      const pc = pcOf[k]!;
      if (pc < 0) continue;
      const m = s.mag[f * s.bins + k]!;
      const e = m * m;
      frame[pc] = frame[pc]! + e;
      total += e;
    }
    // each frame votes with unit weight so loud passages don't dominate the profile
    if (total > 0) for (let pc = 0; pc < 12; pc++) c[pc] = c[pc]! + frame[pc]! / total;
  }
  const len = Math.hypot(...c) || 1;
  return c.map((v) => v / len);
}

/** Octave-band spectral shape (63 Hz … 16 kHz centres) in dB, relative to the bands' mean. */
export function bandShape(s: Spectrogram, from = 0, to = s.frames): Float64Array {
  const binHz = s.sampleRate / (2 * s.bins);
  const centres = [63, 125, 250, 500, 1000, 2000, 4000, 8000, 16000];
  const energy = new Float64Array(centres.length);
  const bandOf = Int8Array.from({ length: s.bins }, (_, k) => {
    const band = k === 0 ? -1 : Math.round(Math.log2((k * binHz) / 63));
    return band < centres.length ? band : -1;
  });
  for (let f = from; f < to; f++) {
    for (let k = 1; k < s.bins; k++) {
      const band = bandOf[k]!;
      if (band < 0) continue;
      const m = s.mag[f * s.bins + k]!;
      energy[band] = energy[band]! + m * m;
    }
  }
  const db = energy.map((e) => 10 * Math.log10(e / Math.max(1, to - from) + 1e-20));
  const mean = db.reduce((a, b) => a + b, 0) / db.length;
  return db.map((v) => v - mean);
}

/** Mean spectral centroid (Hz) over frames [from, to): brightness. */
export function spectralCentroid(s: Spectrogram, from = 0, to = s.frames): number {
  const binHz = s.sampleRate / (2 * s.bins);
  let acc = 0;
  let count = 0;
  for (let f = from; f < to; f++) {
    let num = 0, den = 0;
    for (let k = 1; k < s.bins; k++) {
      const m = s.mag[f * s.bins + k]!;
      num += m * k * binHz;
      den += m;
    }
    if (den > 0) {
      acc += num / den;
      count++;
    }
  }
  return count > 0 ? acc / count : 0;
}

/** Cosine distance of two chroma vectors (0 identical … 1 orthogonal). */
export function chromaDistance(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  for (let i = 0; i < 12; i++) dot += a[i]! * b[i]!;
  return 1 - dot;
}

/** RMS difference of two band shapes, in dB. */
export function spectralDistance(a: Float64Array, b: Float64Array): number {
  let acc = 0;
  for (let i = 0; i < a.length; i++) acc += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(acc / a.length);
}

/** The quietest 400 ms window (RMS of both channels, dBFS, half-window hops) between `from` and `to` seconds. */
export function quietestWindow(ch: readonly [Float32Array, Float32Array], sampleRate: number, from: number, to: number): { db: number; at: number } {
  const w = Math.round(0.4 * sampleRate);
  let worst = Infinity;
  let at = 0;
  for (let s = Math.round(from * sampleRate); s + w <= Math.min(ch[0].length, Math.round(to * sampleRate)); s += w / 2) {
    let e = 0;
    for (let i = s; i < s + w; i++) e += ch[0][i]! ** 2 + ch[1][i]! ** 2;
    const db = 10 * Math.log10(e / (2 * w) + 1e-20);
    if (db < worst) {
      worst = db;
      at = s / sampleRate;
    }
  }
  return { db: worst, at };
}
