/** Small stateful filters for offline rendering (RBJ biquads, one-poles, DC blocker). */
import { STUDIO_SAMPLE_RATE } from '../contract.ts';

const TWO_PI = 2 * Math.PI;

/** Biquad coefficients, normalised by a0. */
export interface BiquadCoefficients {
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly a1: number;
  readonly a2: number;
}

/** RBJ cookbook low-pass (the one design the studio's biquads and the lofi filter share). */
export function rbjLowpass(freq: number, q = Math.SQRT1_2, sr = STUDIO_SAMPLE_RATE): BiquadCoefficients {
  const w = (TWO_PI * Math.min(freq, sr * 0.49)) / sr;
  const c = Math.cos(w);
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  return { b0: (1 - c) / 2 / a0, b1: (1 - c) / a0, b2: (1 - c) / 2 / a0, a1: (-2 * c) / a0, a2: (1 - alpha) / a0 };
}

/** RBJ cookbook high-pass. */
export function rbjHighpass(freq: number, q = Math.SQRT1_2, sr = STUDIO_SAMPLE_RATE): BiquadCoefficients {
  const w = (TWO_PI * Math.min(freq, sr * 0.49)) / sr;
  const c = Math.cos(w);
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  return { b0: (1 + c) / 2 / a0, b1: -(1 + c) / a0, b2: (1 + c) / 2 / a0, a1: (-2 * c) / a0, a2: (1 - alpha) / a0 };
}

/** Transposed direct form II biquad with RBJ cookbook designs. */
export class Biquad {
  b0 = 1;
  b1 = 0;
  b2 = 0;
  a1 = 0;
  a2 = 0;
  z1 = 0;
  z2 = 0;

  private set(b0: number, b1: number, b2: number, a0: number, a1: number, a2: number): this {
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = a1 / a0;
    this.a2 = a2 / a0;
    return this;
  }

  private use(k: BiquadCoefficients): this {
    this.b0 = k.b0;
    this.b1 = k.b1;
    this.b2 = k.b2;
    this.a1 = k.a1;
    this.a2 = k.a2;
    return this;
  }

  lowpass(freq: number, q = Math.SQRT1_2, sr = STUDIO_SAMPLE_RATE): this {
    return this.use(rbjLowpass(freq, q, sr));
  }

  highpass(freq: number, q = Math.SQRT1_2, sr = STUDIO_SAMPLE_RATE): this {
    return this.use(rbjHighpass(freq, q, sr));
  }

  /** Band-pass with 0 dB peak gain at `freq`. */
  bandpass(freq: number, q: number, sr = STUDIO_SAMPLE_RATE): this {
    const w = (TWO_PI * Math.min(freq, sr * 0.49)) / sr;
    const c = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    return this.set(alpha, 0, -alpha, 1 + alpha, -2 * c, 1 - alpha);
  }

  peaking(freq: number, q: number, gainDb: number, sr = STUDIO_SAMPLE_RATE): this {
    const a = Math.pow(10, gainDb / 40);
    const w = (TWO_PI * Math.min(freq, sr * 0.49)) / sr;
    const c = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    return this.set(1 + alpha * a, -2 * c, 1 - alpha * a, 1 + alpha / a, -2 * c, 1 - alpha / a);
  }

  highshelf(freq: number, gainDb: number, sr = STUDIO_SAMPLE_RATE): this {
    const a = Math.pow(10, gainDb / 40);
    const w = (TWO_PI * Math.min(freq, sr * 0.49)) / sr;
    const c = Math.cos(w);
    const alpha = Math.sin(w) / 2 * Math.SQRT2;
    const sq = 2 * Math.sqrt(a) * alpha;
    return this.set(
      a * (a + 1 + (a - 1) * c + sq),
      -2 * a * (a - 1 + (a + 1) * c),
      a * (a + 1 + (a - 1) * c - sq),
      a + 1 - (a - 1) * c + sq,
      2 * (a - 1 - (a + 1) * c),
      a + 1 - (a - 1) * c - sq,
    );
  }

  process(x: number): number {
    const y = this.b0 * x + this.z1;
    this.z1 = this.b1 * x - this.a1 * y + this.z2;
    this.z2 = this.b2 * x - this.a2 * y;
    return y;
  }

  reset(): void {
    this.z1 = 0;
    this.z2 = 0;
  }
}

/** One-pole low-pass smoother: y += a (x - y). */
export class OnePole {
  a: number;
  y = 0;
  constructor(freq: number, sr = STUDIO_SAMPLE_RATE) {
    this.a = onePoleCoef(freq, sr);
  }
  setFreq(freq: number, sr = STUDIO_SAMPLE_RATE): void {
    this.a = onePoleCoef(freq, sr);
  }
  process(x: number): number {
    this.y += this.a * (x - this.y);
    return this.y;
  }
}

export function onePoleCoef(freq: number, sr = STUDIO_SAMPLE_RATE): number {
  return 1 - Math.exp((-TWO_PI * freq) / sr);
}

/** First-order DC blocker (high-pass near `freq` Hz). */
export class DcBlocker {
  private x1 = 0;
  private y1 = 0;
  private readonly r: number;
  constructor(freq = 8, sr = STUDIO_SAMPLE_RATE) {
    this.r = Math.exp((-TWO_PI * freq) / sr);
  }
  process(x: number): number {
    const y = x - this.x1 + this.r * this.y1;
    this.x1 = x;
    this.y1 = y;
    return y;
  }
}
