/**
 * The pure part of preparing a listener's own recording (issue 41): bring it to the soundscapes' level and make
 * it loop without a seam. No DOM, no IndexedDB: the import worker runs it, the unit tests call it directly.
 * Loudness and true peak are the studio's own BS.1770-4 meter (measure/loudness.ts), shared, not copied.
 */
import { thirdOctaveBands, welchPsd } from '../../measure/analysis.ts';
import { integratedLoudness, truePeakDb } from '../../measure/loudness.ts';
import { OWN_SAMPLE_RATE } from '../lib/own-sound-pcm';
import type { PrepareProblem } from '../lib/own-sound-contract';

/** The catalogue's target for ambient beds (AUDIO.md, studio/master.ts): −20 LUFS integrated, true peak ≤ −2 dBTP. */
export const OWN_TARGET_LUFS = -20;
export const OWN_TRUE_PEAK_CEILING_DB = -2;
/** The loop's join: the recording's last seconds fade out under its first, equal-power (uncorrelated material keeps its level). */
export const LOOP_CROSSFADE_SECONDS = 2;
/** Shorter than this there is no loop to make (the crossfade would be most of it). */
export const MIN_OWN_SECONDS = 4;
/** Longer imports keep their first 20 minutes (the cap), and say so. */
export const MAX_OWN_SECONDS = 20 * 60;

export interface PreparedLoop {
  /** The loop, exactly periodic, with its gain applied. */
  readonly channels: Float32Array[];
  readonly loudnessLufs: number;
  readonly gainDb: number;
  /** After the gain, measured on the loop as it repeats (circular). */
  readonly truePeakDb: number;
  readonly crossfadeFrames: number;
}

/**
 * Makes `channels` a seamless loop: the last `fade` frames are laid over the first `fade` with equal-power gains
 * (cos/sin, cos² + sin² = 1) and cut off. Sample L−1 of the result is the original's sample N−fade−1 and sample 0
 * is mostly the original's N−fade: neighbours in the recording, so the wrap is as smooth as any step inside it.
 */
export function crossfadeLoop(channels: readonly Float32Array[], fade: number): Float32Array[] {
  const n = channels[0]?.length ?? 0;
  if (fade <= 0 || 2 * fade > n) throw new RangeError('crossfadeLoop: the recording is shorter than two crossfades');
  const length = n - fade;
  return channels.map((x) => {
    const out = x.slice(0, length);
    for (let i = 0; i < fade; i++) {
      const t = (Math.PI / 2) * (i / fade);
      out[i] = (x[i] ?? 0) * Math.sin(t) + (x[length + i] ?? 0) * Math.cos(t);
    }
    return out;
  });
}

/** The gain (dB) that brings `loudness` to the target, lowered further if the true peak would pass the ceiling. */
export function gainToTarget(loudness: number, truePeak: number): number {
  const toTarget = OWN_TARGET_LUFS - loudness;
  return Math.min(toTarget, OWN_TRUE_PEAK_CEILING_DB - truePeak);
}

/** Measures, loops and levels a decoded recording (48 kHz). Returns the problem for what cannot become a loop. */
export function prepareLoop(channels: readonly Float32Array[], report: (fraction: number) => void = () => undefined): PreparedLoop | PrepareProblem {
  const n = channels[0]?.length ?? 0;
  if (n < MIN_OWN_SECONDS * OWN_SAMPLE_RATE) return 'tooShort';
  const crossfadeFrames = Math.min(LOOP_CROSSFADE_SECONDS * OWN_SAMPLE_RATE, Math.floor(n / 4));
  const looped = crossfadeLoop(channels, crossfadeFrames);
  report(0.2);
  // The meter weighs a stereo pair as two channels (BS.1770); a mono recording plays on both speakers, so it counts twice.
  const asHeard = looped.length === 1 ? [looped[0] as Float32Array, looped[0] as Float32Array] : looped;
  const loudness = integratedLoudness(asHeard, OWN_SAMPLE_RATE);
  report(0.6);
  if (!Number.isFinite(loudness)) return 'silent';
  const peak = truePeakDb(looped, true);
  report(0.9);
  const gainDb = gainToTarget(loudness, peak);
  const gain = Math.pow(10, gainDb / 20);
  for (const x of looped) for (let i = 0; i < x.length; i++) x[i] = (x[i] ?? 0) * gain;
  report(1);
  return { channels: looped, loudnessLufs: loudness, gainDb, truePeakDb: peak + gainDb, crossfadeFrames };
}


/** The cover's spectrum (issue 41): third-octave bands from 50 Hz to 12.5 kHz, read from at most the first 30 s. */
export const SPECTRUM_FROM_HZ = 50;
export const SPECTRUM_TO_HZ = 12_500;
const SPECTRUM_SECONDS = 30;
const SPECTRUM_FFT = 4096;
/** The range a cover shows: bands this far under the loudest are drawn flat. */
export const SPECTRUM_RANGE_DB = 40;

/**
 * What a sound's cover is drawn from: each third-octave band's power (not its density, so pink noise reads flat and
 * a rumble leans left), 1 at the loudest band, 0 at SPECTRUM_RANGE_DB under it, in two decimals (25 small numbers
 * in the record).
 */
export function spectrumProfile(channels: readonly Float32Array[], sampleRate = OWN_SAMPLE_RATE): number[] {
  const n = Math.min(channels[0]?.length ?? 0, SPECTRUM_SECONDS * sampleRate);
  const mono = new Float32Array(n);
  for (const x of channels) for (let i = 0; i < n; i++) mono[i] = (mono[i] ?? 0) + (x[i] ?? 0) / channels.length;
  const bands = thirdOctaveBands(welchPsd(mono, SPECTRUM_FFT), sampleRate, SPECTRUM_FROM_HZ, SPECTRUM_TO_HZ);
  const power = bands.map((band) => band.levelDb + 10 * Math.log10(band.centreHz));
  const top = Math.max(...power.filter(Number.isFinite));
  return power.map((level) => (Number.isFinite(level) ? Math.round(100 * Math.min(1, Math.max(0, 1 + (level - top) / SPECTRUM_RANGE_DB))) / 100 : 0));
}
