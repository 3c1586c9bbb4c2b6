/**
 * A FLAC file's frames, split without decoding (issue 41), for the import worker's AudioDecoder, as MP3's are
 * (mp3-frames.ts): the page never decodes the file. A frame starts at a sync code whose header's CRC-8 holds and ends
 * where the bytes since its start carry a valid CRC-16 right before the next such header, so a sync pattern inside
 * the audio is never taken for a frame. Pure: no DOM.
 */
import { hasText } from './audio-file-rate';

export interface FlacFrames {
  readonly sampleRate: number;
  readonly channels: number;
  /** Samples per channel the file holds (STREAMINFO's count; 0 if it says "unknown"). */
  readonly totalSamples: number;
  /** The stream's header for the decoder: "fLaC" and its metadata blocks. */
  readonly description: Uint8Array;
  readonly frames: Uint8Array[];
}

const table = (poly: number, bits: number) =>
  Array.from({ length: 256 }, (_, n) => {
    let c = n << (bits - 8);
    for (let k = 0; k < 8; k++) c = c & (1 << (bits - 1)) ? (c << 1) ^ poly : c << 1;
    return c & ((1 << bits) - 1);
  });
const CRC8 = table(0x07, 8);
const CRC16 = table(0x8005, 16);

const crc8 = (b: Uint8Array, from: number, to: number) => {
  let c = 0;
  for (let i = from; i < to; i++) c = CRC8[c ^ (b[i] ?? 0)] ?? 0;
  return c;
};

/** The length of a valid frame header at `at` (its CRC-8 included), or 0. */
function headerLength(b: Uint8Array, at: number): number {
  if (b[at] !== 0xff || ((b[at + 1] ?? 0) & 0xfe) !== 0xf8 || at + 6 > b.length) return 0;
  const blockCode = (b[at + 2] ?? 0) >> 4;
  const rateCode = (b[at + 2] ?? 0) & 15;
  const channelCode = (b[at + 3] ?? 0) >> 4;
  if (blockCode === 0 || rateCode === 15 || channelCode > 10 || ((b[at + 3] ?? 0) & 1) !== 0) return 0;
  // The frame or sample number, UTF-8 coded: the first byte's leading ones say how many bytes.
  const lead = b[at + 4] ?? 0;
  let numberBytes = 1;
  if (lead >= 0x80) {
    numberBytes = lead >= 0xfe ? 7 : lead >= 0xfc ? 6 : lead >= 0xf8 ? 5 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    if (numberBytes === 0) return 0;
  }
  const length = 4 + numberBytes + (blockCode === 6 ? 1 : blockCode === 7 ? 2 : 0) + (rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0);
  if (at + length + 1 > b.length) return 0;
  return crc8(b, at, at + length) === b[at + length] ? length + 1 : 0;
}

/** The file's frames, or null where it is not a FLAC this reader splits (the browser's decoder reads it instead). */
export function splitFlacFrames(b: Uint8Array): FlacFrames | null {
  if (!hasText(b, 'fLaC') || b.length < 42 || ((b[4] ?? 0) & 0x7f) !== 0) return null;
  // STREAMINFO: rate (20 bits), channels − 1 (3), bits − 1 (5), total samples (36), from its 10th byte.
  const info = 8;
  const sampleRate = ((b[info + 10] ?? 0) << 12) | ((b[info + 11] ?? 0) << 4) | ((b[info + 12] ?? 0) >> 4);
  const channels = (((b[info + 12] ?? 0) >> 1) & 7) + 1;
  const totalSamples = ((b[info + 13] ?? 0) & 15) * 2 ** 32 + (((b[info + 14] ?? 0) << 24) >>> 0) + (((b[info + 15] ?? 0) << 16) | ((b[info + 16] ?? 0) << 8) | (b[info + 17] ?? 0));
  let at = 4;
  for (let last = false; !last; ) {
    if (at + 4 > b.length) return null;
    last = ((b[at] ?? 0) & 0x80) !== 0;
    at += 4 + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0));
  }
  const description = b.slice(0, at);
  const frames: Uint8Array[] = [];
  if (headerLength(b, at) === 0) return null;
  // From a frame's start the CRC-16 runs on; where it is 0 right before a valid header (or at the end), the frame ends.
  for (let start = at, crc = 0, i = at; i < b.length; ) {
    crc = ((crc << 8) & 0xffff) ^ (CRC16[(crc >> 8) ^ (b[i] ?? 0)] ?? 0);
    i++;
    if (crc === 0 && i - start > 2 && (i === b.length || headerLength(b, i) > 0)) {
      frames.push(b.subarray(start, i));
      start = i;
    } else if (i === b.length) {
      return null;
    }
  }
  return frames.length > 0 ? { sampleRate, channels, totalSamples, description, frames } : null;
}
