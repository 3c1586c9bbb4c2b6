// @vitest-environment node
/**
 * A recording's own rate from its header (src/lib/audio-file-rate.ts): files made here as the import tests make them,
 * and headers written byte by byte for the formats with no writer at hand.
 */
import { createMp3Encoder } from 'wasm-media-encoders';
import { describe, expect, it } from 'vitest';
import { audioFileRate } from '../../../src/lib/audio-file-rate';
import { flac, wav } from '../../e2e/audio-files';

const tone = (rate: number, seconds = 0.2) => Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => 0.3 * Math.sin(i / 7));

async function mp3(rate: 44_100 | 32_000 | 24_000, id3 = 0): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: 2, sampleRate: rate, bitrate: 64, outputSampleRate: rate });
  const body = [encoder.encode([tone(rate), tone(rate)]).slice(), encoder.finalize().slice()];
  // An ID3v2.4 tag of `id3` bytes (synchsafe size) before the first frame, as a file with a cover has.
  const tag = id3 ? [Uint8Array.from([0x49, 0x44, 0x33, 4, 0, 0, (id3 >> 21) & 0x7f, (id3 >> 14) & 0x7f, (id3 >> 7) & 0x7f, id3 & 0x7f]), new Uint8Array(id3)] : [];
  return Buffer.concat([...tag, ...body]);
}

/** An Ogg page header (27 bytes and a one-segment table) carrying `packet`. */
const ogg = (packet: number[]) => Uint8Array.from([...Buffer.from('OggS'), 0, 2, ...new Array(20).fill(0), 1, packet.length, ...packet]);

describe('audioFileRate', () => {
  it('WAV at 44.1, 48, 22.05 and 96 kHz, with a chunk before fmt', () => {
    for (const rate of [44_100, 48_000, 22_050, 96_000]) expect(audioFileRate(wav([tone(rate)], rate)), `${rate}`).toBe(rate);
    const plain = wav([tone(32_000)], 32_000);
    // A LIST chunk of 5 bytes (padded to 6) between the RIFF header and fmt.
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('abcde\0')]);
    expect(audioFileRate(Buffer.concat([plain.subarray(0, 12), list, plain.subarray(12)]))).toBe(32_000);
  });

  it('FLAC at 44.1 and 48 kHz', () => {
    expect(audioFileRate(flac([tone(44_100)], 44_100))).toBe(44_100);
    expect(audioFileRate(flac([tone(48_000), tone(48_000)], 48_000))).toBe(48_000);
  });

  it('MP3 at 44.1, 32 and 24 kHz (MPEG-2), also after an ID3 tag of 3,000 bytes', async () => {
    expect(audioFileRate(await mp3(44_100))).toBe(44_100);
    expect(audioFileRate(await mp3(32_000))).toBe(32_000);
    expect(audioFileRate(await mp3(24_000))).toBe(24_000);
    expect(audioFileRate(await mp3(44_100, 3000))).toBe(44_100);
  });

  it('Ogg: Opus decodes at 48 kHz, Vorbis says its rate', () => {
    expect(audioFileRate(ogg([...Buffer.from('OpusHead'), 1, 2, 0, 0, 0x44, 0xac, 0, 0]))).toBe(48_000);
    expect(audioFileRate(ogg([1, ...Buffer.from('vorbis'), 0, 0, 0, 0, 2, 0x44, 0xac, 0, 0]))).toBe(44_100);
  });

  it('not read here, or not what a header should be: undefined (the import decodes at 48 kHz)', () => {
    // AAC in ADTS (layer bits 00), an M4A box, a WAV whose rate is absurd, an image, nothing.
    expect(audioFileRate(Uint8Array.from([0xff, 0xf1, 0x50, 0x80, 0, 0]))).toBeUndefined();
    expect(audioFileRate(Uint8Array.from([0, 0, 0, 0x20, ...Buffer.from('ftypM4A ')]))).toBeUndefined();
    const absurd = wav([tone(44_100)], 44_100);
    absurd.writeUInt32LE(7, 24);
    expect(audioFileRate(absurd)).toBeUndefined();
    expect(audioFileRate(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(audioFileRate(new Uint8Array(0))).toBeUndefined();
    expect(audioFileRate(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeUndefined();
  });
});
