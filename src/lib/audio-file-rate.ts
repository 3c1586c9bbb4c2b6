/**
 * A recording's own sample rate, read from its header where that is simple (issue 41): an import decodes at that
 * rate, so the browser does not resample on the main thread (Chromium's decodeAudioData does, 3.3 s of a 5-minute
 * 44.1 kHz MP3's 4.8 s decode), and the import worker brings it to 48 kHz (sinc-resample.ts). Pure.
 * Undefined where the format is not read here (MP4/M4A, WebM, AIFF, CAF) or the header is not what it should be:
 * the import then decodes at 48 kHz as before.
 */

/** Whether `bytes` hold `text` (ASCII) at `at`: how a container's header is recognised (decode-import.ts too). */
export const hasText = (bytes: Uint8Array, text: string, at = 0) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
const u32le = (b: Uint8Array, at: number) => ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>> 0;

/** The rates a decoder may be asked for everywhere (OfflineAudioContext: 8 kHz to 96 kHz at least, in every engine). */
const usable = (rate: number) => (Number.isInteger(rate) && rate >= 8000 && rate <= 96_000 ? rate : undefined);

/** RIFF WAVE: the `fmt ` chunk's rate, found by walking the chunks (each padded to an even length). */
function wavRate(b: Uint8Array): number | undefined {
  for (let at = 12; at + 8 <= b.length; ) {
    const size = u32le(b, at + 4);
    if (hasText(b, 'fmt ', at)) return size >= 16 ? u32le(b, at + 12) : undefined;
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/** FLAC: STREAMINFO, the first metadata block, holds the rate in 20 bits at its 10th byte. */
const flacRate = (b: Uint8Array) => ((b[4] ?? 0) & 0x7f) === 0 && b.length >= 21 ? (((b[18] ?? 0) << 12) | ((b[19] ?? 0) << 4) | ((b[20] ?? 0) >> 4)) : undefined;

/** Ogg: the first packet says what it is. Opus always decodes at 48 kHz; Vorbis says its rate. */
function oggRate(b: Uint8Array): number | undefined {
  const packet = 27 + (b[26] ?? 0);
  if (hasText(b, 'OpusHead', packet)) return 48_000;
  if ((b[packet] ?? 0) === 1 && hasText(b, 'vorbis', packet + 1)) return u32le(b, packet + 12);
  return undefined;
}

const MPEG1_RATES = [44_100, 48_000, 32_000];

/**
 * Bytes of an ID3v2 tag at the start, 0 if there is none: its synchsafe size (7 bits a byte) and 10 bytes of header,
 * with a footer of 10 bytes more when the flag says so. An MP3's frames follow it (mp3-frames.ts; engine/soundscape/
 * mp3-layout.ts keeps its own twin, as it must import nothing).
 */
export function id3v2Length(b: Uint8Array): number {
  if (!hasText(b, 'ID3')) return 0;
  const size = (((b[6] ?? 0) & 0x7f) << 21) | (((b[7] ?? 0) & 0x7f) << 14) | (((b[8] ?? 0) & 0x7f) << 7) | ((b[9] ?? 0) & 0x7f);
  return 10 + size + ((b[5] ?? 0) & 0x10 ? 10 : 0);
}

/** MPEG audio (MP3): past an ID3v2 tag, the first frame header's version and rate index. */
function mpegRate(b: Uint8Array): number | undefined {
  let at = id3v2Length(b);
  // Some files pad a tag with zeros: look a little further for the first frame sync.
  for (const end = Math.min(b.length - 4, at + 4096); at <= end; at++) {
    if (b[at] !== 0xff || ((b[at + 1] ?? 0) & 0xe0) !== 0xe0) continue;
    const version = ((b[at + 1] ?? 0) >> 3) & 3;
    const layer = ((b[at + 1] ?? 0) >> 1) & 3;
    const index = ((b[at + 2] ?? 0) >> 2) & 3;
    if (version === 1 || layer === 0 || index === 3) return undefined;
    const rate = MPEG1_RATES[index]!;
    return version === 3 ? rate : version === 2 ? rate / 2 : rate / 4;
  }
  return undefined;
}

export function audioFileRate(bytes: Uint8Array): number | undefined {
  let rate: number | undefined;
  if (hasText(bytes, 'RIFF') && hasText(bytes, 'WAVE', 8)) rate = wavRate(bytes);
  else if (hasText(bytes, 'fLaC')) rate = flacRate(bytes);
  else if (hasText(bytes, 'OggS')) rate = oggRate(bytes);
  else if (hasText(bytes, 'ID3') || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) rate = mpegRate(bytes);
  return rate === undefined ? undefined : usable(rate);
}
