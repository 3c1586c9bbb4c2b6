/**
 * CC0 Sonic Pi samples (supersonic-scsynth-samples) decoded once per process and
 * resampled to 48 kHz.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { STUDIO_SAMPLE_RATE } from '../contract.ts';
import type { LofiSampleName } from '../../src/catalogue/lofi-credits.ts';

/** The samples the lofi songs can play: named, sourced and credited in src/catalogue/lofi-credits.ts. */
export type SampleName = LofiSampleName;

export interface StereoSample {
  readonly left: Float32Array;
  readonly right: Float32Array;
}

const require = createRequire(import.meta.url);
const samplesDir = join(dirname(require.resolve('supersonic-scsynth-samples/package.json')), 'samples');
const cache = new Map<SampleName, Promise<StereoSample>>();
let decoder: Promise<FLACDecoder> | null = null;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Polyphase windowed-sinc resampler (Blackman window, 16 zero crossings by default, cut-off just under
 * the lower Nyquist): one tap table per output phase, so no trigonometry per sample.
 */
export function resample(x: Float32Array, from: number, to: number, zeroCrossings = 16): Float32Array {
  if (from === to) return x;
  const g = gcd(from, to);
  const up = to / g;
  const down = from / g;
  const cutoff = Math.min(1, to / from) * 0.94;
  const width = Math.ceil(zeroCrossings / cutoff);
  const taps = 2 * width;
  const table = new Float64Array(up * taps);
  for (let p = 0; p < up; p++) {
    const frac = (p * down) / up - Math.floor((p * down) / up);
    for (let t = 0; t < taps; t++) {
      const d = t - width + 1 - frac;
      const u = d * cutoff;
      const sinc = u === 0 ? 1 : Math.sin(Math.PI * u) / (Math.PI * u);
      const w = Math.abs(d) >= width ? 0 : 0.42 + 0.5 * Math.cos((Math.PI * d) / width) + 0.08 * Math.cos((2 * Math.PI * d) / width);
      table[p * taps + t] = sinc * w * cutoff;
    }
  }
  const out = new Float32Array(Math.ceil((x.length * up) / down));
  for (let i = 0; i < out.length; i++) {
    const base = Math.floor((i * down) / up) - width + 1;
    const p = i % up;
    let acc = 0;
    const t0 = Math.max(0, -base);
    const t1 = Math.min(taps, x.length - base);
    for (let t = t0; t < t1; t++) acc += x[base + t]! * table[p * taps + t]!;
    out[i] = acc;
  }
  return out;
}

async function decode(name: SampleName): Promise<StereoSample> {
  decoder ??= (async () => {
    const d = new FLACDecoder();
    await d.ready;
    return d;
  })();
  const d = await decoder;
  await d.reset();
  const audio = await d.decodeFile(new Uint8Array(readFileSync(join(samplesDir, `${name}.flac`))));
  const l = audio.channelData[0];
  if (!l) throw new Error(`sample ${name} decoded empty`);
  const r = audio.channelData[1] ?? l;
  const left = resample(l.subarray(0, audio.samplesDecoded), audio.sampleRate, STUDIO_SAMPLE_RATE);
  const right = r === l ? left : resample(r.subarray(0, audio.samplesDecoded), audio.sampleRate, STUDIO_SAMPLE_RATE);
  return { left, right };
}

/** Decoded once per process (a worker reuses it for every song it renders). */
export function loadSample(name: SampleName): Promise<StereoSample> {
  let p = cache.get(name);
  if (!p) {
    // decodes share one decoder, so chain them
    const previous = Promise.all([...cache.values()]);
    p = previous.then(() => decode(name));
    cache.set(name, p);
  }
  return p;
}
