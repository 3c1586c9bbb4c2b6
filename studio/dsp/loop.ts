/**
 * Seamless loops without crossfades: every layer is exactly periodic in N samples.
 * - noise is index-addressed (hashNoise(i mod N)),
 * - slow controls are periodic curves (knots on a circle),
 * - events are written with wrap-around (an event crossing the end continues at the start),
 * - stateful filters run circularly: a warm-up pass over the loop's last seconds, then the
 *   whole loop, so the state at sample 0 is the state the end of the loop leaves behind.
 */
import { STUDIO_SAMPLE_RATE } from '../contract.ts';
import { createPrng, nextUnit, type PrngState } from '../../worklets/dsp/prng.ts';

export const SR = STUDIO_SAMPLE_RATE;
/** Loop length used by all nature/ambient sounds: 120 s. */
export const LOOP_SECONDS = 120;
export const LOOP_FRAMES = LOOP_SECONDS * SR;
/** Warm-up for circular filtering: longer than any filter/reverb memory we use. */
export const WARMUP_FRAMES = 4 * SR;

export type Stereo = [Float32Array, Float32Array];

export function stereo(n = LOOP_FRAMES): Stereo {
  return [new Float32Array(n), new Float32Array(n)];
}

/**
 * Runs `sample(i)` for i over the last `warmup` indices and then 0..n-1 (the sample function
 * keeps its own filter state); returns the second pass.
 */
export function renderCircular(n: number, sample: (i: number) => number, warmup = WARMUP_FRAMES): Float32Array {
  const out = new Float32Array(n);
  for (let i = n - warmup; i < n; i++) sample(i);
  for (let i = 0; i < n; i++) out[i] = sample(i);
  return out;
}

/** Same as renderCircular, but filters an existing periodic signal in place. */
export function filterCircular(buf: Float32Array, filter: (x: number) => number, warmup = WARMUP_FRAMES): void {
  const n = buf.length;
  for (let i = n - warmup; i < n; i++) filter(buf[i] ?? 0);
  for (let i = 0; i < n; i++) buf[i] = filter(buf[i] ?? 0);
}

/**
 * A smooth random curve, periodic over `n` samples: `knots` random values on a circle with
 * cubic (Catmull-Rom) interpolation. Values roughly in [0, 1].
 */
export class PeriodicCurve {
  private readonly values: Float64Array;
  private readonly step: number;
  constructor(
    prng: PrngState,
    readonly n: number,
    knots: number,
    shape: (u: number) => number = (u) => u,
  ) {
    this.values = new Float64Array(knots);
    for (let k = 0; k < knots; k++) this.values[k] = shape(nextUnit(prng));
    this.step = n / knots;
  }
  at(i: number): number {
    const k = this.values.length;
    const pos = (((i % this.n) + this.n) % this.n) / this.step;
    const j = Math.floor(pos);
    const t = pos - j;
    const v = this.values;
    const p0 = v[(j - 1 + k) % k] ?? 0;
    const p1 = v[j % k] ?? 0;
    const p2 = v[(j + 1) % k] ?? 0;
    const p3 = v[(j + 2) % k] ?? 0;
    return (
      p1 +
      0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0)))
    );
  }
  /** Tabulates the curve every `hop` samples (cheap per-sample lookups later). */
  table(hop: number): ControlTable {
    const len = Math.ceil(this.n / hop);
    const t = new Float32Array(len + 1);
    for (let j = 0; j <= len; j++) t[j] = this.at(j * hop);
    return new ControlTable(t, hop, this.n);
  }
}

/** A control signal sampled every `hop` frames, linearly interpolated, periodic over n. */
export class ControlTable {
  constructor(
    readonly data: Float32Array,
    readonly hop: number,
    readonly n: number,
  ) {}
  at(i: number): number {
    const w = i < 0 ? i + this.n : i >= this.n ? i - this.n : i;
    const pos = w / this.hop;
    const j = Math.floor(pos);
    const a = this.data[j] ?? 0;
    const b = this.data[j + 1] ?? a;
    return a + (b - a) * (pos - j);
  }
}

/** Builds a periodic control table by summing event envelopes (with wrap). */
export function controlFromEvents(n: number, hop: number): { data: Float32Array; add(t0: number, len: number, f: (u: number) => number, g: number): void; table(): ControlTable } {
  const m = Math.ceil(n / hop);
  const data = new Float32Array(m + 1);
  return {
    data,
    add(t0, len, f, g) {
      const j0 = Math.floor(t0 / hop);
      const jl = Math.max(1, Math.floor(len / hop));
      for (let j = 0; j < jl; j++) {
        const idx = (j0 + j) % m;
        data[idx] = (data[idx] ?? 0) + g * f(j / jl);
      }
    },
    table() {
      data[m] = data[0] ?? 0;
      return new ControlTable(data, hop, n);
    },
  };
}

/** Event start times (in samples) of a Poisson process over [0, n), rate per second. */
export function poissonTimes(prng: PrngState, n: number, ratePerSecond: number, rateShape?: (i: number) => number): number[] {
  const out: number[] = [];
  const mean = SR / ratePerSecond;
  let t = -Math.log(1 - nextUnit(prng)) * mean;
  while (t < n) {
    // Thinning: accept with probability rateShape(t) (0..1) for inhomogeneous rates.
    if (!rateShape || nextUnit(prng) < rateShape(Math.floor(t))) out.push(Math.floor(t));
    t += -Math.log(1 - nextUnit(prng)) * mean;
  }
  return out;
}

/** Equal-power pan gains for pan in [-1, 1]. */
export function panGains(pan: number): [number, number] {
  const a = ((pan + 1) * Math.PI) / 4;
  return [Math.cos(a), Math.sin(a)];
}

/** Adds `len` samples of `voice(k)` at t0 into a stereo loop with wrap-around. */
export function addEvent(out: Stereo, t0: number, len: number, gl: number, gr: number, voice: (k: number) => number): void {
  const [l, r] = out;
  const n = l.length;
  let idx = ((t0 % n) + n) % n;
  for (let k = 0; k < len; k++) {
    const v = voice(k);
    l[idx] = (l[idx] ?? 0) + v * gl;
    r[idx] = (r[idx] ?? 0) + v * gr;
    if (++idx === n) idx = 0;
  }
}

export function mixInto(dst: Stereo, src: Stereo, gain = 1): void {
  for (let c = 0; c < 2; c++) {
    const d = dst[c as 0 | 1];
    const s = src[c as 0 | 1];
    for (let i = 0; i < d.length; i++) d[i] = (d[i] ?? 0) + (s[i] ?? 0) * gain;
  }
}

export function seeded(seed: number): PrngState {
  return createPrng(seed);
}

/** Uniform in [a, b). */
export function rand(prng: PrngState, a: number, b: number): number {
  return a + (b - a) * nextUnit(prng);
}

/** Log-uniform in [a, b). */
export function randLog(prng: PrngState, a: number, b: number): number {
  return a * Math.pow(b / a, nextUnit(prng));
}

/** Scales a stereo layer in place so its integrated loudness is `lufs` (for balancing layers). */
export function setLoudness(buf: Stereo, lufs: number, measure: (ch: Stereo) => number): void {
  const now = measure(buf);
  if (!Number.isFinite(now)) return;
  const g = Math.pow(10, (lufs - now) / 20);
  for (const c of buf) for (let i = 0; i < c.length; i++) c[i] = (c[i] ?? 0) * g;
}
