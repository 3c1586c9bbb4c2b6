// @vitest-environment node
/**
 * An Ogg file split into its audio packets for the import worker's AudioDecoder (issue 41, src/lib/ogg-packets.ts):
 * a Vorbis file from a real encoder (libvorbis in wasm-media-encoders, as the studio's MP3s come from LAME there) and
 * an Opus stream written by the tests' own muxer (tests/e2e/ogg-mux.ts: packets across pages, a packet longer than a
 * page); the description each codec's decoder wants; damage, other codecs and more than two channels left to the page.
 */
import { describe, expect, it } from 'vitest';
import { createOggEncoder } from 'wasm-media-encoders';
import { oggStream, opusHead, opusTags } from '../../e2e/ogg-mux';
import { splitOggAudio } from '../../../src/lib/ogg-packets';

const noise = (n: number, seed: number) => {
  let state = seed;
  return Float32Array.from({ length: n }, () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5) * 0.5);
};

async function vorbisFile(seconds: number, rate: number): Promise<Uint8Array> {
  const encoder = await createOggEncoder();
  encoder.configure({ channels: 2, sampleRate: rate, vbrQuality: 3 });
  const n = seconds * rate;
  const [left, right] = [noise(n, 1), noise(n, 2)];
  const parts: Uint8Array[] = [];
  for (let i = 0; i < n; i += rate) parts.push(encoder.encode([left.subarray(i, i + rate), right.subarray(i, i + rate)]).slice());
  parts.push(encoder.finalize().slice());
  return new Uint8Array(Buffer.concat(parts));
}

/** Fake Opus packets (the demuxer reads no audio), one of 70,000 bytes: longer than a page's 255 × 255. */
const packets = Array.from({ length: 40 }, (_, i) => Uint8Array.from({ length: i === 17 ? 70_000 : 30 + ((i * 37) % 600) }, (_, k) => (i * 7 + k) & 0xff));
const granules = packets.map((_, i) => 312 + (i + 1) * 960 - (i === packets.length - 1 ? 500 : 0));
const opusFile = (channels = 2) => new Uint8Array(oggStream([opusHead(channels, 312), opusTags(), ...packets], [0, 0, ...granules]));

describe('splitting an Ogg file into its audio packets', () => {
  it('Vorbis from libvorbis: its rate, channels and length; the three headers Xiph-laced as the description', async () => {
    const file = await vorbisFile(3, 44_100);
    const ogg = splitOggAudio(file)!;
    expect(ogg).toMatchObject({ codec: 'vorbis', sampleRate: 44_100, channels: 2, preSkip: 0, totalSamples: 3 * 44_100 });
    expect(ogg.packets.length).toBeGreaterThan(100);
    // Two packets' lengths laced ahead of three headers: identification (30 bytes), comment, setup.
    expect(ogg.description[0]).toBe(2);
    expect(ogg.description[1]).toBe(30);
    expect(new TextDecoder().decode(ogg.description.subarray(3, 10))).toBe('\u0001vorbis');
  });

  it('Opus: the packets whole and in order across pages, OpusHead as the description, the length less the pre-skip', () => {
    const ogg = splitOggAudio(opusFile())!;
    expect(ogg).toMatchObject({ codec: 'opus', sampleRate: 48_000, channels: 2, preSkip: 312, totalSamples: 40 * 960 - 500 });
    expect(ogg.packets.map((packet) => [...packet])).toEqual(packets.map((packet) => [...packet]));
    expect(new TextDecoder().decode(ogg.description.subarray(0, 8))).toBe('OpusHead');
  });

  it('damage, a cut, another codec, more than two channels or no Ogg at all: left to the page', () => {
    const damaged = opusFile();
    damaged[5000] = damaged[5000]! ^ 0x20;
    expect(splitOggAudio(damaged), 'a byte changed (its page CRC fails)').toBeNull();
    expect(splitOggAudio(opusFile().subarray(0, 20_000)), 'cut mid-page').toBeNull();
    expect(splitOggAudio(opusFile(6)), 'six channels').toBeNull();
    const speex = new Uint8Array(oggStream([new TextEncoder().encode('Speex   and more than that'), opusTags()], [0, 0]));
    expect(splitOggAudio(speex), 'Speex').toBeNull();
    expect(splitOggAudio(new TextEncoder().encode('ID3 not an ogg file at all, just text')), 'not Ogg').toBeNull();
  });
});
