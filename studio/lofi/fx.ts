/**
 * The lofi treatment, as small in-place DSP passes over stereo Float32Arrays:
 * kick ducking, tape saturation, filters with cut-off automation, wow and flutter,
 * a compact reverb and the vinyl layer (hiss bed and crackle).
 */
import { createPrng, nextUnit } from '../../worklets/dsp/prng.ts';
import { STUDIO_SAMPLE_RATE as SR } from '../contract.ts';
import { rbjHighpass, rbjLowpass } from '../dsp/filters.ts';
import type { StereoSample } from './samples.ts';

export type Stereo = [Float32Array, Float32Array];

/** Sidechain-style ducking: each kick pulls the gain down by `db`, recovering over ~180 ms. */
export function duck([l, r]: Stereo, kickTimes: readonly number[], db: number): void {
  if (db <= 0 || kickTimes.length === 0) return;
  const depth = 1 - Math.pow(10, -db / 20);
  const attack = Math.round(0.004 * SR);
  const decay = Math.exp(-1 / (0.18 * SR));
  let amount = 0;
  let k = 0;
  let rampEnd = -1;
  let rampStep = 0;
  for (let i = 0; i < l.length; i++) {
    // a kick's dip starts `attack` frames early so the kick itself lands in the dip
    if (k < kickTimes.length && i >= Math.round(kickTimes[k]! * SR) - attack) {
      rampEnd = i + attack;
      rampStep = (depth - amount) / attack;
      k++;
    }
    if (i < rampEnd) amount += rampStep;
    else amount *= decay;
    const g = 1 - amount;
    l[i] = l[i]! * g;
    r[i] = r[i]! * g;
  }
}

/**
 * Bus compressor (the glue that keeps a lofi mix dense): peak envelope with fast attack and
 * slower release, threshold set `aboveRmsDb` over the mix's own RMS, soft ratio.
 */
export function compress([l, r]: Stereo, aboveRmsDb: number, ratio: number, attackMs = 2, releaseMs = 120): void {
  let e = 0;
  for (let i = 0; i < l.length; i++) e += l[i]! * l[i]! + r[i]! * r[i]!;
  const rmsLevel = Math.sqrt(e / (2 * Math.max(1, l.length)));
  const threshold = rmsLevel * Math.pow(10, aboveRmsDb / 20);
  const att = Math.exp(-1 / ((attackMs / 1000) * SR));
  const rel = Math.exp(-1 / ((releaseMs / 1000) * SR));
  const slope = 1 - 1 / ratio;
  let env = 0;
  for (let i = 0; i < l.length; i++) {
    const p = Math.max(Math.abs(l[i]!), Math.abs(r[i]!));
    env = p > env ? p + (env - p) * att : p + (env - p) * rel;
    if (env > threshold) {
      const g = Math.pow(threshold / env, slope);
      l[i] = l[i]! * g;
      r[i] = r[i]! * g;
    }
  }
}

/** Mid/side width. */
export function widen([l, r]: Stereo, width: number): void {
  if (width === 1) return;
  for (let i = 0; i < l.length; i++) {
    const m = (l[i]! + r[i]!) / 2;
    const s = ((l[i]! - r[i]!) / 2) * width;
    l[i] = m + s;
    r[i] = m - s;
  }
}

export function peak([l, r]: Stereo): number {
  let p = 0;
  for (let i = 0; i < l.length; i++) p = Math.max(p, Math.abs(l[i]!), Math.abs(r[i]!));
  return p;
}

/** The q-quantile of |x| over both channels (histogram, 1/4096 resolution up to `range`). */
export function quantileAbs([l, r]: Stereo, q: number, range = 4): number {
  const bins = new Uint32Array(4096);
  for (const x of [l, r]) for (let i = 0; i < x.length; i++) bins[Math.min(4095, Math.floor((Math.abs(x[i]!) / range) * 4096))]!++;
  const target = q * 2 * l.length;
  let acc = 0;
  for (let b = 0; b < 4096; b++) {
    acc += bins[b]!;
    if (acc >= target) return ((b + 1) / 4096) * range;
  }
  return range;
}

export function scale([l, r]: Stereo, g: number): void {
  for (let i = 0; i < l.length; i++) {
    l[i] = l[i]! * g;
    r[i] = r[i]! * g;
  }
}

const TANH_RANGE = 6;
const TANH_SIZE = 8192;
const TANH_TABLE = Float64Array.from({ length: TANH_SIZE + 2 }, (_, k) => Math.tanh((k / TANH_SIZE) * 2 * TANH_RANGE - TANH_RANGE));
function fastTanh(x: number): number {
  if (x <= -TANH_RANGE) return -1;
  if (x >= TANH_RANGE) return 1;
  const p = ((x + TANH_RANGE) / (2 * TANH_RANGE)) * TANH_SIZE;
  const k = p | 0;
  const f = p - k;
  const a = TANH_TABLE[k]!;
  return a + (TANH_TABLE[k + 1]! - a) * f;
}

/** Tape saturation: slightly asymmetric tanh, unity gain for small signals. Input near ±1. */
export function saturate([l, r]: Stereo, drive: number): void {
  const bias = 0.08;
  const offset = Math.tanh(drive * bias);
  const norm = 1 / (drive * (1 - offset * offset));
  for (const x of [l, r]) {
    for (let i = 0; i < x.length; i++) x[i] = (fastTanh(drive * (x[i]! + bias)) - offset) * norm;
  }
}


/** Value of a piecewise-linear automation at time t. */
export function automation(points: readonly (readonly [number, number])[], t: number): number {
  const first = points[0];
  if (!first) throw new Error('empty automation');
  if (t <= first[0]) return first[1];
  for (let k = 1; k < points.length; k++) {
    const [t1, v1] = points[k]!;
    const [t0, v0] = points[k - 1]!;
    if (t <= t1) return t1 === t0 ? v1 : v0 + ((v1 - v0) * (t - t0)) / (t1 - t0);
  }
  return points[points.length - 1]![1];
}

/**
 * High-pass at `hp` Hz, then one or two low-pass stages whose cut-off follows the automation
 * (coefficients updated every 32 frames).
 */
export function filter(ch: Stereo, hp: number, cutoff: readonly (readonly [number, number])[], stages: 1 | 2): void {
  const h = rbjHighpass(hp, 0.707, SR);
  const q = stages > 1 ? 0.54 : 0.707;
  for (const x of ch) {
    let hx1 = 0, hx2 = 0, hy1 = 0, hy2 = 0;
    let ax1 = 0, ax2 = 0, ay1 = 0, ay2 = 0;
    let bx1 = 0, bx2 = 0, by1 = 0, by2 = 0;
    for (let start = 0; start < x.length; start += 32) {
      const c = rbjLowpass(automation(cutoff, start / SR), q, SR);
      const end = Math.min(x.length, start + 32);
      for (let i = start; i < end; i++) {
        const v = x[i]!;
        const y = h.b0 * v + h.b1 * hx1 + h.b2 * hx2 - h.a1 * hy1 - h.a2 * hy2;
        hx2 = hx1; hx1 = v; hy2 = hy1; hy1 = y;
        let o = c.b0 * y + c.b1 * ax1 + c.b2 * ax2 - c.a1 * ay1 - c.a2 * ay2;
        ax2 = ax1; ax1 = y; ay2 = ay1; ay1 = o;
        if (stages === 2) {
          const o2 = c.b0 * o + c.b1 * bx1 + c.b2 * bx2 - c.a1 * by1 - c.a2 * by2;
          bx2 = bx1; bx1 = o; by2 = by1; by1 = o2;
          o = o2;
        }
        x[i] = o;
      }
    }
  }
}

/**
 * Tape wow (two slow sines plus a wandering random drift) and flutter (~6 Hz), as a modulated
 * delay shared by both channels so the image stays put while the pitch wobbles.
 */
export function wowFlutter([l, r]: Stereo, wowMs: number, flutterMs: number, seed: number): void {
  if (wowMs <= 0 && flutterMs <= 0) return;
  const rng = createPrng(seed ^ 0x5a17);
  const maxDelay = ((wowMs * 1.6 + flutterMs + 1) / 1000) * SR;
  const base = maxDelay / 2 + 2;
  const size = 1 << Math.ceil(Math.log2(maxDelay + 8));
  const mask = size - 1;
  const bl = new Float32Array(size);
  const br = new Float32Array(size);
  const ph1 = nextUnit(rng) * 6.283, ph2 = nextUnit(rng) * 6.283;
  let drift = 0, driftTarget = 0;
  const wow = (wowMs / 1000) * SR * 0.5;
  const flutter = (flutterMs / 1000) * SR * 0.5;
  const delayAt = (i: number): number => {
    const t = i / SR;
    return base + wow * (0.55 * Math.sin(6.283 * 0.42 * t + ph1) + 0.25 * Math.sin(6.283 * 0.17 * t + ph2) + 0.2 * drift) + flutter * Math.sin(6.283 * 6.1 * t);
  };
  let d0 = delayAt(0);
  let slope = 0;
  let d = d0;
  for (let i = 0; i < l.length; i++) {
    if ((i & 15) === 0) {
      // modulation is slow: evaluate it every 16 frames and interpolate
      if (i % 4800 === 0) driftTarget = nextUnit(rng) * 2 - 1;
      drift += (driftTarget - drift) * 0.00032;
      const d1 = delayAt(i + 16);
      slope = (d1 - d0) / 16;
      d = d0;
      d0 = d1;
    } else d += slope;
    const w = i & mask;
    bl[w] = l[i]!;
    br[w] = r[i]!;
    const rp = i - d;
    const k = Math.floor(rp);
    const f = rp - k;
    const a = k & mask, b = (k + 1) & mask;
    l[i] = k < 0 ? 0 : bl[a]! + (bl[b]! - bl[a]!) * f;
    r[i] = k < 0 ? 0 : br[a]! + (br[b]! - br[a]!) * f;
  }
}

/** Compact stereo reverb (Schroeder/Moorer: 4 damped combs + 2 all-passes per side), added in place. */
export function reverb([l, r]: Stereo, send: number): void {
  if (send <= 0) return;
  const n = l.length;
  const wet = send * 0.22;
  const predelay = Math.round(0.018 * SR);
  // mono input, pre-delayed
  const input = new Float32Array(n);
  for (let i = predelay; i < n; i++) input[i] = (l[i - predelay]! + r[i - predelay]!) * 0.5;
  const outs = [l, r];
  for (let side = 0; side < 2; side++) {
    const spread = side * 23;
    const len = [1116, 1188, 1277, 1356, 556, 441].map((m) => Math.round((m * SR) / 44100) + spread);
    const c0 = new Float32Array(len[0]!), c1 = new Float32Array(len[1]!), c2 = new Float32Array(len[2]!), c3 = new Float32Array(len[3]!);
    const a0 = new Float32Array(len[4]!), a1 = new Float32Array(len[5]!);
    const n0 = c0.length, n1 = c1.length, n2 = c2.length, n3 = c3.length, m0 = a0.length, m1 = a1.length;
    let j0 = 0, j1 = 0, j2 = 0, j3 = 0, k0 = 0, k1 = 0;
    let f0 = 0, f1 = 0, f2 = 0, f3 = 0;
    const out = outs[side]!;
    for (let i = 0; i < n; i++) {
      const x = input[i]!;
      const o0 = c0[j0]!, o1 = c1[j1]!, o2 = c2[j2]!, o3 = c3[j3]!;
      f0 = o0 * 0.7 + f0 * 0.3; c0[j0] = x + f0 * 0.8; if (++j0 === n0) j0 = 0;
      f1 = o1 * 0.7 + f1 * 0.3; c1[j1] = x + f1 * 0.8; if (++j1 === n1) j1 = 0;
      f2 = o2 * 0.7 + f2 * 0.3; c2[j2] = x + f2 * 0.8; if (++j2 === n2) j2 = 0;
      f3 = o3 * 0.7 + f3 * 0.3; c3[j3] = x + f3 * 0.8; if (++j3 === n3) j3 = 0;
      let y = (o0 + o1 + o2 + o3) * 0.25;
      const b0 = a0[k0]!; a0[k0] = y + b0 * 0.5; y = b0 - y; if (++k0 === m0) k0 = 0;
      const b1 = a1[k1]!; a1[k1] = y + b1 * 0.5; y = b1 - y; if (++k1 === m1) k1 = 0;
      out[i] = out[i]! + y * wet;
    }
  }
}

/**
 * The record: the CC0 vinyl hiss recording laid end to end in crossfaded segments from
 * random offsets (so its 8 s never repeat audibly), and synthetic crackle — sparse clicks
 * with heavy-tailed amplitudes, each a decaying burst, plus rarer softer pops.
 */
export function vinyl([l, r]: Stereo, hiss: StereoSample, hissLevel: number, cracklePerSecond: number, crackleLevel: number, seed: number): void {
  const rng = createPrng(seed ^ 0xc7ac);
  const n = l.length;
  if (hissLevel > 0) {
    const seg = 3 * SR;
    const fade = Math.round(0.4 * SR);
    const len = hiss.left.length;
    for (let start = -fade; start < n; start += seg) {
      const offset = Math.floor(nextUnit(rng) * (len - seg - fade * 2));
      for (let j = 0; j < seg + fade; j++) {
        const i = start + j;
        if (i < 0 || i >= n) continue;
        let g = 1;
        if (j < fade) g = Math.sin((Math.PI / 2) * (j / fade));
        else if (j >= seg) g = Math.cos((Math.PI / 2) * ((j - seg) / fade));
        l[i] = l[i]! + hiss.left[offset + j]! * g * hissLevel;
        r[i] = r[i]! + hiss.right[offset + j]! * g * hissLevel;
      }
    }
  }
  if (cracklePerSecond > 0 && crackleLevel > 0) {
    let t = 0;
    const mean = SR / cracklePerSecond;
    for (;;) {
      t += -Math.log(1 - nextUnit(rng)) * mean;
      const i0 = Math.floor(t);
      if (i0 >= n) break;
      const pop = nextUnit(rng) < 0.06;
      const u = nextUnit(rng);
      const amp = crackleLevel * (pop ? 0.6 : 1) * (0.15 + u * u * u * 0.85) * (nextUnit(rng) < 0.5 ? -1 : 1);
      const tau = (pop ? 0.0012 : 0.00018 + nextUnit(rng) * 0.0003) * SR;
      const pan = nextUnit(rng) * 0.6 - 0.3;
      const gl = Math.cos((Math.PI / 4) * (1 + pan)), gr = Math.sin((Math.PI / 4) * (1 + pan));
      let prevNoise = 0;
      const span = Math.ceil(tau * 6);
      for (let j = 0; j < span && i0 + j < n; j++) {
        const noise = nextUnit(rng) * 2 - 1;
        // first difference: a click is bright, not a thump
        const v = amp * Math.exp(-j / tau) * (noise - prevNoise * 0.6);
        prevNoise = noise;
        l[i0 + j] = l[i0 + j]! + v * gl;
        r[i0 + j] = r[i0 + j]! + v * gr;
      }
    }
  }
}

/** Short fade-in against a start click and the final fade (raised cosine) to exact silence. */
export function fades([l, r]: Stereo, fadeStart: number): void {
  const n = l.length;
  const fin = Math.round(0.02 * SR);
  for (let i = 0; i < fin && i < n; i++) {
    const g = i / fin;
    l[i] = l[i]! * g;
    r[i] = r[i]! * g;
  }
  const start = Math.round(fadeStart * SR);
  const len = n - start;
  for (let i = start; i < n; i++) {
    const x = (i - start) / len;
    const g = 0.5 + 0.5 * Math.cos(Math.PI * x);
    l[i] = l[i]! * g * g;
    r[i] = r[i]! * g * g;
  }
  l[n - 1] = 0;
  r[n - 1] = 0;
}
