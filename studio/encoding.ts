/**
 * How each kind of sound is encoded, and the size goal the audit holds every file to.
 *
 * Goal: at most 1 MB per minute of audio, read strictly (1,000,000 bytes per 60 s, i.e. 133 kbps
 * on average, tag frame included), for every file the catalogue ships (reversed ones too).
 *
 * - First try LAME's VBR at the kind's quality. V5.5 puts LAME's own low-pass at ~15.8 kHz: the
 *   loops are rendered low-passed around 15 kHz and the songs far lower, so that cut-off sits
 *   above the content's own energy.
 * - Noise-dense beds (sand hiss, leaves, insects) make LAME's VBR spend 170–320 kbps on noise that
 *   masks itself. There a bitrate ceiling applies: constant 128 kbps (0.96 MB/min). LAME's CBR
 *   quantiser loses ~0.4 dB of level on such noise; the level is measured on the decoded file
 *   and restored before a second encode, so the bed plays exactly as loud as it was mastered.
 */
import { integratedLoudness } from '../measure/loudness.ts';
import { decodeMp3, encodeMp3, type Mp3Rate } from './mp3.ts';

/** The strict reading of "1 MB per minute". */
export const MP3_BYTES_PER_MINUTE_GOAL = 1_000_000;
/** VBR above this is re-encoded under the ceiling; the margin keeps the reversed rendition (coded separately) under the goal too. */
const VBR_BYTES_PER_MINUTE_LIMIT = 0.97 * MP3_BYTES_PER_MINUTE_GOAL;
const CEILING: Mp3Rate = { bitrate: 128 };
const VBR: Record<'loop' | 'song', Mp3Rate> = { loop: { vbrQuality: 5.5 }, song: { vbrQuality: 5.5 } };
/** Restore the level when the encode moved it by more than this (LU). */
const LEVEL_TOLERANCE_LU = 0.05;

export const bytesPerMinute = (bytes: number, frames: number, sampleRate = 48000): number => (bytes * 60 * sampleRate) / frames;

export interface EncodedSound {
  readonly mp3: Uint8Array;
  /** 'vbr' or 'cbr128', for the manifest and the audit table. */
  readonly mode: string;
  /** Gain applied to restore the level after a CBR encode (dB; 0 when none was needed). */
  readonly levelGainDb: number;
}

/** Encodes one rendition; `l` and `r` are left as they are (a level restore works on a copy). */
export async function encodeSound(l: Float32Array, r: Float32Array, form: 'loop' | 'song'): Promise<EncodedSound> {
  const loop = form === 'loop';
  const vbr = await encodeMp3(l, r, { ...VBR[form], loop });
  if (bytesPerMinute(vbr.length, l.length) <= VBR_BYTES_PER_MINUTE_LIMIT) return { mp3: vbr, mode: `vbr V${VBR[form].vbrQuality}`, levelGainDb: 0 };
  const first = await encodeMp3(l, r, { ...CEILING, loop });
  const before = integratedLoudness([l, r]);
  const decoded = await decodeMp3(first);
  const shift = integratedLoudness(decoded.channels) - before;
  if (Math.abs(shift) <= LEVEL_TOLERANCE_LU) return { mp3: first, mode: 'cbr 128', levelGainDb: 0 };
  const g = Math.pow(10, -shift / 20);
  const [gl, gr] = [l, r].map((c) => c.map((v) => v * g)) as [Float32Array, Float32Array];
  return { mp3: await encodeMp3(gl, gr, { ...CEILING, loop }), mode: 'cbr 128', levelGainDb: -shift };
}
