/** Filter designs for the noise kernels: coefficients only, the kernels run the recursions inline. */

/** Pole radius of a one-pole filter whose corner sits at `cornerHz` (matched z-transform). */
export function onePolePole(cornerHz: number, sampleRate: number): number {
  return Math.exp((-2 * Math.PI * cornerHz) / sampleRate);
}
