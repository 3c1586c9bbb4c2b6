/**
 * A listener's own sound stored as Opus (issue 41): 16-bit PCM costs 11.5 MB a minute, the goal is 1.5. Where the
 * browser has WebCodecs' AudioEncoder and AudioDecoder for Opus (Chromium on a secure page, in a worker too), the
 * import worker encodes the loop here and the player decodes it back one chunk at a time; elsewhere it stays PCM
 * (own-sound-pcm.ts).
 *
 * Each 5 s chunk is its own Opus stream, so a chunk decodes alone and the loop's order is free: its encoder is fed
 * the 80 ms before the chunk (RFC 7845's pre-roll: a decoder started cold converges within it) and 40 ms after (the
 * codec's look-ahead, so the chunk's last frames come out), both taken round the loop. The decoded stream is cut back
 * to the chunk's own frames at the codec's delay, measured once per import on a test signal (engines differ in what
 * they trim), so chunk after chunk joins on the sample's place, differing only by the codec's own error.
 */
import { decodeKeeping } from './audio-decoding';

/** The stored rate: Opus codes at 48 kHz, as the player's PCM. */
export const OPUS_RATE = 48_000;
/** Frames fed before each chunk, decoded and thrown away (RFC 7845 §4.6: at least 80 ms). */
export const OPUS_PRE_ROLL = 3840;
/** Frames fed after each chunk: more than any codec delay measured (Chromium's 312). */
export const OPUS_POST_ROLL = 1920;
/** Delays searched when measuring one: a decoder may trim its pre-skip (negative: it trimmed more). */
const DELAY_MIN = -960;
const DELAY_MAX = OPUS_POST_ROLL;

/** 160 kbit/s for a stereo pair (1.2 MB a minute), 96 for mono: rain and surf are noise, the hardest thing to code. */
export const opusBitrate = (channels: number) => (channels > 1 ? 160_000 : 96_000);

/** What a stored Opus sound needs to decode: the codec's delay measured at import, and the decoder's description if the encoder gave one. */
export interface OpusStorage {
  readonly delay: number;
  readonly bitrate: number;
  readonly description?: ArrayBuffer;
}

/** Chunk `index` of a loop of `channels` as its encoder is fed: pre-roll, the chunk, post-roll, read round the loop. */
export function opusChunkInput(channels: readonly Float32Array[], chunkFrames: number, index: number): Float32Array[] {
  const n = channels[0]?.length ?? 0;
  const start = index * chunkFrames;
  const length = Math.min(chunkFrames, n - start);
  const from = start - OPUS_PRE_ROLL;
  const total = OPUS_PRE_ROLL + length + OPUS_POST_ROLL;
  return channels.map((x) => {
    const out = new Float32Array(total);
    for (let i = 0; i < total; i++) out[i] = x[(((from + i) % n) + n) % n] ?? 0;
    return out;
  });
}

/** Packets in one buffer: their count (u32), each one's size (u16), then their bytes. */
export function packPackets(packets: readonly Uint8Array[]): ArrayBuffer {
  const head = 4 + 2 * packets.length;
  const out = new Uint8Array(head + packets.reduce((sum, p) => sum + p.length, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, packets.length, true);
  let at = head;
  packets.forEach((packet, i) => {
    view.setUint16(4 + 2 * i, packet.length, true);
    out.set(packet, at);
    at += packet.length;
  });
  return out.buffer;
}

export function unpackPackets(packed: ArrayBuffer): Uint8Array[] {
  const view = new DataView(packed);
  const count = view.getUint32(0, true);
  let at = 4 + 2 * count;
  if (at > packed.byteLength) throw new RangeError('own sound: a stored Opus chunk is cut short');
  const packets: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const size = view.getUint16(4 + 2 * i, true);
    if (at + size > packed.byteLength) throw new RangeError('own sound: a stored Opus chunk is cut short');
    packets.push(new Uint8Array(packed, at, size));
    at += size;
  }
  return packets;
}

/**
 * The delay (frames) at which `decoded` best matches `input` (decoded[i] ≈ input[i − delay]), by normalised
 * cross-correlation over `span` frames after the pre-roll; with how well it matched (1 = exactly).
 */
export function measureDelay(input: Float32Array, decoded: Float32Array, span: number): { delay: number; match: number } {
  let best = { delay: 0, match: -Infinity };
  let inputEnergy = 0;
  for (let i = OPUS_PRE_ROLL; i < OPUS_PRE_ROLL + span; i++) inputEnergy += (input[i] ?? 0) ** 2;
  for (let delay = DELAY_MIN; delay <= DELAY_MAX; delay++) {
    let dot = 0;
    let energy = 0;
    for (let i = OPUS_PRE_ROLL; i < OPUS_PRE_ROLL + span; i++) {
      const y = decoded[i + delay] ?? 0;
      dot += (input[i] ?? 0) * y;
      energy += y * y;
    }
    const match = dot / Math.sqrt(inputEnergy * energy || 1);
    if (match > best.match) best = { delay, match };
  }
  return best;
}

const config = (channels: number, storage: Pick<OpusStorage, 'description'>): AudioDecoderConfig => ({
  codec: 'opus',
  sampleRate: OPUS_RATE,
  numberOfChannels: channels,
  ...(storage.description ? { description: storage.description } : {}),
});

/** Opus packets decoded: `keep` frames per channel after the first `skip`; rejects if the decoder fails or gives fewer. */
export const decodeOpusPackets = (packets: readonly Uint8Array[], channels: number, storage: Pick<OpusStorage, 'description'>, skip: number, keep: number) =>
  decodeKeeping({ config: config(channels, storage), chunks: packets, skip, keep, channels, microsPerChunk: 20_000 });

/** A stored chunk back to its `frames` frames, per channel, at 48 kHz. */
export const decodeOpusChunk = (packed: ArrayBuffer, frames: number, channels: number, storage: OpusStorage): Promise<Float32Array<ArrayBuffer>[]> =>
  decodeOpusPackets(unpackPackets(packed), channels, storage, OPUS_PRE_ROLL + storage.delay, frames);
