/**
 * Decoding one window of a loop's MP3 (loop-voice.ts schedules them): a slice of frames with its pre-roll, decoded
 * at the file's own rate, checked to hold exactly the samples asked for.
 */
import type { Mp3Slice } from './mp3-layout';
import type { Piece } from './loop-pieces';

/** A piece decoded: its buffer and the offset (samples) where the piece starts in it. */
export interface Decoded {
  readonly piece: Piece;
  readonly buffer: AudioBuffer;
  readonly skip: number;
}

export class WindowDecodeError extends Error {
  override name = 'WindowDecodeError';
}

/**
 * What decodes the windows: decodeAudioData resamples to its context's rate, and a window resampled
 * on its own is not the whole file resampled (the filter starts afresh at each edge), so windows are
 * decoded at the file's rate; the buffer sources then convert as one looping buffer did.
 */
export function decoderFor(ctx: BaseAudioContext, sampleRate: number): BaseAudioContext {
  return ctx.sampleRate === sampleRate ? ctx : (fileRateDecoder(sampleRate) ?? ctx);
}

/** A context that decodes at `sampleRate` and renders nothing (a warm start's decoder too), or null without OfflineAudioContext. */
export const fileRateDecoder = (sampleRate: number): BaseAudioContext | null =>
  typeof OfflineAudioContext === 'undefined' ? null : new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate });

/**
 * Decodes a slice to an AudioBuffer and the offset (samples) where its window starts. A decoder that honours the
 * rewritten tag returns the window (after `skip`); one that ignores it, every frame. WebKitGTK (2.50) honours the
 * tag's delay but not always its padding: windows of under a frame (480–960 samples) came back 47–623 samples longer, the
 * window still at `skip` (matched against Chromium's decode to 1e-8), so a longer buffer is played from `skip` and
 * its extra samples are never scheduled. A shorter one is padded with silence at its end (never seen; a window lost
 * whole would stop the sound).
 */
export async function decodeSlice(ctx: BaseAudioContext, slice: Mp3Slice): Promise<{ buffer: AudioBuffer; skip: number }> {
  const bytes = slice.bytes.buffer.slice(slice.bytes.byteOffset, slice.bytes.byteOffset + slice.bytes.byteLength) as ArrayBuffer;
  const buffer = await ctx.decodeAudioData(bytes);
  const wanted = slice.skip + slice.length;
  if (buffer.length === wanted) return { buffer, skip: slice.skip };
  if (buffer.length === slice.untaggedLength) return { buffer, skip: slice.skipIfUntagged };
  if (buffer.length > wanted) return { buffer, skip: slice.skip };
  if (buffer.length === 0 || typeof ctx.createBuffer !== 'function') throw new WindowDecodeError(`a window decoded to ${buffer.length} samples, not ${wanted}`);
  return { buffer: padded(ctx, buffer, wanted), skip: slice.skip };
}

/** `buffer` with silence after its end up to `length` samples. */
function padded(ctx: BaseAudioContext, buffer: AudioBuffer, length: number): AudioBuffer {
  const out = ctx.createBuffer(buffer.numberOfChannels, length, buffer.sampleRate);
  for (let c = 0; c < buffer.numberOfChannels; c++) out.getChannelData(c).set(buffer.getChannelData(c));
  return out;
}
