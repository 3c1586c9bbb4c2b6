/**
 * The import worker's Opus encoding (issue 41; the stored form is own-sound-opus.ts). Null wherever it cannot be
 * trusted: no WebCodecs, no Opus, or a round trip of a test signal that does not come back where it went in. The
 * sound is then stored as 16-bit PCM, as before.
 */
import { decodeOpusPackets, measureDelay, OPUS_POST_ROLL, OPUS_PRE_ROLL, OPUS_RATE, opusBitrate, opusChunkInput, packPackets, type OpusStorage } from '../lib/own-sound-opus';

export interface OpusEncoded {
  readonly chunks: ArrayBuffer[];
  readonly storage: OpusStorage;
}

/** A round trip that matches worse than this is not used (low-passed noise comes back at 0.95 or better at these rates). */
const MIN_MATCH = 0.8;
const TEST_FRAMES = 24_000;

async function encodeOpus(input: readonly Float32Array[], bitrate: number): Promise<{ packets: Uint8Array[]; description?: ArrayBuffer }> {
  const packets: Uint8Array[] = [];
  let description: ArrayBuffer | undefined;
  let failure: unknown = null;
  const encoder = new AudioEncoder({
    output: (chunk, metadata) => {
      const bytes = new Uint8Array(chunk.byteLength);
      chunk.copyTo(bytes);
      packets.push(bytes);
      const given = metadata?.decoderConfig?.description;
      if (given && !description) description = ArrayBuffer.isView(given) ? given.buffer.slice(given.byteOffset, given.byteOffset + given.byteLength) as ArrayBuffer : (given as ArrayBuffer).slice(0);
    },
    error: (error) => (failure = error),
  });
  const frames = input[0]?.length ?? 0;
  const planar = new Float32Array(frames * input.length);
  input.forEach((x, c) => planar.set(x, c * frames));
  const data = new AudioData({ format: 'f32-planar', sampleRate: OPUS_RATE, numberOfFrames: frames, numberOfChannels: input.length, timestamp: 0, data: planar });
  try {
    encoder.configure({ codec: 'opus', sampleRate: OPUS_RATE, numberOfChannels: input.length, bitrate });
    encoder.encode(data);
    await encoder.flush();
  } finally {
    data.close();
    if (encoder.state !== 'closed') encoder.close();
  }
  if (failure) throw failure;
  return description ? { packets, description } : { packets };
}

async function supported(channels: number, bitrate: number): Promise<boolean> {
  if (typeof AudioEncoder === 'undefined' || typeof AudioDecoder === 'undefined' || typeof AudioData === 'undefined') return false;
  try {
    const [encode, decode] = await Promise.all([
      AudioEncoder.isConfigSupported({ codec: 'opus', sampleRate: OPUS_RATE, numberOfChannels: channels, bitrate }),
      AudioDecoder.isConfigSupported({ codec: 'opus', sampleRate: OPUS_RATE, numberOfChannels: channels }),
    ]);
    return encode.supported === true && decode.supported === true;
  } catch {
    return false;
  }
}

/** The codec's delay in this browser, from half a second of seeded low-passed noise sent through it; null if it does not come back. */
async function measureCodecDelay(channels: number, bitrate: number): Promise<Pick<OpusStorage, 'delay' | 'description'> | null> {
  let state = 7;
  let y = 0;
  const noise = new Float32Array(OPUS_PRE_ROLL + TEST_FRAMES + OPUS_POST_ROLL);
  for (let i = 0; i < noise.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    y = 0.8 * y + 0.2 * (state / 2 ** 32 - 0.5);
    noise[i] = y;
  }
  const input = Array.from({ length: channels }, () => noise);
  const { packets, description } = await encodeOpus(input, bitrate);
  // Untrimmed, as far as the measurement reads: the span after the pre-roll, and the largest delay it tries.
  const decoded = await decodeOpusPackets(packets, channels, description ? { description } : {}, 0, OPUS_PRE_ROLL + TEST_FRAMES / 2 + OPUS_POST_ROLL);
  const { delay, match } = measureDelay(noise, decoded[0] as Float32Array, TEST_FRAMES / 2);
  if (match < MIN_MATCH) return null;
  return description ? { delay, description } : { delay };
}

/** The loop as Opus chunks of `chunkFrames`, or null where this browser cannot store it so (the caller stores PCM). */
export async function encodeOwnSoundOpus(channels: readonly Float32Array[], chunkFrames: number, onProgress: (fraction: number) => void): Promise<OpusEncoded | null> {
  const bitrate = opusBitrate(channels.length);
  if (!(await supported(channels.length, bitrate))) return null;
  try {
    const codec = await measureCodecDelay(channels.length, bitrate);
    if (!codec) return null;
    const frames = channels[0]?.length ?? 0;
    const count = Math.ceil(frames / chunkFrames);
    const chunks: ArrayBuffer[] = [];
    for (let index = 0; index < count; index++) {
      chunks.push(packPackets((await encodeOpus(opusChunkInput(channels, chunkFrames, index), bitrate)).packets));
      onProgress((index + 1) / count);
    }
    return { chunks, storage: { ...codec, bitrate } };
  } catch {
    return null;
  }
}
