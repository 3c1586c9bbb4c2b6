/**
 * A WAV file's samples, read directly (issue 41): the import worker needs no decoder for PCM, so a WAV never costs
 * the page the whole-file AudioBuffer that decodeAudioData builds on the main thread. Integer PCM of 8, 16, 24 or
 * 32 bits and 32-bit float, plain or WAVE_FORMAT_EXTENSIBLE; anything else is left to the browser's decoder (null).
 * Pure: no DOM.
 */
import { hasText } from './audio-file-rate';

export interface WavPcm {
  /** One array per channel, stereo at most (a surround file keeps its front pair). */
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  /** Longer than `maxSeconds`: only the first were read. */
  readonly truncated: boolean;
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

/** Reads `bytes` as a RIFF WAVE file; null where it is not one this reader knows (the browser decodes it instead). */
export function readWavPcm(bytes: Uint8Array, maxSeconds: number): WavPcm | null {
  if (!hasText(bytes, 'RIFF') || !hasText(bytes, 'WAVE', 8)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { tag: number; channels: number; rate: number; bits: number; align: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    if (hasText(bytes, 'fmt ', at) && size >= 16) {
      let tag = view.getUint16(at + 8, true);
      // WAVE_FORMAT_EXTENSIBLE names its real format in the first two bytes of its sub-format GUID.
      if (tag === EXTENSIBLE && size >= 40) tag = view.getUint16(at + 32, true);
      format = { tag, channels: view.getUint16(at + 10, true), rate: view.getUint32(at + 12, true), align: view.getUint16(at + 20, true), bits: view.getUint16(at + 22, true) };
    } else if (hasText(bytes, 'data', at)) {
      if (!format) return null;
      return samples(view, at + 8, Math.min(size, bytes.length - at - 8), format, maxSeconds);
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

function samples(view: DataView, from: number, size: number, f: { tag: number; channels: number; rate: number; bits: number; align: number }, maxSeconds: number): WavPcm | null {
  const width = f.bits / 8;
  const known = (f.tag === PCM && [1, 2, 3, 4].includes(width)) || (f.tag === FLOAT && width === 4);
  if (!known || f.channels < 1 || f.rate < 8000 || f.rate > 192_000 || f.align < f.channels * width) return null;
  const all = Math.floor(size / f.align);
  const frames = Math.min(all, Math.round(maxSeconds * f.rate));
  if (frames === 0) return null;
  const kept = Math.min(2, f.channels);
  const read = (at: number): number => {
    if (f.tag === FLOAT) return view.getFloat32(at, true);
    switch (width) {
      case 1: return (view.getUint8(at) - 128) / 128;
      case 2: return view.getInt16(at, true) / 32768;
      case 3: return ((view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16))) / 8_388_608;
      default: return view.getInt32(at, true) / 2_147_483_648;
    }
  };
  const channels = Array.from({ length: kept }, (_, c) => {
    const x = new Float32Array(frames);
    for (let i = 0, at = from + c * width; i < frames; i++, at += f.align) x[i] = read(at);
    return x;
  });
  return { channels, sampleRate: f.rate, truncated: all > frames };
}
