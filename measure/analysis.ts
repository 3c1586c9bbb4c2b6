/**
 * Measurements, shared by the unit tests (Node), the Chromium tests (injected into the page), the
 * bench and the studio: FFT, Welch PSD, third-octave bands, spectral slope, K-weighting and a
 * steady-signal loudness, peaks and drift. Never shipped to the audio thread (worklets/dsp keeps
 * only what the processors run). Self-contained (no imports) so the Chromium tests can transpile
 * it and evaluate it in the page next to the real processors; the gated BS.1770 meter built on
 * its K-weighting is measure/loudness.ts.
 */

/** In-place iterative radix-2 complex FFT; `re.length` must be a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i] as number;
      re[i] = re[j] as number;
      re[j] = tr;
      const ti = im[i] as number;
      im[i] = im[j] as number;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      let cr = 1, ci = 0;
      for (let k = 0; k < half; k++) {
        const a = i + k;
        const b = a + half;
        const br = re[b] as number, bi = im[b] as number;
        const xr = br * cr - bi * ci;
        const xi = br * ci + bi * cr;
        const ar = re[a] as number, ai = im[a] as number;
        re[b] = ar - xr;
        im[b] = ai - xi;
        re[a] = ar + xr;
        im[a] = ai + xi;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}

/**
 * One-sided Welch power spectral density (Hann window, 50 % overlap), in units of power per bin
 * (relative levels are what the checks use). Two real segments share one complex FFT.
 */
export function welchPsd(x: Float32Array, fftSize: number): Float64Array {
  const hop = fftSize >> 1;
  const window = new Float64Array(fftSize);
  let windowPower = 0;
  for (let i = 0; i < fftSize; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / fftSize);
    window[i] = w;
    windowPower += w * w;
  }
  const bins = fftSize / 2 + 1;
  const psd = new Float64Array(bins);
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  const starts: number[] = [];
  for (let s = 0; s + fftSize <= x.length; s += hop) starts.push(s);
  let segments = 0;
  for (let p = 0; p < starts.length; p += 2) {
    const a = starts[p] as number;
    const b = starts[p + 1];
    for (let i = 0; i < fftSize; i++) {
      const w = window[i] as number;
      re[i] = (x[a + i] as number) * w;
      im[i] = b === undefined ? 0 : (x[b + i] as number) * w;
    }
    fft(re, im);
    // Separate the two real spectra: X = (Z[k] + conj Z[N−k]) / 2, Y = (Z[k] − conj Z[N−k]) / 2j.
    for (let k = 0; k < bins; k++) {
      const nk = (fftSize - k) % fftSize;
      const zr = re[k] as number, zi = im[k] as number;
      const cr = re[nk] as number, ci = -(im[nk] as number);
      const xr = (zr + cr) / 2, xi = (zi + ci) / 2;
      let power = xr * xr + xi * xi;
      if (b !== undefined) {
        const yr = (zi - ci) / 2, yi = -(zr - cr) / 2;
        power += yr * yr + yi * yi;
      }
      psd[k] = (psd[k] as number) + power;
    }
    segments += b === undefined ? 1 : 2;
  }
  const norm = 1 / (Math.max(1, segments) * windowPower);
  for (let k = 0; k < bins; k++) psd[k] = (psd[k] as number) * norm * (k === 0 || k === bins - 1 ? 1 : 2);
  return psd;
}

export interface Band {
  /** Exact base-2 third-octave centre, 1000·2^(k/3) Hz. */
  readonly centreHz: number;
  /** Mean power density in the band, dB (relative). */
  readonly levelDb: number;
}

/** Half a third of an octave: how far an exact base-2 centre may sit from its nominal (ISO 266) one. */
const NOMINAL_TOLERANCE = Math.pow(2, 1 / 12);

/**
 * Third-octave bands whose nominal centres lie in [fromHz, toHz], from a one-sided PSD. The exact
 * base-2 centres differ from the nominal ones (19.7 Hz for 20, 20.2 kHz for 20 k), so the range
 * is widened by half a band: 20 Hz–20 kHz gives all 31 bands.
 */
export function thirdOctaveBands(psd: Float64Array, sampleRate: number, fromHz: number, toHz: number): Band[] {
  const fftSize = (psd.length - 1) * 2;
  const binHz = sampleRate / fftSize;
  const bands: Band[] = [];
  for (let k = -30; k <= 15; k++) {
    const centre = 1000 * Math.pow(2, k / 3);
    if (centre < fromHz / NOMINAL_TOLERANCE || centre > toHz * NOMINAL_TOLERANCE) continue;
    const lo = centre * Math.pow(2, -1 / 6);
    const hi = Math.min(centre * Math.pow(2, 1 / 6), sampleRate / 2);
    let sum = 0, count = 0;
    for (let b = Math.ceil(lo / binHz); b * binHz < hi && b < psd.length; b++) {
      sum += psd[b] as number;
      count++;
    }
    if (count > 0) bands.push({ centreHz: centre, levelDb: 10 * Math.log10(sum / count) });
  }
  return bands;
}

export interface SlopeFit {
  /** dB per octave. */
  readonly slope: number;
  /** Each band's deviation from the fitted line, dB. */
  readonly residuals: number[];
  readonly maxAbsResidual: number;
}

/** Least-squares line through band levels against log2(frequency). */
export function fitSlope(bands: readonly Band[]): SlopeFit {
  const xs = bands.map((b) => Math.log2(b.centreHz));
  const ys = bands.map((b) => b.levelDb);
  const n = xs.length;
  const mx = xs.reduce((a, v) => a + v, 0) / n;
  const my = ys.reduce((a, v) => a + v, 0) / n;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    sxx += ((xs[i] as number) - mx) ** 2;
  }
  const slope = sxy / sxx;
  const residuals = ys.map((y, i) => y - (my + slope * ((xs[i] as number) - mx)));
  return { slope, residuals, maxAbsResidual: Math.max(...residuals.map(Math.abs)) };
}

/** Largest deviation of any band from the bands' mean level (flatness), dB. */
export function flatness(bands: readonly Band[]): number {
  const mean = bands.reduce((a, b) => a + b.levelDb, 0) / bands.length;
  return Math.max(...bands.map((b) => Math.abs(b.levelDb - mean)));
}

export interface Biquad {
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly a1: number;
  readonly a2: number;
}

/** BS.1770-4 Tables 1 and 2: the standard's own K-weighting coefficients at 48 kHz. */
const K_WEIGHTING_48K: readonly [Biquad, Biquad] = [
  { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585 },
  { b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621 },
];

/**
 * The K-weighting every loudness figure in Lull uses (the studio's meter, the audit, the noise
 * tests and bench): the standard's table at 48 kHz, the analog prototype at other rates.
 */
export function kWeighting(sampleRate: number): readonly [Biquad, Biquad] {
  return sampleRate === 48000 ? K_WEIGHTING_48K : kWeightingDesign(sampleRate);
}

/**
 * BS.1770 K-weighting (+4 dB shelf near 1.68 kHz, RLB high-pass near 38 Hz) for any sample rate,
 * from the analog prototype behind the standard's 48 kHz table (as pyloudnorm and libebur128 do).
 */
export function kWeightingDesign(sampleRate: number): readonly [Biquad, Biquad] {
  const f0 = 1681.974450955533, q = 0.7071752369554196, gainDb = 3.999843853973347;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = Math.pow(10, gainDb / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  const a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  const f1 = 38.13547087602444, q1 = 0.5003270373238773;
  const k1 = Math.tan((Math.PI * f1) / sampleRate);
  const a01 = 1 + k1 / q1 + k1 * k1;
  const rlb = { b0: 1, b1: -2, b2: 1, a1: (2 * (k1 * k1 - 1)) / a01, a2: (1 - k1 / q1 + k1 * k1) / a01 };
  return [shelf, rlb];
}

/**
 * Loudness of a steady signal, LUFS: K-weighted mean square summed over channels (BS.1770 without
 * the gates, which change nothing for stationary noise). The first second is skipped (filter settling).
 */
export function kWeightedLoudness(channels: readonly Float32Array[], sampleRate: number): number {
  const [s, r] = kWeighting(sampleRate);
  let total = 0;
  for (const x of channels) {
    const skip = Math.min(sampleRate, x.length >> 1);
    let x1 = 0, x2 = 0, y1 = 0, y2 = 0, z1 = 0, z2 = 0, acc = 0;
    for (let i = 0; i < x.length; i++) {
      const v = x[i] as number;
      const y = s.b0 * v + s.b1 * x1 + s.b2 * x2 - s.a1 * y1 - s.a2 * y2;
      const z = r.b0 * y + r.b1 * y1 + r.b2 * y2 - r.a1 * z1 - r.a2 * z2;
      x2 = x1;
      x1 = v;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      if (i >= skip) acc += z * z;
    }
    total += acc / Math.max(1, x.length - skip);
  }
  return -0.691 + 10 * Math.log10(total);
}

/** Largest |sample|. */
export function peakAbs(x: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < x.length; i++) peak = Math.max(peak, Math.abs(x[i] as number));
  return peak;
}

export function rms(x: Float32Array): number {
  let acc = 0;
  for (let i = 0; i < x.length; i++) acc += (x[i] as number) ** 2;
  return Math.sqrt(acc / Math.max(1, x.length));
}

/** Mean of each consecutive window of `windowLength` samples (DC drift shows up as a wandering mean). */
export function windowMeans(x: Float32Array, windowLength: number): number[] {
  const means: number[] = [];
  for (let start = 0; start + windowLength <= x.length; start += windowLength) {
    let acc = 0;
    for (let i = start; i < start + windowLength; i++) acc += x[i] as number;
    means.push(acc / windowLength);
  }
  return means;
}

/** Longest run of consecutive samples with |x| below `threshold` (a dropout renders as silence). */
export function longestSilentRun(x: Float32Array, threshold = 1e-6): number {
  let longest = 0, run = 0;
  for (let i = 0; i < x.length; i++) {
    run = Math.abs(x[i] as number) < threshold ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
