// @vitest-environment node
/**
 * The stored Opus form of an own sound (issue 41), its pure parts: what each chunk's encoder is fed (read round the
 * loop), the packets' packing, and the delay measurement that puts a decoded chunk back on its frames. The codec
 * itself (WebCodecs) runs in Chromium: tests/e2e/own-sounds.spec.ts stores and plays an import as Opus.
 */
import { describe, expect, it } from 'vitest';
import { measureDelay, OPUS_POST_ROLL, OPUS_PRE_ROLL, opusChunkInput, packPackets, unpackPackets } from '../../../src/lib/own-sound-opus';

const ramp = (n: number) => Float32Array.from({ length: n }, (_, i) => i);

describe('what a chunk encoder is fed', () => {
  it('the chunk with its pre-roll and post-roll, read round the loop at both ends', () => {
    const loop = ramp(20_000);
    const first = opusChunkInput([loop], 8000, 0)[0]!;
    expect(first.length).toBe(OPUS_PRE_ROLL + 8000 + OPUS_POST_ROLL);
    // Before frame 0 comes the loop's end: what plays before it.
    expect(first[0]).toBe(20_000 - OPUS_PRE_ROLL);
    expect(first[OPUS_PRE_ROLL]).toBe(0);
    expect(first[OPUS_PRE_ROLL + 7999]).toBe(7999);
    expect(first[OPUS_PRE_ROLL + 8000]).toBe(8000);
    // The last chunk is short (4,000 frames), and its post-roll is the loop's start.
    const last = opusChunkInput([loop], 8000, 2)[0]!;
    expect(last.length).toBe(OPUS_PRE_ROLL + 4000 + OPUS_POST_ROLL);
    expect(last[OPUS_PRE_ROLL]).toBe(16_000);
    expect(last[OPUS_PRE_ROLL + 3999]).toBe(19_999);
    expect(last[OPUS_PRE_ROLL + 4000]).toBe(0);
  });

  it('every channel alike', () => {
    const [l, r] = opusChunkInput([ramp(10_000), ramp(10_000).map((x) => -x)], 5000, 1);
    expect(l!.every((x, i) => x === -r![i]!)).toBe(true);
  });
});

describe('packets in one stored buffer', () => {
  it('come back as they went in, sizes and bytes', () => {
    const packets = [new Uint8Array([1, 2, 3]), new Uint8Array(0), Uint8Array.from({ length: 1275 }, (_, i) => i % 251)];
    const back = unpackPackets(packPackets(packets));
    expect(back.map((p) => [...p])).toEqual(packets.map((p) => [...p]));
  });

  it('a buffer cut short is refused, not read past its end', () => {
    const packed = packPackets([new Uint8Array(100), new Uint8Array(100)]);
    expect(() => unpackPackets(packed.slice(0, 150))).toThrow(/cut short/);
    expect(() => unpackPackets(packed.slice(0, 5))).toThrow(/cut short/);
  });
});

describe('the codec delay', () => {
  /** Seeded noise: any delay is unambiguous. */
  const noise = (n: number) => {
    let state = 1;
    return Float32Array.from({ length: n }, () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5));
  };

  it.each([312, 0, -120, 1000])('is found where a decoder put it (%i frames), through the codec error', (delay) => {
    const input = noise(OPUS_PRE_ROLL + 6000 + OPUS_POST_ROLL);
    const err = noise(input.length + 5000).subarray(5000);
    // decoded[i] = input[i − delay] plus an error 20 dB under it.
    const decoded = Float32Array.from({ length: input.length }, (_, i) => (input[i - delay] ?? 0) + 0.1 * err[i]!);
    const found = measureDelay(input, decoded, 3000);
    expect(found.delay).toBe(delay);
    expect(found.match).toBeGreaterThan(0.99);
  });

  it('a decoder that gives back something else does not match', () => {
    const input = noise(OPUS_PRE_ROLL + 6000 + OPUS_POST_ROLL);
    const other = noise(input.length + 77_777).subarray(77_777);
    expect(measureDelay(input, other, 3000).match).toBeLessThan(0.2);
  });
});
