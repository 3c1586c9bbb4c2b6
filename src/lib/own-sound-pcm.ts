/**
 * A listener's own sound as it is stored and played (issue 41): 48 kHz, interleaved 16-bit PCM in chunks of 5 s.
 * The import worker writes chunks, the player reads them back one at a time, so a long recording is never held whole.
 */

/** The meter and the player work at 48 kHz: the page decodes every import at this rate. */
export const OWN_SAMPLE_RATE = 48_000;
/** Stored and played in chunks of 5 s: one chunk decoded is 1.9 MB of float stereo, so three resident stay under 6 MB. */
export const OWN_CHUNK_FRAMES = 5 * OWN_SAMPLE_RATE;

/** Interleaved 16-bit PCM of frames [from, to) (TPDF-free rounding: the ceiling leaves 2 dB, nothing clips). */
export function int16Chunk(channels: readonly Float32Array[], from: number, to: number): Int16Array {
  const count = channels.length;
  const out = new Int16Array((to - from) * count);
  for (let c = 0; c < count; c++) {
    const x = channels[c] as Float32Array;
    for (let i = from; i < to; i++) out[(i - from) * count + c] = Math.max(-32768, Math.min(32767, Math.round((x[i] ?? 0) * 32767)));
  }
  return out;
}

/** The reverse, into `target` channels (what the player does with each stored chunk). */
export function int16ToChannels(pcm: Int16Array, target: readonly Float32Array[]): void {
  const count = target.length;
  const frames = Math.floor(pcm.length / count);
  for (let c = 0; c < count; c++) {
    const x = target[c] as Float32Array;
    for (let i = 0; i < frames; i++) x[i] = (pcm[i * count + c] ?? 0) / 32767;
  }
}
