// @vitest-environment node
/**
 * A decoder that returns another length than the slice's tag asks for (issue 40): WebKitGTK 2.50 decoded windows of
 * under a frame 47–623 samples longer, the window still at its place. The sound must go on: the window plays from
 * where it starts in the buffer, and a loop voice walking through such a window schedules the windows after it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LoopSegments } from '../../../../src/catalogue/loop-segments';
import { createLoopVoice } from '../../../../src/engine/soundscape/loop-voice';
import { parseMp3Layout, sliceMp3 } from '../../../../src/engine/soundscape/mp3-layout';
import { decodeSlice } from '../../../../src/engine/soundscape/window-decode';
import { fakeDecode } from '../player/fake-loop-context';

const FIXTURE = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/ocean-vbr.mp3`));
const layout = parseMp3Layout(FIXTURE);
const RATE = 48_000;

/** A buffer of `length` samples counting up from 1 (to see which samples a window plays). */
function counting(length: number) {
  const data = Float32Array.from({ length }, (_, i) => i + 1);
  return { length, numberOfChannels: 2, sampleRate: RATE, getChannelData: () => data };
}

const decodingTo = (length: number) => ({
  sampleRate: RATE,
  decodeAudioData: () => Promise.resolve(counting(length)),
  createBuffer: (channels: number, n: number) => {
    const data = [0, 1].slice(0, channels).map(() => new Float32Array(n));
    return { length: n, numberOfChannels: channels, sampleRate: RATE, getChannelData: (c: number) => data[c]! };
  },
}) as unknown as BaseAudioContext;

describe('a window decoded to another length', () => {
  const slice = sliceMp3(FIXTURE, layout, 100_320, 480);
  const wanted = slice.skip + slice.length;

  it.each([527, 911])('longer (%i samples for a 480-sample window): the window plays from its place, the rest is never scheduled', async (length) => {
    const { buffer, skip } = await decodeSlice(decodingTo(length - 480 + wanted), slice);
    expect(skip).toBe(slice.skip);
    expect(buffer.length).toBeGreaterThanOrEqual(skip + slice.length);
  });

  it('the exact length and the untagged length keep their own offsets', async () => {
    expect((await decodeSlice(decodingTo(wanted), slice)).skip).toBe(slice.skip);
    expect((await decodeSlice(decodingTo(slice.untaggedLength), slice)).skip).toBe(slice.skipIfUntagged);
  });

  it('shorter: padded with silence at its end to the window, its samples where they were', async () => {
    const { buffer, skip } = await decodeSlice(decodingTo(wanted - 40), slice);
    expect(buffer.length).toBe(wanted);
    const data = buffer.getChannelData(0);
    expect(data[skip]).toBe(skip + 1);
    expect(Array.from(data.subarray(wanted - 40))).toEqual(new Array(40).fill(0));
  });

  it('nothing at all is an error (no window to play)', async () => {
    await expect(decodeSlice(decodingTo(0), slice)).rejects.toThrow(/decoded to 0 samples/);
  });
});

describe('a loop voice whose decoder returns 527 and 911 samples for its 480-sample window', () => {
  it('walks on through that window: no error, the window played from its place, the windows after it scheduled', async () => {
    // The last segment starts 480 samples before the file's end: its first piece is 480 samples (plus its join tail).
    const n = layout.length;
    const segments: LoopSegments = { fingerprint: 'test', length: n, crossfade: 9600, starts: [48_000, 110_400, 172_800, n - 480] };
    const sources: { started?: [number, number, number]; buffer?: { length: number }; onended: (() => void) | null }[] = [];
    let extra = 0;
    const ctx = {
      currentTime: 10,
      sampleRate: RATE,
      createGain: () => ({ gain: { value: 1 }, connect() {}, disconnect() {} }),
      createBufferSource: () => {
        const s = { onended: null, connect() {}, disconnect() {}, stop() {}, start: (...a: [number, number, number]) => void (s.started = a) } as (typeof sources)[number] & Record<string, unknown>;
        sources.push(s);
        return s;
      },
      decodeAudioData: (bytes: ArrayBuffer) => {
        const decoded = fakeDecode(bytes);
        // The 480-sample window (with its pre-roll and join tail, under two frames): WebKit's answers, 47 or 431 samples more.
        if (decoded.length >= 2 * 1152) return Promise.resolve(decoded);
        const more = [47, 431][extra++ % 2]!;
        const channels = [0, 1].map(() => new Float32Array(decoded.length + more).fill(1));
        return Promise.resolve({ length: decoded.length + more, numberOfChannels: 2, getChannelData: (c: number) => channels[c]! });
      },
    } as unknown as BaseAudioContext;
    const errors: unknown[] = [];
    const voice = createLoopVoice({ ctx, output: {} as AudioNode, file: FIXTURE, layout, windowSeconds: 1, segments, seed: 3, onError: (e) => errors.push(e) });
    await voice.start((at) => (at - 10) * RATE + 48_000, 0.2);
    const settle = () => new Promise((r) => setTimeout(r, 5));
    await settle();
    for (let k = 0; sources.length < 80 && k < 200; k++) {
      sources[k]?.onended?.();
      await settle();
    }
    expect(errors).toEqual([]);
    expect(extra).toBeGreaterThanOrEqual(2);
    const short = sources.filter((s) => s.buffer && s.buffer.length < 2 * 1152 + 431);
    expect(short.length).toBeGreaterThanOrEqual(2);
    for (const s of short) {
      const [, offset, duration] = s.started!;
      // Played from the window's place for the window (and its join tail) alone, not the decoder's extra samples.
      expect(offset * RATE + duration * RATE).toBeLessThanOrEqual(s.buffer!.length - 47 + 1e-6);
      expect(duration * RATE).toBeLessThanOrEqual(480 + 96 + 1e-6);
    }
    expect(sources.length).toBeGreaterThanOrEqual(80);
  });
});
