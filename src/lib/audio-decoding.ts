/**
 * Decoding with WebCodecs' AudioDecoder (issue 41), one way for all of Lull's uses: an import's MP3 or FLAC frames
 * in the worker (workers/own-sound-decode.ts), a stored Opus chunk as it plays, and the codec round trip an import
 * measures (lib/own-sound-opus.ts). The chunks go in order, a few dozen at a time; what comes out is written straight
 * to its place, so nothing is concatenated or copied twice.
 */

/** Chunks handed to the decoder before waiting for its queue to drain. */
const QUEUE = 64;

export interface DecodeRun {
  readonly config: AudioDecoderConfig;
  readonly chunks: readonly Uint8Array[];
  /**
   * Frames of the output to drop first (a codec's delay, a pre-roll), then frames to keep, per channel. A function is
   * asked at the first output, with its length: where decoders differ in what they drop themselves (Opus's pre-skip).
   */
  readonly skip: number | ((firstOutputFrames: number) => number);
  readonly keep: number;
  /** Channels kept (a decoder's later channels are dropped, a mono one read for each). */
  readonly channels: number;
  /** Each chunk's timestamp step (µs): the decoder passes it through, nothing here reads it. */
  readonly microsPerChunk: number;
  readonly onProgress?: (fraction: number) => void;
}

/** Decodes `run.chunks` and returns the kept frames, per channel; rejects with the decoder's error, or if fewer frames came back. */
export async function decodeKeeping(run: DecodeRun): Promise<Float32Array<ArrayBuffer>[]> {
  const { keep } = run;
  const out = Array.from({ length: run.channels }, () => new Float32Array(keep));
  let skip = typeof run.skip === 'number' ? run.skip : undefined;
  let written = 0;
  let failure: unknown = null;
  const decoder = new AudioDecoder({
    output: (data) => {
      const n = data.numberOfFrames;
      skip ??= (run.skip as (first: number) => number)(n);
      const from = written - skip;
      const lo = Math.max(0, -from);
      const hi = Math.min(n, keep - from);
      if (hi > lo) {
        out.forEach((channel, c) => {
          const plane = new Float32Array(n);
          data.copyTo(plane, { planeIndex: Math.min(c, data.numberOfChannels - 1), format: 'f32-planar' });
          channel.set(plane.subarray(lo, hi), from + lo);
        });
      }
      written += n;
      data.close();
    },
    error: (error) => (failure = error),
  });
  try {
    decoder.configure(run.config);
    const count = run.chunks.length;
    for (let i = 0; i < count && failure === null; i++) {
      decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp: i * run.microsPerChunk, data: run.chunks[i]! }));
      if (i % 1000 === 999) run.onProgress?.(i / count);
      if (decoder.decodeQueueSize > QUEUE) await new Promise<void>((resolve) => decoder.addEventListener('dequeue', () => resolve(), { once: true }));
    }
    await decoder.flush();
  } catch (error) {
    failure ??= error;
  } finally {
    if (decoder.state !== 'closed') decoder.close();
  }
  if (failure !== null) throw failure;
  if (skip === undefined || written - skip < keep) throw new RangeError(`decoded ${written} frames, fewer than the ${(skip ?? 0) + keep} wanted`);
  return out;
}
