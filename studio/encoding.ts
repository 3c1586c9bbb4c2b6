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
 * - Fidelity wins (issue 24, decision 4): where that 128 kbps encode loses more than 1 dB in the
 *   12.5 kHz third-octave band against the render (insect chirps, leaves), the file is encoded at
 *   160 kbps instead, and may take up to 1.25 MB per minute. The loss is measured here, on the
 *   render, and kept in the manifest; the audit holds each file to the allowance it earned.
 */
import { thirdOctaveBands, welchPsd } from '../measure/analysis.ts';
import { integratedLoudness } from '../measure/loudness.ts';
import { decodeMp3, encodeMp3, type Mp3Rate } from './mp3.ts';

/** The strict reading of "1 MB per minute". */
export const MP3_BYTES_PER_MINUTE_GOAL = 1_000_000;
/** The allowance of a file whose 12.5 kHz band the 128 kbps encode dulls by more than BAND_LOSS_LIMIT_DB. */
export const MP3_BYTES_PER_MINUTE_FIDELITY = 1_250_000;
export const BAND_LOSS_LIMIT_DB = 1;
/** The nominal third-octave band (exact centre 12.7 kHz, 11.3–14.3 kHz) where LAME's 128 kbps cuts first. */
export const FIDELITY_BAND_HZ = 12_500;
const FIDELITY: Mp3Rate = { bitrate: 160 };
const BAND_FFT_SIZE = 4096;

/** Power in the 12.5 kHz third-octave band, both channels, dB (relative: compare two signals only). */
export function fidelityBandDb(channels: readonly Float32Array[], sampleRate = 48000): number {
  const power = channels.reduce((sum, channel) => {
    const band = thirdOctaveBands(welchPsd(channel, BAND_FFT_SIZE), sampleRate, FIDELITY_BAND_HZ, FIDELITY_BAND_HZ)[0];
    return sum + (band ? Math.pow(10, band.levelDb / 10) : 0);
  }, 0);
  return 10 * Math.log10(power);
}

/** The rule's allowance for a file, from its measured band loss at 128 kbps (absent: a VBR file, measured only when over the ceiling). */
export const bytesPerMinuteAllowance = (bandLoss128Db: number | undefined): number =>
  bandLoss128Db !== undefined && bandLoss128Db > BAND_LOSS_LIMIT_DB ? MP3_BYTES_PER_MINUTE_FIDELITY : MP3_BYTES_PER_MINUTE_GOAL;
/** VBR above this is re-encoded under the ceiling; the margin keeps the reversed rendition (coded separately) under the goal too. */
const VBR_BYTES_PER_MINUTE_LIMIT = 0.97 * MP3_BYTES_PER_MINUTE_GOAL;
const CEILING: Mp3Rate = { bitrate: 128 };
const VBR: Record<'loop' | 'song', Mp3Rate> = { loop: { vbrQuality: 5.5 }, song: { vbrQuality: 5.5 } };
/** Restore the level when the encode moved it by more than this (LU). */
const LEVEL_TOLERANCE_LU = 0.05;

export const bytesPerMinute = (bytes: number, frames: number, sampleRate = 48000): number => (bytes * 60 * sampleRate) / frames;

export interface EncodedSound {
  readonly mp3: Uint8Array;
  /** 'vbr V5.5', 'cbr 128' or 'cbr 160', for the manifest and the audit table. */
  readonly mode: string;
  /** Gain applied to restore the level after a CBR encode (dB; 0 when none was needed). */
  readonly levelGainDb: number;
  /** Over the VBR limit only: the 12.5 kHz band's level in the render, and how much a 128 kbps encode of it loses (dB). */
  readonly fidelityBandDb?: number;
  readonly bandLoss128Db?: number;
}

/** Encodes one rendition; `l` and `r` are left as they are (a level restore works on a copy). */
export async function encodeSound(l: Float32Array, r: Float32Array, form: 'loop' | 'song'): Promise<EncodedSound> {
  const loop = form === 'loop';
  const vbr = await encodeMp3(l, r, { ...VBR[form], loop });
  if (bytesPerMinute(vbr.length, l.length) <= VBR_BYTES_PER_MINUTE_LIMIT) return { mp3: vbr, mode: `vbr V${VBR[form].vbrQuality}`, levelGainDb: 0 };
  const at128 = await encodeMp3(l, r, { ...CEILING, loop });
  const decoded128 = await decodeMp3(at128);
  const sourceBandDb = fidelityBandDb([l, r]);
  const bandLoss128Db = sourceBandDb - fidelityBandDb(decoded128.channels);
  const measured = { fidelityBandDb: sourceBandDb, bandLoss128Db };
  const rate = bytesPerMinuteAllowance(bandLoss128Db) > MP3_BYTES_PER_MINUTE_GOAL ? FIDELITY : CEILING;
  const mode = `cbr ${rate.bitrate}`;
  const first = rate === CEILING ? at128 : await encodeMp3(l, r, { ...rate, loop });
  const decoded = rate === CEILING ? decoded128 : await decodeMp3(first);
  const before = integratedLoudness([l, r]);
  const shift = integratedLoudness(decoded.channels) - before;
  if (Math.abs(shift) <= LEVEL_TOLERANCE_LU) return { mp3: first, mode, levelGainDb: 0, ...measured };
  const g = Math.pow(10, -shift / 20);
  const [gl, gr] = [l, r].map((c) => c.map((v) => v * g)) as [Float32Array, Float32Array];
  return { mp3: await encodeMp3(gl, gr, { ...rate, loop }), mode, levelGainDb: -shift, ...measured };
}
