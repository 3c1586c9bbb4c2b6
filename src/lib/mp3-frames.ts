/**
 * Any MP3's frames, split without decoding (issue 41), so the import worker can hand them to WebCodecs' AudioDecoder
 * one by one and the page never decodes the file (decodeAudioData builds the whole AudioBuffer in one main-thread
 * task: 3.3 s for 5 minutes at 4× CPU). MPEG-1, 2 and 2.5 Layer III, mono or stereo; an ID3v2 tag before and an
 * ID3v1 tag after are skipped. A Xing/Info frame is not audio: it is left out, and its LAME tag's delay and padding
 * say how many samples to drop at each end (with the decoder's own 529). The catalogue's windowed reading of its own
 * files is engine/soundscape/mp3-layout.ts. Pure: no DOM.
 */
import { hasText, id3v2Length } from './audio-file-rate';

export interface Mp3Frames {
  readonly sampleRate: number;
  readonly channels: number;
  readonly samplesPerFrame: number;
  /** Each audio frame's bytes (views into the file). */
  readonly frames: Uint8Array[];
  /** Samples to drop from the decoded start and end (gapless: the LAME tag's, else the decoder's delay alone). */
  readonly skipStart: number;
  readonly skipEnd: number;
}

/** What every MP3 decoder adds before the first sample. */
const DECODER_DELAY = 529;
const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0];
const RATES_V1 = [44_100, 48_000, 32_000, 0];

interface Header {
  readonly size: number;
  readonly sampleRate: number;
  readonly channels: number;
  readonly samplesPerFrame: number;
  readonly mpeg1: boolean;
}

function header(b: Uint8Array, at: number): Header | null {
  if (at + 4 > b.length || b[at] !== 0xff || ((b[at + 1] ?? 0) & 0xe0) !== 0xe0) return null;
  const version = ((b[at + 1] ?? 0) >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = ((b[at + 1] ?? 0) >> 1) & 3; // 1: Layer III
  if (version === 1 || layer !== 1) return null;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? KBPS_V1 : KBPS_V2)[(b[at + 2] ?? 0) >> 4] ?? 0;
  const base = RATES_V1[((b[at + 2] ?? 0) >> 2) & 3] ?? 0;
  if (kbps === 0 || base === 0) return null;
  const sampleRate = mpeg1 ? base : version === 2 ? base / 2 : base / 4;
  const padding = ((b[at + 2] ?? 0) >> 1) & 1;
  const size = Math.floor(((mpeg1 ? 144_000 : 72_000) * kbps) / sampleRate) + padding;
  return { size, sampleRate, channels: (b[at + 3] ?? 0) >> 6 === 3 ? 1 : 2, samplesPerFrame: mpeg1 ? 1152 : 576, mpeg1 };
}

/** Where a Xing/Info tag sits in a frame: after the header and the side information. */
const tagOffset = (h: Header) => 4 + (h.mpeg1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17);

/** The LAME tag's encoder delay and padding in a Xing/Info frame, or null if there is none. */
function lameGap(b: Uint8Array, at: number, h: Header): { delay: number; padding: number } | null {
  const xing = at + tagOffset(h);
  const flags = ((b[xing + 4] ?? 0) << 24) | ((b[xing + 5] ?? 0) << 16) | ((b[xing + 6] ?? 0) << 8) | (b[xing + 7] ?? 0);
  // The LAME extension follows the Xing fields that are present: frames, bytes, TOC (100), quality.
  const lame = xing + 8 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (!hasText(b, 'LAME', lame) && !hasText(b, 'Lavc', lame) && !hasText(b, 'Lavf', lame)) return null;
  const delay = ((b[lame + 21] ?? 0) << 4) | ((b[lame + 22] ?? 0) >> 4);
  const padding = (((b[lame + 22] ?? 0) & 0x0f) << 8) | (b[lame + 23] ?? 0);
  return { delay, padding };
}

/**
 * The file's frames; null where it is not an MP3 this reader splits (no frame at the start, a second frame that does
 * not follow the first, or frames whose rate or channels change): the browser's own decoder reads it instead.
 */
export function splitMp3Frames(b: Uint8Array): Mp3Frames | null {
  let at = id3v2Length(b);
  // Some files pad a tag with zeros: look a little further for the first frame, one that another follows.
  const followed = (from: number) => {
    const h = header(b, from);
    return h !== null && header(b, from + h.size) !== null;
  };
  const searchEnd = Math.min(b.length, at + 4096);
  while (at < searchEnd && !followed(at)) at++;
  const first = header(b, at);
  if (!first) return null;
  let skipStart = DECODER_DELAY;
  let skipEnd = 0;
  if (hasText(b, 'Xing', at + tagOffset(first)) || hasText(b, 'Info', at + tagOffset(first))) {
    const gap = lameGap(b, at, first);
    if (gap) {
      skipStart = gap.delay + DECODER_DELAY;
      skipEnd = Math.max(0, gap.padding - DECODER_DELAY);
    }
    at += first.size;
  }
  const frames: Uint8Array[] = [];
  for (let h = header(b, at); h && at + h.size <= b.length; h = header(b, at)) {
    if (h.sampleRate !== first.sampleRate || h.channels !== first.channels) return null;
    frames.push(b.subarray(at, at + h.size));
    at += h.size;
  }
  // Stopped short of the end by more than a cut-off last frame or an ID3v1 tag: something this reader does not know
  // (damage, another tag); the browser's decoder, which resynchronises, reads the file instead.
  const rest = b.length - at;
  if (frames.length === 0 || (rest >= first.size && !(rest === 128 && hasText(b, 'TAG', at)))) return null;
  return { sampleRate: first.sampleRate, channels: first.channels, samplesPerFrame: first.samplesPerFrame, frames, skipStart, skipEnd };
}
