/**
 * A compact 8-line feedback delay network (Householder mixing, damped lines) for distance
 * and space. Applied circularly so the reverb tail of the loop's end rings into its start.
 * All lines live in one buffer; the inner loop is written out for speed (~10× real time
 * matters when every sound uses it).
 */
import { SR, WARMUP_FRAMES, type Stereo } from './loop.ts';

const DELAYS_MS = [29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.3, 73.1] as const;

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
  const offs: number[] = [];
  let total = 0;
  for (const len of lens) {
    offs.push(total);
    total += len;
  }
  const mem = new Float64Array(total);
  const [L0, L1, L2, L3, L4, L5, L6, L7] = lens as unknown as [number, number, number, number, number, number, number, number];
  const [o0, o1, o2, o3, o4, o5, o6, o7] = offs as [number, number, number, number, number, number, number, number];
  const gain = (len: number): number => Math.pow(10, (-3 * len) / (opt.decay * SR));
  const g0 = gain(L0), g1 = gain(L1), g2 = gain(L2), g3 = gain(L3), g4 = gain(L4), g5 = gain(L5), g6 = gain(L6), g7 = gain(L7);
  const a = 1 - Math.exp((-2 * Math.PI * opt.damping) / SR);
  let d0 = 0, d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0;
  let p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0;
  const wet = opt.wet * 0.5;
  const dry = opt.dry;
  const outL = new Float32Array(n);
  const outR = new Float32Array(n);
  const start = n - Math.min(WARMUP_FRAMES, n);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = pass === 0 ? start : 0; i < n; i++) {
      const xl = (l[i] ?? 0) * 0.35;
      const xr = (r[i] ?? 0) * 0.35;
      d0 += a * ((mem[o0 + p0] ?? 0) - d0);
      d1 += a * ((mem[o1 + p1] ?? 0) - d1);
      d2 += a * ((mem[o2 + p2] ?? 0) - d2);
      d3 += a * ((mem[o3 + p3] ?? 0) - d3);
      d4 += a * ((mem[o4 + p4] ?? 0) - d4);
      d5 += a * ((mem[o5 + p5] ?? 0) - d5);
      d6 += a * ((mem[o6 + p6] ?? 0) - d6);
      d7 += a * ((mem[o7 + p7] ?? 0) - d7);
      const t0 = d0 * g0, t1 = d1 * g1, t2 = d2 * g2, t3 = d3 * g3, t4 = d4 * g4, t5 = d5 * g5, t6 = d6 * g6, t7 = d7 * g7;
      const h = (t0 + t1 + t2 + t3 + t4 + t5 + t6 + t7) * 0.25; // Householder: x - (2/N) sum
      mem[o0 + p0] = t0 - h + xl;
      mem[o1 + p1] = t1 - h + xr;
      mem[o2 + p2] = t2 - h + xl;
      mem[o3 + p3] = t3 - h + xr;
      mem[o4 + p4] = t4 - h + xl;
      mem[o5 + p5] = t5 - h + xr;
      mem[o6 + p6] = t6 - h + xl;
      mem[o7 + p7] = t7 - h + xr;
      if (++p0 === L0) p0 = 0;
      if (++p1 === L1) p1 = 0;
      if (++p2 === L2) p2 = 0;
      if (++p3 === L3) p3 = 0;
      if (++p4 === L4) p4 = 0;
      if (++p5 === L5) p5 = 0;
      if (++p6 === L6) p6 = 0;
      if (++p7 === L7) p7 = 0;
      if (pass === 1) {
        outL[i] = (l[i] ?? 0) * dry + (t0 + t2 + t4 + t6) * wet;
        outR[i] = (r[i] ?? 0) * dry + (t1 + t3 + t5 + t7) * wet;
      }
    }
  }
  l.set(outL);
  r.set(outR);
}
