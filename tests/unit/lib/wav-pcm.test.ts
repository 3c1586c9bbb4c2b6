// @vitest-environment node
/**
 * A WAV read directly by the import worker (issue 41, src/lib/wav-pcm.ts): integer PCM of every width, float,
 * WAVE_FORMAT_EXTENSIBLE, chunks before the data (padded to even), more than two channels, the 20-minute cap;
 * a format it does not know (ADPCM) is left to the browser's decoder.
 */
import { describe, expect, it } from 'vitest';
import { readWavPcm } from '../../../src/lib/wav-pcm';

interface Options { tag?: number; bits: number; channels: number; rate?: number; extensible?: boolean; before?: Uint8Array }

/** A WAV of `frames` × `channels` samples given as integers (or floats when the tag is 3), written by hand. */
function wavOf(samples: number[], { tag = 1, bits, channels, rate = 8000, extensible = false, before }: Options): Uint8Array {
  const width = bits / 8;
  const fmtSize = extensible ? 40 : 16;
  const extra = before ? 8 + before.length + (before.length % 2) : 0;
  const data = samples.length * width;
  const out = new Uint8Array(12 + 8 + fmtSize + extra + 8 + data);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, extensible ? 0xfffe : tag, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * width, true);
  view.setUint16(32, channels * width, true);
  view.setUint16(34, bits, true);
  if (extensible) view.setUint16(20 + 24, tag, true);
  let at = 20 + fmtSize;
  if (before) {
    text(at, 'LIST');
    view.setUint32(at + 4, before.length, true);
    out.set(before, at + 8);
    at += extra;
  }
  text(at, 'data');
  view.setUint32(at + 4, data, true);
  at += 8;
  for (const x of samples) {
    if (tag === 3) view.setFloat32(at, x, true);
    else if (width === 1) view.setUint8(at, x + 128);
    else if (width === 2) view.setInt16(at, x, true);
    else if (width === 3) {
      view.setUint8(at, x & 0xff);
      view.setUint8(at + 1, (x >> 8) & 0xff);
      view.setInt8(at + 2, x >> 16);
    } else view.setInt32(at, x, true);
    at += width;
  }
  return out;
}

const read = (bytes: Uint8Array, seconds = 60) => readWavPcm(bytes, seconds);
const arrays = (w: ReturnType<typeof readWavPcm>) => w!.channels.map((x) => [...x]);

describe('reading a WAV without a decoder', () => {
  it('16-bit stereo, interleaved, to one array per channel at full scale', () => {
    const w = read(wavOf([16384, -32768, 0, 32767], { bits: 16, channels: 2 }));
    expect(w).toMatchObject({ sampleRate: 8000, truncated: false });
    expect(arrays(w)).toEqual([[0.5, 0], [-1, 32767 / 32768]]);
  });

  it('8-bit (offset binary), 24-bit and 32-bit integers, 32-bit float', () => {
    expect(arrays(read(wavOf([64, -128], { bits: 8, channels: 1 })))).toEqual([[0.5, -1]]);
    expect(arrays(read(wavOf([4_194_304, -8_388_608], { bits: 24, channels: 1 })))).toEqual([[0.5, -1]]);
    expect(arrays(read(wavOf([1_073_741_824, -2_147_483_648], { bits: 32, channels: 1 })))).toEqual([[0.5, -1]]);
    expect(arrays(read(wavOf([0.25, -0.75], { tag: 3, bits: 32, channels: 1 })))).toEqual([[0.25, -0.75]]);
  });

  it('WAVE_FORMAT_EXTENSIBLE, an odd-sized chunk before the data, and 6 channels (the front pair kept)', () => {
    const six = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((x) => x * 1000);
    const w = read(wavOf(six, { bits: 16, channels: 6, extensible: true, before: new Uint8Array(5) }));
    expect(arrays(w)).toEqual([[1000 / 32768, 7000 / 32768], [2000 / 32768, 8000 / 32768]]);
  });

  it('keeps the first `maxSeconds` of a longer file, and says so', () => {
    const w = read(wavOf(new Array(8000 * 3).fill(100), { bits: 16, channels: 1 }), 2);
    expect(w!.channels[0]!.length).toBe(16_000);
    expect(w!.truncated).toBe(true);
  });

  it('a format it does not read (IMA ADPCM), no data, or not a WAV: null, for the browser\'s decoder', () => {
    expect(read(wavOf([1, 2], { tag: 0x11, bits: 16, channels: 1 }))).toBeNull();
    expect(read(wavOf([], { bits: 16, channels: 1 }))).toBeNull();
    expect(read(new TextEncoder().encode('ID3 not a wav at all'))).toBeNull();
  });
});
