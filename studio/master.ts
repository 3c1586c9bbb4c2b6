/**
 * Mastering: normalise to the loudness target, then a look-ahead peak limiter (applied
 * circularly for loops so the gain curve is seamless) to keep the true peak under the ceiling.
 *
 * Loudness targets (one per form, held catalogue-wide):
 * - songs (lofi): −16 LUFS integrated, the AES TD1008 recommendation for music streaming;
 *   lofi is gentle, so no need for the −14 LUFS of louder platforms.
 * - loops (nature/ambient beds): −20 LUFS. A bed is continuous (no quiet passages, little
 *   gating) and is listened to for hours, often at night, so it should sit 4 LU under the
 *   music; that also leaves headroom for transient layers (crackles, gull calls) under the
 *   −1 dBTP ceiling without heavy limiting. Users still balance with each entry's volume.
 */
import { integratedLoudness, truePeakDb } from '../measure/loudness.ts';

export const LOUDNESS_TARGET = { loop: -20, song: -16 } as const;
/** Shipped files must stay <= −1 dBTP; we aim lower because MP3 encoding adds overshoot. */
export const TRUE_PEAK_CEILING_DB = -1;
const LIMIT_CEILING_DB = -2.2;

export interface MasterResult {
  readonly lufs: number;
  readonly truePeakDb: number;
  readonly gainDb: number;
  readonly limitedFrames: number;
}

function applyGain(ch: readonly Float32Array[], g: number): void {
  for (const c of ch) for (let i = 0; i < c.length; i++) c[i] = (c[i] ?? 0) * g;
}

/**
 * Look-ahead limiter: required gain per frame, spread as a minimum over ±hold frames, then
 * smoothed by a moving average of the same width (so gain never exceeds the requirement).
 */
function limit(ch: readonly [Float32Array, Float32Array], ceiling: number, circular: boolean): number {
  const [l, r] = ch;
  const n = l.length;
  const hold = 240; // 5 ms attack/release ramps
  const need = new Float32Array(n).fill(1);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const p = Math.max(Math.abs(l[i] ?? 0), Math.abs(r[i] ?? 0));
    if (p > ceiling) {
      count++;
      const g = ceiling / p;
      for (let k = i - hold; k <= i + hold; k++) {
        const j = circular ? (k + n) % n : k;
        if (j < 0 || j >= n) continue;
        if ((need[j] ?? 1) > g) need[j] = g;
      }
    }
  }
  if (count === 0) return 0;
  // Centered moving average of width 2*hold+1 (circular).
  const w = 2 * hold + 1;
  let acc = 0;
  for (let k = -hold; k <= hold; k++) acc += need[circular ? (k + n) % n : Math.max(0, Math.min(n - 1, k))] ?? 1;
  const gain = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    gain[i] = acc / w;
    const add = i + hold + 1;
    const sub = i - hold;
    acc += (need[circular ? add % n : Math.min(n - 1, add)] ?? 1) - (need[circular ? (sub + n) % n : Math.max(0, sub)] ?? 1);
  }
  for (let i = 0; i < n; i++) {
    l[i] = (l[i] ?? 0) * (gain[i] ?? 1);
    r[i] = (r[i] ?? 0) * (gain[i] ?? 1);
  }
  return count;
}

/** Masters in place to `target` LUFS with true peak under the ceiling. */
export function master(ch: readonly [Float32Array, Float32Array], target: number, circular: boolean): MasterResult {
  let totalDb = 0;
  let limited = 0;
  let lufs = integratedLoudness(ch);
  let ceilingDb = LIMIT_CEILING_DB;
  let tp = Infinity;
  for (let iter = 0; iter < 8; iter++) {
    const g = target - lufs;
    applyGain(ch, Math.pow(10, g / 20));
    totalDb += g;
    limited = limit(ch, Math.pow(10, ceilingDb / 20), circular);
    lufs = integratedLoudness(ch);
    if (Math.abs(lufs - target) > 0.05) continue; // limiting cost loudness: gain again
    // Exact above −3 dBTP; below that we only need to know it is under the ceiling.
    tp = truePeakDb(ch, circular, -3);
    if (tp <= TRUE_PEAK_CEILING_DB - 1) break;
    ceilingDb -= tp - (TRUE_PEAK_CEILING_DB - 1) + 0.1; // inter-sample peaks: limit harder
  }
  if (!Number.isFinite(tp)) tp = truePeakDb(ch, circular);
  return { lufs, truePeakDb: tp, gainDb: totalDb, limitedFrames: limited };
}
