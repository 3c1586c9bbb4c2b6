/**
 * Noise for loops. `hashNoise(i, seed)` is white noise addressed by sample index: the same
 * index gives the same value, so a layer read at `i mod N` is exactly periodic and a loop
 * needs no crossfade. Event timing and parameters come from the seeded PRNG (worklets/dsp).
 */

/** Uniform white noise in [-1, 1) as a pure function of (index, seed) (lowbias32 hash). */
export function hashNoise(i: number, seed: number): number {
  let x = (i ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return (x >>> 0) / 2147483648 - 1;
}

/** Paul Kellet's refined pink filter (±0.05 dB above ~10 Hz); output RMS ≈ white RMS. */
export class Pink {
  private b0 = 0;
  private b1 = 0;
  private b2 = 0;
  private b3 = 0;
  private b4 = 0;
  private b5 = 0;
  private b6 = 0;
  process(white: number): number {
    this.b0 = 0.99886 * this.b0 + white * 0.0555179;
    this.b1 = 0.99332 * this.b1 + white * 0.0750759;
    this.b2 = 0.969 * this.b2 + white * 0.153852;
    this.b3 = 0.8665 * this.b3 + white * 0.3104856;
    this.b4 = 0.55 * this.b4 + white * 0.5329522;
    this.b5 = -0.7616 * this.b5 - white * 0.016898;
    const out = this.b0 + this.b1 + this.b2 + this.b3 + this.b4 + this.b5 + this.b6 + white * 0.5362;
    this.b6 = white * 0.115926;
    return out * 0.18;
  }
}

/** Brown noise: leaky integrator (leak 0.0015) and a DC-blocking high-pass; RMS ≈ 0.5 for white input. */
export class Brown {
  private y = 0;
  private x1 = 0;
  private hp = 0;
  process(white: number): number {
    this.y = this.y * 0.9985 + white * 0.05;
    const out = this.y - this.x1 + 0.9992 * this.hp;
    this.x1 = this.y;
    this.hp = out;
    return out * 0.55;
  }
}
