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

/** Where a streaming resample stands between chunks: the next output's position (input frames from the chunk's start) and each channel's last input sample. */
export interface ResampleState {
  phase: number;
  readonly last: Float32Array;
}

export const resampleStart = (channels: number): ResampleState => ({ phase: 0, last: new Float32Array(channels) });

/**
 * Linear interpolation from `fromRate` to `toRate`, one chunk after another, continuous across chunks (and across
 * the loop's wrap, since the chunks come in playing order): a context running at 44.1 kHz plays the stored 48 kHz
 * loop without the step an AudioBuffer's own resampling leaves at each buffer's end. The same interpolation Chromium
 * applies to a buffer at another rate, made continuous.
 */
export function resampleChunk(input: readonly Float32Array[], fromRate: number, toRate: number, state: ResampleState): Float32Array<ArrayBuffer>[] {
  const n = input[0]?.length ?? 0;
  const step = fromRate / toRate;
  // Outputs at positions phase + k·step while they fall before the chunk's last sample; the rest wait for the next chunk.
  const count = Math.max(0, Math.ceil((n - 1 - state.phase) / step));
  const out = input.map((x, c) => {
    const y = new Float32Array(count);
    const last = state.last[c] ?? 0;
    for (let k = 0; k < count; k++) {
      const p = state.phase + k * step;
      const i = Math.floor(p);
      const a = i < 0 ? last : (x[i] ?? 0);
      y[k] = a + ((x[i + 1] ?? 0) - a) * (p - i);
    }
    state.last[c] = x[n - 1] ?? 0;
    return y;
  });
  state.phase = state.phase + count * step - n;
  return out;
}
