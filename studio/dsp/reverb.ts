/**
 * A compact 8-line feedback delay network (Householder mixing, damped lines) for distance
 * and space. Applied circularly so the reverb tail of the loop's end rings into its start.
 */
import { SR, WARMUP_FRAMES, type Stereo } from './loop.ts';

const DELAYS_MS = [29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.3, 73.1];

export interface ReverbOptions {
  /** RT60 in seconds (keep < WARMUP / 7). */
  readonly decay: number;
  /** Damping: one-pole low-pass cutoff inside the loop, Hz. */
  readonly damping: number;
  /** Wet level. */
  readonly wet: number;
  /** Dry level. */
  readonly dry: number;
  readonly size?: number;
}

export function reverbCircular(buf: Stereo, opt: ReverbOptions): void {
  const [l, r] = buf;
  const n = l.length;
  const size = opt.size ?? 1;
  const lens = DELAYS_MS.map((ms) => Math.round((ms * size * SR) / 1000));
  const lines = lens.map((len) => new Float32Array(len));
  const pos = new Int32Array(8);
  const g = lens.map((len) => Math.pow(10, (-3 * len) / (opt.decay * SR)));
  const damp = 1 - Math.exp((-2 * Math.PI * opt.damping) / SR);
  const lp = new Float64Array(8);
  const outL = new Float32Array(n);
  const outR = new Float32Array(n);
  const tap = new Float64Array(8);
  const start = n - Math.min(WARMUP_FRAMES, n);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = pass === 0 ? start : 0; i < n; i++) {
      const xl = l[i] ?? 0;
      const xr = r[i] ?? 0;
      let sum = 0;
      for (let k = 0; k < 8; k++) {
        const line = lines[k] as Float32Array;
        const v = line[pos[k] ?? 0] ?? 0;
        const d = (lp[k] ?? 0) + damp * (v - (lp[k] ?? 0));
        lp[k] = d;
        tap[k] = d * (g[k] ?? 0);
        sum += tap[k] ?? 0;
      }
      const h = sum * 0.25; // Householder: y = x - (2/N) * sum
      let wl = 0;
      let wr = 0;
      for (let k = 0; k < 8; k++) {
        const line = lines[k] as Float32Array;
        const p = pos[k] ?? 0;
        const t = tap[k] ?? 0;
        line[p] = t - h + (k & 1 ? xr : xl) * 0.35;
        pos[k] = p + 1 === line.length ? 0 : p + 1;
        if (k & 1) wr += t;
        else wl += t;
      }
      if (pass === 1) {
        outL[i] = xl * opt.dry + wl * opt.wet * 0.5;
        outR[i] = xr * opt.dry + wr * opt.wet * 0.5;
      }
    }
  }
  l.set(outL);
  r.set(outR);
}
