/**
 * Alignment probes: short excerpts of each mastered render, written by the studio worker next to
 * its cache, so the audit can find them again in the decoded MP3. A decoder that honours the
 * LAME tag returns them at exactly the rendered positions; a wrong encoder delay shifts them
 * (for loops a shift is circular, so the sample count and the seam alone would not show it).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROBE_DIR = join(resolve(dirname(fileURLToPath(import.meta.url))), '.cache', 'probes');
export const PROBE_LENGTH = 2048;

/** Where the probes start: a quarter, half and three quarters into the sound. */
export const probeStarts = (frames: number): number[] => [0.25, 0.5, 0.75].map((at) => Math.floor(frames * at));

/** The probes of one channel, concatenated. */
export function takeProbes(channel: Float32Array): Float32Array {
  const out = new Float32Array(3 * PROBE_LENGTH);
  probeStarts(channel.length).forEach((start, i) => out.set(channel.subarray(start, start + PROBE_LENGTH), i * PROBE_LENGTH));
  return out;
}

export interface ProbeMatch {
  /** Offset of the best match from where the probe was taken, in samples (0 when aligned). */
  readonly lag: number;
  /** Normalised correlation at that offset (1 = identical shape). */
  readonly correlation: number;
}

/** Finds each probe in `decoded` within ±maxLag samples of where it was taken. */
export function matchProbes(decoded: Float32Array, probes: Float32Array, maxLag = 2400): ProbeMatch[] {
  return probeStarts(decoded.length).map((start, i) => {
    const probe = probes.subarray(i * PROBE_LENGTH, (i + 1) * PROBE_LENGTH);
    let probeEnergy = 0;
    for (let k = 0; k < PROBE_LENGTH; k++) probeEnergy += probe[k]! * probe[k]!;
    let best: ProbeMatch = { lag: 0, correlation: -Infinity };
    for (let lag = -maxLag; lag <= maxLag; lag++) {
      const at = start + lag;
      if (at < 0 || at + PROBE_LENGTH > decoded.length) continue;
      let dot = 0;
      let energy = 0;
      for (let k = 0; k < PROBE_LENGTH; k++) {
        const x = decoded[at + k]!;
        dot += x * probe[k]!;
        energy += x * x;
      }
      const correlation = dot / Math.sqrt(probeEnergy * energy || 1);
      if (correlation > best.correlation) best = { lag, correlation };
    }
    return best;
  });
}
