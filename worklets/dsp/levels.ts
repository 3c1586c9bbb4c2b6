/**
 * Output gains that give the three colours the same loudness: −23 LUFS integrated for the stereo
 * pair (two independent channels, BS.1770 K-weighting), i.e. −26 LUFS per channel at 48 kHz.
 * −23 rather than the ambient beds' −20 because brown noise sets the ceiling: at −23 LUFS its
 * RMS is −18.8 dBFS and its 10-minute peak about −4.7 dBFS; at −20 LUFS a long session would touch
 * full scale. Calibrated by bench/noise-calibration.ts from 10 minutes of each kernel.
 */
export const NOISE_LOUDNESS_GAIN = {
  white: 0.06042,
  pink: 0.0296,
  brown: 0.01328,
} as const;

/** Hard ceiling of every kernel's output; unreachable at these gains. */
export const NOISE_SAFETY_LIMIT = 0.98;

/**
 * Clamps `out[start, end)` to ±limit. Kernels write unclamped samples and call this only when a
 * sample went past the limit: a clamp inside the render loop cost as much as the filter itself,
 * and at Lull's gains it never engages (pink is > 15 σ away, brown ≈ 8.7 σ); it makes "never
 * reaches ±1" unconditional.
 */
export function clampBlock(out: Float32Array, start: number, end: number, limit: number): void {
  for (let i = start; i < end; i++) {
    const y = out[i] as number;
    out[i] = y > limit ? limit : y < -limit ? -limit : y;
  }
}
