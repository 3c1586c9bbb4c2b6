/**
 * The catalogue MP3's frame layout, read without decoding, and the bytes of one decodable slice
 * (issue 22). A soundscape is decoded a window at a time, not whole: each window is a run of whole
 * frames, a few more before it (the bit reservoir and the MDCT overlap need them), behind a
 * copy of the file's Xing/LAME tag frame rewritten with the slice's own delay and padding, so a
 * decoder that honours the tag (Chromium's FFmpeg, mpg123) returns exactly the window's samples.
 * Pure functions: no Web Audio, no DOM.
 */

export const SAMPLES_PER_FRAME = 1152;
/** What every MP3 decoder adds before the first sample, on top of the encoder's delay. */
export const DECODER_DELAY = 529;
/**
 * At least this many frames are decoded before a window and thrown away (the MDCT overlap and the
 * synthesis filter need the previous frame), more where that frame's bit reservoir reaches further
 * back (up to 511 bytes: several small frames of a quiet VBR passage).
 */
export const PRE_ROLL_FRAMES = 1;

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const SAMPLE_RATES = [44100, 48000, 32000, 0];
/** Byte offsets inside the tag frame (stereo MPEG-1: 4 header bytes + 32 of side info). */
const XING_AT = 36;
const LAME_AT = XING_AT + 120;
const TAG_CRC_AT = LAME_AT + 34;
/** The LAME tag's delay field is 12 bits. */
const MAX_TAG_DELAY = 4095;

export class Mp3LayoutError extends Error {
  override name = 'Mp3LayoutError';
}

export interface Mp3Layout {
  readonly sampleRate: number;
  /** Samples per channel the whole file decodes to (delay and padding removed). */
  readonly length: number;
  readonly delay: number;
  readonly padding: number;
  /** The Xing/LAME tag frame as it is in the file. */
  readonly tag: Uint8Array;
  /** Byte offset of each audio frame, plus one past the last (frames + 1 entries). */
  readonly offsets: Uint32Array;
  /** Per frame: how many frames before it hold the start of its main data (its bit reservoir). */
  readonly reservoirFrames: Uint8Array;
}

/** A decodable slice: `bytes` decode to `skip` unwanted samples, then `length` samples of the file from `start`. */
export interface Mp3Slice {
  readonly start: number;
  readonly length: number;
  readonly bytes: Uint8Array;
  /** Samples before `start` that a decoder honouring the tag still returns (a pre-roll longer than the tag's 12-bit delay). */
  readonly skip: number;
  /** Samples a decoder that ignores the rewritten tag returns before `start` (the tag frame's and the pre-roll's). */
  readonly skipIfUntagged: number;
  /** What such a decoder returns in all. */
  readonly untaggedLength: number;
}

interface FrameHeader {
  readonly size: number;
  readonly sampleRate: number;
  /** Bytes before the main data: header, CRC, side info. */
  readonly sideEnd: number;
  /** How far back (bytes of earlier frames' main data) this frame's main data starts. */
  readonly mainDataBegin: number;
}

/** An MPEG-1 Layer III frame header at `pos`, or null. */
function frameHeader(bytes: Uint8Array, pos: number): FrameHeader | null {
  if (pos + 4 > bytes.length) return null;
  const b1 = bytes[pos + 1] ?? 0;
  const b2 = bytes[pos + 2] ?? 0;
  if (bytes[pos] !== 0xff || (b1 & 0xfe) !== 0xfa) return null;
  const kbps = BITRATES_KBPS[b2 >> 4] ?? 0;
  const sampleRate = SAMPLE_RATES[(b2 >> 2) & 3] ?? 0;
  if (kbps === 0 || sampleRate === 0) return null;
  const side = 4 + (b1 & 1 ? 0 : 2);
  const mono = ((bytes[pos + 3] ?? 0) >> 6) === 3;
  const mainDataBegin = ((bytes[pos + side] ?? 0) << 1) | ((bytes[pos + side + 1] ?? 0) >> 7);
  return { size: Math.floor((144000 * kbps) / sampleRate) + ((b2 >> 1) & 1), sampleRate, sideEnd: side + (mono ? 17 : 32), mainDataBegin };
}

/**
 * Bytes of an ID3v2 header at the start (skipped: the frames follow it). The twin of lib/audio-file-rate.ts
 * id3v2Length, kept here: this module imports nothing, so a test can run it in a page as a plain script
 * (windowed-decode.spec.ts).
 */
function id3Length(bytes: Uint8Array): number {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = (((bytes[6] ?? 0) & 0x7f) << 21) | (((bytes[7] ?? 0) & 0x7f) << 14) | (((bytes[8] ?? 0) & 0x7f) << 7) | ((bytes[9] ?? 0) & 0x7f);
  return 10 + size + ((bytes[5] ?? 0) & 0x10 ? 10 : 0);
}

const ascii = (bytes: Uint8Array, at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));

/**
 * Reads the file's frames and its gapless tag; a file this engine cannot window throws Mp3LayoutError.
 * `partial`: the bytes are the file's start as it arrives (streamed-file.ts): `offsets` covers the whole
 * frames that have come, and `length` is the whole file's, from the tag's frame count.
 */
export function parseMp3Layout(bytes: Uint8Array, partial = false): Mp3Layout {
  const first = id3Length(bytes);
  const tagHeader = frameHeader(bytes, first);
  if (!tagHeader || ascii(bytes, first + XING_AT, 4) !== 'Xing' || ascii(bytes, first + LAME_AT, 4) !== 'LAME') {
    throw new Mp3LayoutError('mp3: no Xing/LAME tag (stereo MPEG-1 Layer III) at the start');
  }
  const tag = bytes.slice(first, first + tagHeader.size);
  const delay = ((tag[LAME_AT + 21] ?? 0) << 4) | ((tag[LAME_AT + 22] ?? 0) >> 4);
  const padding = (((tag[LAME_AT + 22] ?? 0) & 0x0f) << 8) | (tag[LAME_AT + 23] ?? 0);
  const offsets: number[] = [];
  const reservoirFrames: number[] = [];
  /** Main-data bytes of the frames read so far, latest last (only the last few matter). */
  const mainBytes: number[] = [];
  let pos = first + tagHeader.size;
  for (let header = frameHeader(bytes, pos); header && pos + header.size <= bytes.length; header = frameHeader(bytes, pos)) {
    if (header.sampleRate !== tagHeader.sampleRate) throw new Mp3LayoutError('mp3: the sample rate changes inside the file');
    let back = 0;
    for (let need = header.mainDataBegin; need > 0 && back < mainBytes.length; back++) need -= mainBytes[mainBytes.length - 1 - back] ?? 0;
    reservoirFrames.push(back);
    mainBytes.push(header.size - header.sideEnd);
    if (mainBytes.length > 64) mainBytes.shift();
    offsets.push(pos);
    pos += header.size;
  }
  offsets.push(pos);
  const frames = partial ? taggedFrames(tag) : offsets.length - 1;
  const length = frames * SAMPLES_PER_FRAME - delay - padding;
  if (length <= 0) throw new Mp3LayoutError('mp3: no audio frames after the tag');
  return { sampleRate: tagHeader.sampleRate, length, delay, padding, tag, offsets: Uint32Array.from(offsets), reservoirFrames: Uint8Array.from(reservoirFrames) };
}

/** The tag's count of audio frames (its Xing field), which a streamed file needs before its frames have come. */
function taggedFrames(tag: Uint8Array): number {
  const view = new DataView(tag.buffer, tag.byteOffset, tag.byteLength);
  // Xing flags bit 0: the frame count is present.
  if ((view.getUint32(XING_AT + 4) & 1) === 0) throw new Mp3LayoutError('mp3: the Xing tag has no frame count');
  return view.getUint32(XING_AT + 8);
}

/** CRC-16/ARC (reflected 0xA001, init 0), the LAME tag's checksum. */
function crc16(bytes: Uint8Array, end: number): number {
  let crc = 0;
  for (let i = 0; i < end; i++) {
    crc ^= bytes[i] ?? 0;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** The tag frame rewritten for a slice of `frames` frames and `audioBytes` bytes with its own delay and padding. */
function sliceTag(layout: Mp3Layout, frames: number, audioBytes: number, delay: number, padding: number): Uint8Array {
  const tag = layout.tag.slice();
  const view = new DataView(tag.buffer);
  const total = tag.length + audioBytes;
  view.setUint32(XING_AT + 8, frames);
  view.setUint32(XING_AT + 12, total);
  tag[LAME_AT + 21] = delay >> 4;
  tag[LAME_AT + 22] = ((delay & 0x0f) << 4) | (padding >> 8);
  tag[LAME_AT + 23] = padding & 0xff;
  view.setUint32(LAME_AT + 28, total);
  view.setUint16(TAG_CRC_AT, crc16(tag, TAG_CRC_AT));
  return tag;
}

/**
 * The bytes that decode to the file's samples [start, start + length): whole frames from
 * PRE_ROLL_FRAMES before the first one needed (fewer at the file's start) to the last one needed.
 */
export function sliceMp3(file: Uint8Array, layout: Mp3Layout, start: number, length: number, preRoll = PRE_ROLL_FRAMES): Mp3Slice {
  if (!(start >= 0 && length > 0 && start + length <= layout.length + samplesAfterEnd(layout)) || !Number.isInteger(start) || !Number.isInteger(length)) {
    throw new RangeError(`mp3: samples [${start}, ${start + length}) are not inside the file (${layout.length})`);
  }
  // Decoder output sample g of the whole stream is file sample g - delay - DECODER_DELAY; frame f outputs g in [f·1152, (f+1)·1152).
  const from = start + layout.delay + DECODER_DELAY;
  const to = from + length;
  const needed = Math.floor(from / SAMPLES_PER_FRAME);
  // The frame before the first needed one must decode right: its own reservoir comes too.
  const overlap = Math.max(0, needed - preRoll);
  const firstFrame = Math.max(0, overlap - (preRoll > 0 ? (layout.reservoirFrames[overlap] ?? 0) : 0));
  const endFrame = Math.ceil(to / SAMPLES_PER_FRAME);
  const frames = endFrame - firstFrame;
  const skip = from - firstFrame * SAMPLES_PER_FRAME;
  if (skip < DECODER_DELAY) throw new RangeError('mp3: a slice must begin at least DECODER_DELAY samples before its start');
  // The tag holds a delay of at most 4095: a longer pre-roll leaves its rest to be skipped by the player.
  const delay = Math.min(MAX_TAG_DELAY, skip - DECODER_DELAY);
  const padding = frames * SAMPLES_PER_FRAME - skip - length + DECODER_DELAY;
  const byteStart = layout.offsets[firstFrame] ?? 0;
  const byteEnd = layout.offsets[endFrame] ?? byteStart;
  const tag = sliceTag(layout, frames, byteEnd - byteStart, delay, padding);
  const bytes = new Uint8Array(tag.length + byteEnd - byteStart);
  bytes.set(tag, 0);
  bytes.set(file.subarray(byteStart, byteEnd), tag.length);
  // An untagged decoder plays the tag frame as one frame of silence, then every frame whole.
  return { start, length, bytes, skip: skip - DECODER_DELAY - delay, skipIfUntagged: SAMPLES_PER_FRAME + skip, untaggedLength: (frames + 1) * SAMPLES_PER_FRAME };
}

/**
 * Samples a decoder still returns after the file's end when asked (its end padding): the studio
 * encodes a loop with its first samples after its end, so there they are the loop's beginning.
 */
export function samplesAfterEnd(layout: Pick<Mp3Layout, 'padding'>): number {
  return Math.max(0, layout.padding - DECODER_DELAY);
}

/** Where the window holding file sample `position` starts, and how long it is (the last one is shorter). */
export function windowAt(layout: Pick<Mp3Layout, 'length'>, windowLength: number, position: number): { start: number; length: number } {
  const wrapped = ((Math.floor(position) % layout.length) + layout.length) % layout.length;
  const start = wrapped - (wrapped % windowLength);
  return { start, length: Math.min(windowLength, layout.length - start) };
}
