/**
 * CC0 Sonic Pi samples (supersonic-scsynth-samples) decoded once per process and
 * resampled to 48 kHz, plus the credit line each one needs (from PROVENANCE.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { STUDIO_SAMPLE_RATE } from '../contract.ts';

/** The samples the lofi songs use, with their freesound sources (PROVENANCE.md). */
export const SAMPLE_SOURCES = {
  bd_boom: { author: 'Snapper4298', url: 'http://freesound.org/people/Snapper4298/sounds/157245/' },
  bd_jazz: { author: 'tripjazz', url: 'https://freesound.org/people/tripjazz/sounds/511139/' },
  bd_808: { author: 'EKVelika', url: 'http://freesound.org/people/EKVelika/sounds/208447/' },
  bd_fat: { author: 'cubix', url: 'http://freesound.org/people/cubix/sounds/124386/' },
  drum_bass_soft: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100052/' },
  sn_dolf: { author: 'Dolfeus', url: 'http://freesound.org/people/Dolfeus/sounds/57534/' },
  sn_generic: { author: 'hullum', url: 'https://freesound.org/people/hullum/sounds/415582/' },
  drum_snare_soft: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100059/' },
  perc_snap: { author: 'SoundCollectah', url: 'http://www.freesound.org/people/SoundCollectah/sounds/109400/' },
  elec_wood: { author: 'looppool', url: 'http://www.freesound.org/people/looppool/sounds/13135/' },
  hat_gem: { author: 'IanStarGem', url: 'https://freesound.org/people/IanStarGem/sounds/273186/' },
  hat_cab: { author: 'cabled_mess', url: 'https://freesound.org/people/cabled_mess/sounds/363203/' },
  hat_zild: { author: 'pjcohen', url: 'https://freesound.org/people/pjcohen/sounds/45668/' },
  hat_tap: { author: 'TheEndOfACycle', url: 'https://freesound.org/people/TheEndOfACycle/sounds/674296/' },
  drum_cymbal_closed: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100053/' },
  drum_cymbal_pedal: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100054/' },
  drum_cymbal_open: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100055/' },
  ride_via: { author: 'trivialAccapella', url: 'https://freesound.org/people/trivialAccapella/sounds/425448/' },
  vinyl_hiss: { author: 'veezay', url: 'http://freesound.org/people/veezay/sounds/130393/' },
} as const;

export type SampleName = keyof typeof SAMPLE_SOURCES;

/** Credit line: author, title, freesound link, licence. */
export function sampleCredit(name: SampleName): string {
  const s = SAMPLE_SOURCES[name];
  return `Sample "${name}" by ${s.author} (${s.url}), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0`;
}

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
