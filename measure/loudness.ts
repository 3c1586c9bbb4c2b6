/**
 * ITU-R BS.1770-4 loudness (K-weighting, 400 ms blocks with 75 % overlap, absolute −70 LUFS
 * and relative −10 LU gates) and true peak (4× oversampling). Stereo, 48 kHz.
 * Exported for the studio pipeline, the audit and the lofi checks.
 */

import { kWeighting } from './analysis.ts';

// The one K-weighting (measure/analysis.ts): at 48 kHz, the standard's table.
const [SHELF, RLB] = kWeighting(48000);

/** Mean square of the K-weighted signal per 100 ms step (sum over channels). */
function kWeightedStepPower(channels: readonly Float32Array[], sampleRate: number): Float64Array {
  if (sampleRate !== 48000) throw new Error('loudness: only 48 kHz is supported');
  const step = sampleRate / 10;
  const n = channels[0]?.length ?? 0;
  const steps = Math.floor(n / step);
  const power = new Float64Array(steps);
  for (const x of channels) {
    let s1 = 0, s2 = 0, r1 = 0, r2 = 0;
    for (let j = 0; j < steps; j++) {
      let acc = 0;
      const end = (j + 1) * step;
      for (let i = j * step; i < end; i++) {
        const v = x[i] ?? 0;
        const y = SHELF.b0 * v + s1;
        s1 = SHELF.b1 * v - SHELF.a1 * y + s2;
        s2 = SHELF.b2 * v - SHELF.a2 * y;
        const k = RLB.b0 * y + r1;
        r1 = RLB.b1 * y - RLB.a1 * k + r2;
        r2 = RLB.b2 * y - RLB.a2 * k;
        acc += k * k;
      }
      power[j] = (power[j] ?? 0) + acc / step;
    }
  }
  return power;
}

const toLufs = (meanSquare: number): number => -0.691 + 10 * Math.log10(meanSquare);

/** Integrated loudness in LUFS (−Infinity for silence). */
export function integratedLoudness(channels: readonly Float32Array[], sampleRate = 48000): number {
  const steps = kWeightedStepPower(channels, sampleRate);
  const blocks: number[] = [];
  for (let j = 0; j + 4 <= steps.length; j++) {
    blocks.push(((steps[j] ?? 0) + (steps[j + 1] ?? 0) + (steps[j + 2] ?? 0) + (steps[j + 3] ?? 0)) / 4);
  }
  const gated = (threshold: number): number[] => blocks.filter((z) => toLufs(z) > threshold);
  const abs = gated(-70);
  if (abs.length === 0) return -Infinity;
  const mean = (zs: number[]): number => zs.reduce((a, b) => a + b, 0) / zs.length;
  const rel = gated(Math.max(-70, toLufs(mean(abs)) - 10));
  return toLufs(mean(rel.length > 0 ? rel : abs));
}

/** Short-term (3 s) loudness values every 100 ms and the loudness range (EBU Tech 3342). */
export function loudnessRange(channels: readonly Float32Array[], sampleRate = 48000): number {
  const steps = kWeightedStepPower(channels, sampleRate);
  const st: number[] = [];
  for (let j = 0; j + 30 <= steps.length; j++) {
    let acc = 0;
    for (let k = 0; k < 30; k++) acc += steps[j + k] ?? 0;
    const l = toLufs(acc / 30);
    if (l > -70) st.push(l);
  }
  if (st.length === 0) return 0;
  const lin = st.map((l) => Math.pow(10, (l + 0.691) / 10));
  const rel = toLufs(lin.reduce((a, b) => a + b, 0) / lin.length) - 20;
  const g = st.filter((l) => l > rel).sort((a, b) => a - b);
  const q = (p: number): number => g[Math.min(g.length - 1, Math.floor(p * (g.length - 1)))] ?? 0;
  return q(0.95) - q(0.1);
}

// 4× interpolator: 48-tap windowed sinc (12 taps per phase), as BS.1770-4 Annex 2 suggests.
const TP_TAPS = 12;
const TP_PHASES: Float64Array[] = (() => {
  const total = TP_TAPS * 4;
  const h = new Float64Array(total);
  for (let i = 0; i < total; i++) {
    const t = (i - (total - 1) / 2) / 4;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / total);
    h[i] = sinc * w;
  }
  return [0, 1, 2, 3].map((p) => {
    const ph = new Float64Array(TP_TAPS);
    let sum = 0;
    for (let k = 0; k < TP_TAPS; k++) {
      ph[k] = h[k * 4 + p] ?? 0;
      sum += ph[k] ?? 0;
    }
    for (let k = 0; k < TP_TAPS; k++) ph[k] = (ph[k] ?? 0) / sum; // unity DC gain per phase
    return ph;
  });
})();

const TP_L1 = Math.max(...TP_PHASES.map((ph) => ph.reduce((a, v) => a + Math.abs(v), 0)));

/** True peak (linear) of one channel via 4× oversampling; `circular` treats it as a loop. */
export function truePeakChannel(x: Float32Array, circular = true, floor = 0): number {
  const n = x.length;
  // Padded copy: the loop's end (or zeros) before the start, its start (or zeros) after.
  const pad = TP_TAPS;
  const y = new Float64Array(n + 2 * pad);
  y.set(x, pad);
  if (circular && n >= pad) {
    for (let k = 0; k < pad; k++) {
      y[k] = x[n - pad + k] ?? 0;
      y[n + pad + k] = x[k] ?? 0;
    }
  }
  const [p0, p1, p2, p3] = TP_PHASES as [Float64Array, Float64Array, Float64Array, Float64Array];
  // Start from the sample peak; interpolate only where the window could exceed it
  // (|interpolated| <= L1 norm of the phase × window max, an exact bound).
  // `floor`: callers that only need to know whether the peak exceeds it skip quieter windows.
  let peak = 0;
  for (let i = 0; i < y.length; i++) peak = Math.max(peak, Math.abs(y[i] ?? 0));
  const skipBelow = Math.max(peak, floor);
  const B = 16;
  const blocks = new Float64Array(Math.ceil(y.length / B));
  for (let i = 0; i < y.length; i++) {
    const b = (i / B) | 0;
    blocks[b] = Math.max(blocks[b] ?? 0, Math.abs(y[i] ?? 0));
  }
  for (let i = pad; i < n + pad; i++) {
    const localMax = Math.max(blocks[((i - TP_TAPS + 1) / B) | 0] ?? 0, blocks[(i / B) | 0] ?? 0);
    if (localMax * TP_L1 <= Math.max(peak, skipBelow)) continue;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    const base = i - TP_TAPS + 1;
    for (let k = 0; k < TP_TAPS; k++) {
      const s = y[base + k] ?? 0;
      a0 += (p0[k] ?? 0) * s;
      a1 += (p1[k] ?? 0) * s;
      a2 += (p2[k] ?? 0) * s;
      a3 += (p3[k] ?? 0) * s;
    }
    const m = Math.max(Math.abs(a0), Math.abs(a1), Math.abs(a2), Math.abs(a3));
    if (m > peak) peak = m;
  }
  return peak;
}

export function truePeakDb(channels: readonly Float32Array[], circular = true, floorDb = -Infinity): number {
  let p = 0;
  const floor = Math.pow(10, floorDb / 20);
  for (const c of channels) p = Math.max(p, truePeakChannel(c, circular, floor));
  return 20 * Math.log10(p);
}

export function samplePeak(channels: readonly Float32Array[]): number {
  let p = 0;
  for (const c of channels) for (let i = 0; i < c.length; i++) p = Math.max(p, Math.abs(c[i] ?? 0));
  return p;
}
