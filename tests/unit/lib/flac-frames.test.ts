// @vitest-environment node
/**
 * A FLAC split into its frames for the import worker's AudioDecoder (issue 41, src/lib/flac-frames.ts), on files the
 * e2e's own writer makes (tests/e2e/audio-files.ts: fixed 4,096-sample blocks, a short last one, CRCs as the format
 * has them): every frame found whole, a sync pattern inside the audio not taken for one, damage left to the browser.
 */
import { describe, expect, it } from 'vitest';
import { flac } from '../../e2e/audio-files';
import { splitFlacFrames } from '../../../src/lib/flac-frames';

const noise = (n: number, seed: number) => {
  let state = seed;
  return Float32Array.from({ length: n }, () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5) * 0.5);
};

describe('splitting a FLAC into frames', () => {
  it('finds every frame, whole, and reads the stream\'s rate, channels and length', () => {
    const n = 3 * 4096 + 1000;
    const file = new Uint8Array(flac([noise(n, 1), noise(n, 2)], 44_100));
    const split = splitFlacFrames(file)!;
    expect(split).toMatchObject({ sampleRate: 44_100, channels: 2, totalSamples: n });
    expect(split.frames).toHaveLength(4);
    // The frames and the header cover the file exactly, each starting with a frame sync.
    expect(split.description.length + split.frames.reduce((sum, f) => sum + f.length, 0)).toBe(file.length);
    expect(split.frames.every((f) => f[0] === 0xff && (f[1]! & 0xfe) === 0xf8)).toBe(true);
    expect([...split.description.subarray(0, 4)]).toEqual([...new TextEncoder().encode('fLaC')]);
  });

  it('a frame sync pattern inside the audio is not taken for a frame', () => {
    // 16-bit samples 0xFFF8 (-8) and 0xFFF9 (-7), again and again, as a quiet passage can be.
    const n = 2 * 4096;
    const x = Float32Array.from({ length: n }, (_, i) => (i % 2 ? -7 : -8) / 32768);
    const split = splitFlacFrames(new Uint8Array(flac([x], 48_000)))!;
    expect(split.frames).toHaveLength(2);
    expect(split.channels).toBe(1);
  });

  it('a file damaged inside a frame, cut short, or not a FLAC: null, for the browser\'s decoder', () => {
    const file = new Uint8Array(flac([noise(3 * 4096, 3)], 48_000));
    const damaged = file.slice();
    damaged[damaged.length >> 1]! ^= 0x40;
    expect(splitFlacFrames(damaged)).toBeNull();
    expect(splitFlacFrames(file.slice(0, file.length - 100))).toBeNull();
    expect(splitFlacFrames(new TextEncoder().encode('OggS and more than forty-two bytes of other things'))).toBeNull();
  });
});
