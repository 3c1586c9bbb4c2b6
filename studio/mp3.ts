/**
 * MP3 encoding (LAME via wasm-media-encoders) plus a Xing/LAME tag frame written here.
 * The encoder writes no tag, so decoders cannot know the encoder delay and end padding and
 * a looped file would gain ~24 ms of silence. With the tag, FFmpeg (Chromium) and mpg123
 * trim exactly `delay + 529` samples at the start and `padding - 529` at the end.
 */
import { MPEGDecoder } from 'mpg123-decoder';
import { createMp3Encoder } from 'wasm-media-encoders';

export const MP3_SAMPLES_PER_FRAME = 1152;
/** LAME's encoder delay (ENCDELAY); decoders add their own 529 on top. */
export const LAME_ENCODER_DELAY = 576;

const BITRATES_MPEG1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const SAMPLE_RATES_MPEG1 = [44100, 48000, 32000, 0];

export interface Mp3Frame {
  readonly offset: number;
  readonly size: number;
}

/** Walks MPEG-1 Layer III frame headers; stops at the first byte that is not a frame. */
export function scanMp3Frames(bytes: Uint8Array, start = 0): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let pos = start;
  while (pos + 4 <= bytes.length) {
    const b1 = bytes[pos + 1] ?? 0;
    const b2 = bytes[pos + 2] ?? 0;
    if (bytes[pos] !== 0xff || (b1 & 0xfe) !== 0xfa) break; // MPEG-1, Layer III
    const bitrate = BITRATES_MPEG1_L3[b2 >> 4] ?? 0;
    const rate = SAMPLE_RATES_MPEG1[(b2 >> 2) & 3] ?? 0;
    if (bitrate === 0 || rate === 0) break;
    const size = Math.floor((144000 * bitrate) / rate) + ((b2 >> 1) & 1);
    if (pos + size > bytes.length) break;
    frames.push({ offset: pos, size });
    pos += size;
  }
  return frames;
}

/** CRC-16/ARC (poly 0xA001 reflected, init 0), as the LAME tag uses. */
function crc16(bytes: Uint8Array, end: number): number {
  let crc = 0;
  for (let i = 0; i < end; i++) {
    crc ^= bytes[i] ?? 0;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}

/**
 * A silent MPEG-1 Layer III frame (128 kbps, stereo) carrying a Xing header (frames, bytes,
 * TOC) and a LAME extension with encoder delay and padding.
 */
export function buildXingLameFrame(
  audio: Uint8Array,
  frames: readonly Mp3Frame[],
  sampleCount: number,
  sampleRate: 48000 | 44100,
  delay = LAME_ENCODER_DELAY,
): Uint8Array {
  const frameSize = Math.floor((144000 * 128) / sampleRate);
  const tag = new Uint8Array(frameSize);
  const view = new DataView(tag.buffer);
  // Header: sync, MPEG-1, Layer III, no CRC; 128 kbps; rate; no padding; joint stereo.
  tag[0] = 0xff;
  tag[1] = 0xfb;
  tag[2] = (9 << 4) | (SAMPLE_RATES_MPEG1.indexOf(sampleRate) << 2);
  tag[3] = 0x44;
  let p = 4 + 32; // stereo MPEG-1 side info is 32 bytes of zeros
  tag.set([0x58, 0x69, 0x6e, 0x67], p); // 'Xing' (VBR)
  view.setUint32(p + 4, 0x0f); // frames, bytes, TOC, quality present
  const audioBytes = audio.length;
  const totalBytes = audioBytes + frameSize;
  view.setUint32(p + 8, frames.length);
  view.setUint32(p + 12, totalBytes);
  // TOC: byte position (0..255 of the file) at each percent of the duration.
  for (let i = 0; i < 100; i++) {
    const frameIndex = Math.min(frames.length - 1, Math.floor((i / 100) * frames.length));
    const offset = frameSize + (frames[frameIndex]?.offset ?? 0);
    tag[p + 16 + i] = Math.min(255, Math.floor((offset / totalBytes) * 256));
  }
  view.setUint32(p + 116, 50); // VBR quality indicator (informational)
  p += 120;
  // LAME extension (36 bytes).
  tag.set(Array.from('LAME3.100', (c) => c.charCodeAt(0)), p);
  tag[p + 9] = 0x03; // tag revision 0, VBR method 3 (vbr-old / vbr-rh)
  tag[p + 10] = 160; // lowpass 16 kHz / 100 (informational)
  // p+11..p+18: peak and ReplayGain left at 0 (not stored).
  tag[p + 19] = 0; // flags + ATH type
  tag[p + 20] = 32; // minimal bitrate
  const padding = frames.length * MP3_SAMPLES_PER_FRAME - delay - sampleCount;
  if (padding < 0 || padding > 4095) throw new Error(`mp3: padding ${padding} out of range`);
  if (delay > 4095) throw new Error(`mp3: delay ${delay} out of range`);
  tag[p + 21] = delay >> 4;
  tag[p + 22] = ((delay & 0x0f) << 4) | (padding >> 8);
  tag[p + 23] = padding & 0xff;
  // p+24 misc, p+25 mp3 gain, p+26..27 preset: 0.
  view.setUint32(p + 28, totalBytes); // music length incl. the tag frame
  view.setUint16(p + 32, crc16(audio, audioBytes)); // music CRC
  view.setUint16(p + 34, crc16(tag, p + 34)); // tag CRC over the first 190 bytes
  return tag;
}

export type Mp3Options = Mp3Rate & {
  /**
   * For loops: feed the encoder the loop's last frames before it and its first frames after
   * it, and declare them as extra delay/padding in the tag. The decoder then returns exactly
   * the loop, and the MDCT overlap at both ends is computed from the wrapped signal, so the
   * seam carries no codec transient.
   */
  readonly loop?: boolean;
};

/** LAME's rate control: VBR at a quality (0 best .. 9.999), or a constant bitrate in kbps. */
export type Mp3Rate = { readonly vbrQuality: number; readonly bitrate?: never } | { readonly bitrate: 96 | 112 | 128 | 160; readonly vbrQuality?: never };

const LOOP_PRE = 2304;
const LOOP_POST = 1152;

/** Encodes stereo float PCM at 48 kHz to a gapless MP3 (tag frame + LAME frames). */
export async function encodeMp3(
  left: Float32Array,
  right: Float32Array,
  options: Mp3Options,
): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  // LAME resamples to 32 kHz or less at low qualities unless told otherwise: the catalogue is 48 kHz.
  const rate = options.bitrate !== undefined ? { bitrate: options.bitrate } : { vbrQuality: options.vbrQuality };
  encoder.configure({ channels: 2, sampleRate: 48000, ...rate, outputSampleRate: 48000 });
  const chunks: Uint8Array[] = [];
  const n = left.length;
  const pre = options.loop ? Math.min(LOOP_PRE, n) : 0;
  const post = options.loop ? Math.min(LOOP_POST, n) : 0;
  const feed = (l: Float32Array, r: Float32Array): void => {
    // The encoder reuses its output buffer: copy every chunk.
    chunks.push(encoder.encode([l, r]).slice());
  };
  if (pre > 0) feed(left.subarray(n - pre), right.subarray(n - pre));
  const block = 48000;
  for (let i = 0; i < n; i += block) feed(left.subarray(i, i + block), right.subarray(i, i + block));
  if (post > 0) feed(left.subarray(0, post), right.subarray(0, post));
  chunks.push(encoder.finalize().slice());
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const audio = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    audio.set(c, off);
    off += c.length;
  }
  const frames = scanMp3Frames(audio);
  const last = frames[frames.length - 1];
  if (!last || last.offset + last.size !== audio.length) {
    throw new Error('mp3: encoder output is not a clean run of MPEG-1 Layer III frames');
  }
  const tag = buildXingLameFrame(audio, frames, n, 48000, LAME_ENCODER_DELAY + pre);
  const file = new Uint8Array(tag.length + audio.length);
  file.set(tag, 0);
  file.set(audio, tag.length);
  return file;
}

/** Reads delay, padding and frame count back from a file's Xing/LAME tag (null if none). */
export function readLameTag(file: Uint8Array): { frames: number; delay: number; padding: number } | null {
  const p = 36;
  if (String.fromCharCode(...file.subarray(p, p + 4)) !== 'Xing') return null;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const frames = view.getUint32(p + 8);
  const q = p + 120;
  if (String.fromCharCode(...file.subarray(q, q + 4)) !== 'LAME') return null;
  const b0 = file[q + 21] ?? 0;
  const b1 = file[q + 22] ?? 0;
  const b2 = file[q + 23] ?? 0;
  return { frames, delay: (b0 << 4) | (b1 >> 4), padding: ((b1 & 0x0f) << 8) | b2 };
}

export interface DecodedMp3 {
  readonly channels: [Float32Array, Float32Array];
  readonly sampleRate: number;
  readonly tag: ReturnType<typeof readLameTag>;
}

/**
 * Decodes MP3 bytes with mpg123 (wasm) in gapless mode: it honours the LAME tag's encoder delay
 * and padding like FFmpeg (Chromium) does, so the frame count must equal the rendered one exactly.
 */
export async function decodeMp3(bytes: Uint8Array, name = 'mp3'): Promise<DecodedMp3> {
  const decoder = new MPEGDecoder({ enableGapless: true });
  await decoder.ready;
  try {
    const out = decoder.decode(bytes);
    if (out.errors.length > 0) throw new Error(`${name}: ${out.errors.length} decode error(s): ${out.errors[0]?.message ?? ''}`);
    const l = out.channelData[0];
    const r = out.channelData[1] ?? l;
    if (!l || !r) throw new Error(`${name}: no audio`);
    return { channels: [l.slice(0, out.samplesDecoded), r.slice(0, out.samplesDecoded)], sampleRate: out.sampleRate, tag: readLameTag(bytes) };
  } finally {
    decoder.free();
  }
}
