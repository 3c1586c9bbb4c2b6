// @vitest-environment node
/**
 * Any MP3 split into its frames for the import worker's AudioDecoder (issue 41, src/lib/mp3-frames.ts): the studio's
 * encoder's files (with their LAME tag: gapless), a tagless stream, MPEG-2 at 22.05 kHz, mono, an ID3v2 tag before and
 * an ID3v1 tag after; a file damaged half-way is left to the browser's decoder (null), not cut short in silence.
 */
import { describe, expect, it } from 'vitest';
import { createMp3Encoder } from 'wasm-media-encoders';
import { encodeMp3, LAME_ENCODER_DELAY } from '../../../studio/mp3';
import { splitMp3Frames } from '../../../src/lib/mp3-frames';

const tone = (n: number, rate: number) => Float32Array.from({ length: n }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate));
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** LAME's own stream, as most files are made: no Xing/LAME frame. */
async function tagless(rate: number, channels: 1 | 2, n: number): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  encoder.configure({ channels, sampleRate: rate, bitrate: 128 });
  const x = tone(n, rate);
  return join(encoder.encode(channels === 2 ? [x, x] : [x]).slice(), encoder.finalize().slice());
}

describe('splitting an MP3 into frames', () => {
  it('the studio\'s file: the tag frame left out, and its delay and padding say exactly how many samples are the recording', async () => {
    const n = 3 * 48_000 + 123;
    const file = await encodeMp3(tone(n, 48_000), tone(n, 48_000), { bitrate: 128 });
    const mp3 = splitMp3Frames(file)!;
    expect(mp3).toMatchObject({ sampleRate: 48_000, channels: 2, samplesPerFrame: 1152, skipStart: LAME_ENCODER_DELAY + 529 });
    expect(mp3.frames.length * mp3.samplesPerFrame - mp3.skipStart - mp3.skipEnd).toBe(n);
    // Every frame starts with a frame sync.
    expect(mp3.frames.every((f) => f[0] === 0xff && (f[1]! & 0xe0) === 0xe0)).toBe(true);
  });

  it.each([
    [44_100, 2, 1152],
    [48_000, 1, 1152],
    [22_050, 2, 576],
  ] as const)('a tagless stream at %i Hz, %i channel(s): every frame, %i samples each, only the decoder delay dropped', async (rate, channels, perFrame) => {
    const n = 2 * rate;
    const mp3 = splitMp3Frames(await tagless(rate, channels, n))!;
    expect(mp3).toMatchObject({ sampleRate: rate, channels, samplesPerFrame: perFrame, skipStart: 529, skipEnd: 0 });
    // The encoder's delay and padding are still in (no tag says them): at least the recording, at most a frame and a delay more.
    expect(mp3.frames.length * perFrame - 529).toBeGreaterThanOrEqual(n);
    expect(mp3.frames.length * perFrame - 529).toBeLessThanOrEqual(n + 2 * 1152 + LAME_ENCODER_DELAY);
  });

  it('skips an ID3v2 tag before and an ID3v1 tag after', async () => {
    const body = await tagless(44_100, 2, 44_100);
    const plain = splitMp3Frames(body)!;
    const id3v2 = join(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 1, 0]), new Uint8Array(128), body);
    const id3v1 = join(body, new TextEncoder().encode('TAG'), new Uint8Array(125));
    expect(splitMp3Frames(id3v2)!.frames.length).toBe(plain.frames.length);
    expect(splitMp3Frames(id3v1)!.frames.length).toBe(plain.frames.length);
  });

  it('a file damaged half-way, or not an MP3, is left to the browser\'s decoder', async () => {
    const body = await tagless(44_100, 2, 4 * 44_100);
    const damaged = body.slice();
    damaged.fill(0x55, body.length >> 1, (body.length >> 1) + 2000);
    expect(splitMp3Frames(damaged)).toBeNull();
    expect(splitMp3Frames(new TextEncoder().encode('RIFF....WAVEfmt '))).toBeNull();
    expect(splitMp3Frames(new Uint8Array(0))).toBeNull();
  });
});
