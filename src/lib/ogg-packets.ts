/**
 * An Ogg file's first audio stream as packets for WebCodecs' AudioDecoder (issue 41: an imported .ogg or .opus is
 * decoded in the import worker, not on the page). Two codecs:
 * - **Opus** (RFC 7845): the OpusHead packet is the decoder's description; the audio decodes at 48 kHz; the
 *   recording is the last granule position less the pre-skip.
 * - **Vorbis** (the Vorbis I specification, section 4 and appendix A): its three headers, Xiph-laced, are the
 *   description; the recording is the last granule position long.
 * Every page's CRC is checked. Null for anything else (another codec, more than two channels, a stream that does not
 * say its length) or any damage: the page's decoder then decides, as for every file the worker cannot read.
 */

export interface OggAudio {
  readonly codec: 'opus' | 'vorbis';
  readonly sampleRate: number;
  readonly channels: number;
  readonly description: Uint8Array;
  /** The audio packets, in order (the headers are not among them). */
  readonly packets: readonly Uint8Array[];
  /** Opus's pre-skip: decoded samples before the recording starts (0 for Vorbis). */
  readonly preSkip: number;
  /** The recording's length in samples, at `sampleRate`. */
  readonly totalSamples: number;
}

const HEADER_BYTES = 27;
const CONTINUED = 0x01;
const BEGINS = 0x02;

/** Ogg's CRC-32: polynomial 0x04c11db7, MSB first, no reflection, initial 0, no final xor. */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, i) => {
  let crc = i << 24;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

function pageCrc(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    // The checksum field itself (bytes 22–25 of the page) counts as zeros.
    const byte = i - from >= 22 && i - from < 26 ? 0 : bytes[i]!;
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

interface Stream {
  packets: Uint8Array[];
  lastGranule: bigint;
}

/** The packets of the file's first logical stream, and its last granule position; null on damage or none. */
function firstStream(bytes: Uint8Array): Stream | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packets: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let serial: number | undefined;
  let lastGranule = -1n;
  let at = 0;
  while (at + HEADER_BYTES <= bytes.length) {
    if (view.getUint32(at) !== 0x4f676753 /* OggS */ || bytes[at + 4] !== 0) return null;
    const flags = bytes[at + 5]!;
    const granule = view.getBigInt64(at + 6, true);
    const pageSerial = view.getUint32(at + 14, true);
    const segments = bytes[at + 26]!;
    const lacing = bytes.subarray(at + HEADER_BYTES, at + HEADER_BYTES + segments);
    const bodyBytes = lacing.reduce((sum, value) => sum + value, 0);
    const end = at + HEADER_BYTES + segments + bodyBytes;
    if (lacing.length < segments || end > bytes.length) return null;
    if (pageCrc(bytes, at, end) !== view.getUint32(at + 22, true)) return null;
    if (serial === undefined && flags & BEGINS) serial = pageSerial;
    if (pageSerial === serial) {
      if (!(flags & CONTINUED)) pending = [];
      let offset = at + HEADER_BYTES + segments;
      for (const value of lacing) {
        pending.push(bytes.subarray(offset, offset + value));
        offset += value;
        if (value < 255) {
          packets.push(join(pending));
          pending = [];
        }
      }
      if (granule !== -1n) lastGranule = granule;
    }
    at = end;
  }
  return serial === undefined || at !== bytes.length ? null : { packets, lastGranule };
}

function join(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const startsWith = (packet: Uint8Array | undefined, text: string, from = 0): boolean =>
  packet !== undefined && packet.length >= from + text.length && [...text].every((c, i) => packet[from + i] === c.charCodeAt(0));

/** Xiph lacing (as Matroska's CodecPrivate): the count less one, each length but the last in 255s, then the packets. */
function xiphLaced(packets: readonly Uint8Array[]): Uint8Array {
  const sizes: number[] = [packets.length - 1];
  for (const packet of packets.slice(0, -1)) {
    for (let left = packet.length; ; left -= 255) {
      sizes.push(Math.min(255, left));
      if (left < 255) break;
    }
  }
  return join([Uint8Array.from(sizes), ...packets]);
}

function opus(stream: Stream): OggAudio | null {
  const [head, tags, ...audio] = stream.packets;
  if (!head || head.length < 19 || !startsWith(tags, 'OpusTags')) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const channels = head[9]!;
  const preSkip = view.getUint16(10, true);
  const totalSamples = Number(stream.lastGranule) - preSkip;
  if (channels < 1 || channels > 2 || head[18] !== 0 || totalSamples <= 0) return null;
  return { codec: 'opus', sampleRate: 48_000, channels, description: head, packets: audio, preSkip, totalSamples };
}

function vorbis(stream: Stream): OggAudio | null {
  const [id, comment, setup, ...audio] = stream.packets;
  if (!id || id.length < 30 || !startsWith(comment, '\u0003vorbis') || !startsWith(setup, '\u0005vorbis')) return null;
  const view = new DataView(id.buffer, id.byteOffset, id.byteLength);
  const channels = id[11]!;
  const sampleRate = view.getUint32(12, true);
  const totalSamples = Number(stream.lastGranule);
  if (channels < 1 || channels > 2 || sampleRate < 8000 || sampleRate > 192_000 || totalSamples <= 0) return null;
  return { codec: 'vorbis', sampleRate, channels, description: xiphLaced([id, comment!, setup!]), packets: audio, preSkip: 0, totalSamples };
}

/** An Opus packet's length in samples at 48 kHz, from its TOC byte (RFC 6716 section 3.1); 0 for an empty one. */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const config = toc >> 3;
  // SILK 10/20/40/60 ms, hybrid 10/20 ms, CELT 2.5/5/10/20 ms.
  const frame48k = config < 12 ? [480, 960, 1920, 2880][config % 4]! : config < 16 ? [480, 960][config % 2]! : [120, 240, 480, 960][config % 4]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return frames * frame48k;
}

/**
 * What to drop from the decoded start, asked at the first output with its length: Opus's pre-skip, less what the
 * decoder dropped itself (some drop it from the first packet, as OpusHead tells them; the first output is then that
 * much shorter than its packet). Vorbis: nothing.
 */
export function decodedStartSkip(ogg: OggAudio): (firstOutputFrames: number) => number {
  if (ogg.codec !== 'opus') return () => 0;
  const first = ogg.packets[0] ? opusPacketSamples(ogg.packets[0]) : 0;
  return (firstOutput) => Math.min(ogg.preSkip, Math.max(0, ogg.preSkip - (first - firstOutput)));
}

export function splitOggAudio(bytes: Uint8Array): OggAudio | null {
  const stream = bytes.length > HEADER_BYTES ? firstStream(bytes) : null;
  if (!stream) return null;
  const first = stream.packets[0];
  if (startsWith(first, 'OpusHead')) return opus(stream);
  if (startsWith(first, '\u0001vorbis')) return vorbis(stream);
  return null;
}
