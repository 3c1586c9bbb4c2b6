/**
 * An own sound's voice (issue 41), the one way its stored chunks sound, as the track and as a layer: chunk after
 * chunk on the audio clock, each starting on the frame the last one ends, the last into the first; a read only when
 * the clock is within 8 s of needing it; stopped, every chunk stops at the fade's end and nothing more is read; a
 * failed read stops it and says so once. The context is a fake clock: what is checked is the schedule itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATE_LEAD_S, startOwnSoundVoice, type OwnSoundSource } from '../../../../src/engine/own-sound/own-sound-voice';

class FakeBuffer {
  readonly length: number;
  readonly numberOfChannels: number;
  readonly data: Float32Array[];
  constructor(options: { length: number; numberOfChannels: number; sampleRate: number }) {
    this.length = options.length;
    this.numberOfChannels = options.numberOfChannels;
    this.data = Array.from({ length: options.numberOfChannels }, () => new Float32Array(options.length));
  }
  copyToChannel(source: Float32Array, channel: number) {
    this.data[channel]!.set(source);
  }
}

interface Started {
  buffer: FakeBuffer;
  at: number;
  stoppedAt?: number;
  ended(): void;
}

let started: Started[] = [];

class FakeSource {
  readonly buffer: FakeBuffer;
  private readonly listeners: (() => void)[] = [];
  constructor(_ctx: unknown, options: { buffer: FakeBuffer }) {
    this.buffer = options.buffer;
  }
  connect() {}
  disconnect() {}
  addEventListener(_type: 'ended', listener: () => void) {
    this.listeners.push(listener);
  }
  start(at: number) {
    started.push({ buffer: this.buffer, at, ended: () => this.listeners.forEach((listener) => listener()) });
  }
  stop(at: number) {
    const entry = started.find((each) => each.buffer === this.buffer);
    if (entry) entry.stoppedAt = at;
  }
}

const RATE = 48_000;
/** Three chunks of a 2.5 s mono loop at 48 kHz: 1 s, 1 s and 0.5 s, each filled with its own index + 1. */
function source(reads: number[], fail?: number): OwnSoundSource {
  const lengths = [RATE, RATE, RATE / 2];
  return {
    id: 'a1', sampleRate: RATE, channels: 1, chunkFrames: RATE, chunkCount: 3, frames: 2.5 * RATE,
    readChunk: (index) => {
      reads.push(index);
      if (reads.length === fail) return Promise.reject(new Error('the chunk is gone'));
      return Promise.resolve(new Int16Array(lengths[index]!).fill((index + 1) * 1000).buffer);
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeEach(() => {
  started = [];
  vi.useFakeTimers();
  vi.stubGlobal('AudioBuffer', FakeBuffer);
  vi.stubGlobal('AudioBufferSourceNode', FakeSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('an own sound\'s voice', () => {
  it('plays its chunks back to back on the frame, the last into the first, reading only 8 s ahead of the clock', async () => {
    const ctx = { sampleRate: RATE, currentTime: 0 };
    const reads: number[] = [];
    const voice = startOwnSoundVoice({ ctx: ctx as unknown as BaseAudioContext, output: {} as AudioNode, source: source(reads), at: 0.1, onFailed: () => expect.unreachable() });
    await settle();
    // 0.1 s, then every chunk's start is the last one's end, exactly: 1 + 1 + 0.5 s per turn of the loop.
    const starts = started.map((each) => each.at);
    expect(starts.slice(0, 7)).toEqual([0.1, 1.1, 2.1, 2.6, 3.6, 4.6, 5.1].map((t) => Math.round(t * RATE) / RATE));
    for (let i = 1; i < started.length; i++) expect(Math.round(started[i]!.at * RATE)).toBe(Math.round(started[i - 1]!.at * RATE) + started[i - 1]!.buffer.length);
    expect(reads.slice(0, 6)).toEqual([0, 1, 2, 0, 1, 2]);
    // Scheduled until 8 s ahead, and no further.
    const end = started.at(-1)!.at + started.at(-1)!.buffer.length / RATE;
    expect(end).toBeGreaterThanOrEqual(8);
    expect(started.at(-1)!.at).toBeLessThan(8);
    // The stored 16-bit samples, as floats.
    expect(started[2]!.buffer.data[0]![0]).toBeCloseTo(3000 / 32767, 6);
    // Held: only the chunks not yet over (the whole 8 s here, nothing has ended), mono floats.
    expect(voice.residentBytes).toBe(started.reduce((sum, each) => sum + each.buffer.length * 4, 0));

    // The clock moves on and a chunk ends: the next read comes, contiguous still.
    const count = started.length;
    ctx.currentTime = 1.2;
    started[0]!.ended();
    await settle();
    expect(started.length).toBeGreaterThan(count);
    expect(Math.round(started[count]!.at * RATE)).toBe(Math.round(started[count - 1]!.at * RATE) + started[count - 1]!.buffer.length);

    // Stopped: every chunk at the given time, and the once-a-second pump reads nothing more.
    const readsAtStop = reads.length;
    voice.stop(1.25);
    // The first chunk had ended; every other one stops at the fade's end.
    expect(started.slice(1).every((each) => each.stoppedAt === 1.25)).toBe(true);
    expect(started[0]!.stoppedAt).toBeUndefined();
    ctx.currentTime = 30;
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads.length).toBe(readsAtStop);
  });

  it('a context at 44.1 kHz plays the 48 kHz chunks resampled, still meeting on whole frames', async () => {
    const ctx = { sampleRate: 44_100, currentTime: 0 };
    startOwnSoundVoice({ ctx: ctx as unknown as BaseAudioContext, output: {} as AudioNode, source: source([]), at: 0.1, onFailed: () => expect.unreachable() });
    await settle();
    expect(started.length).toBeGreaterThan(3);
    for (let i = 1; i < started.length; i++) expect(Math.round(started[i]!.at * 44_100)).toBe(Math.round(started[i - 1]!.at * 44_100) + started[i - 1]!.buffer.length);
    // A turn of the loop is 2.5 s at either rate, within a frame.
    const turn = started.slice(0, 3).reduce((sum, each) => sum + each.buffer.length, 0);
    expect(Math.abs(turn - 2.5 * 44_100)).toBeLessThanOrEqual(1);
  });

  it('a read that fails (the sound deleted meanwhile) stops the voice and says so once', async () => {
    const ctx = { sampleRate: RATE, currentTime: 0 };
    const reads: number[] = [];
    const failed = vi.fn();
    startOwnSoundVoice({ ctx: ctx as unknown as BaseAudioContext, output: {} as AudioNode, source: source(reads, 3), at: 0.1, onFailed: failed });
    await settle();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(failed.mock.calls[0]![0]).toMatchObject({ message: 'the chunk is gone' });
    expect(started).toHaveLength(2);
    expect(started.every((each) => each.stoppedAt === 0)).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toHaveLength(3);
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('a first read that comes after its time starts a moment from now, not at the clock the page reads, and the next chunk follows it on the frame', async () => {
    const ctx = { sampleRate: RATE, currentTime: 0 };
    const slow = source([]);
    const read = slow.readChunk;
    // The database answers late: the clock has passed the first chunk's time (0.1 s) by then.
    const late: OwnSoundSource = { ...slow, readChunk: async (index) => {
      if (index === 0 && started.length === 0) ctx.currentTime = 0.5;
      return read(index);
    } };
    const voice = startOwnSoundVoice({ ctx: ctx as unknown as BaseAudioContext, output: {} as AudioNode, source: late, at: 0.1, onFailed: () => expect.unreachable() });
    await settle();
    // Started at the page's clock, the audio thread (already past it) would start it wherever it stands, and the
    // next chunk, placed from this one's frame, would overlap it.
    expect(Math.round(started[0]!.at * RATE)).toBe(Math.ceil((0.5 + LATE_LEAD_S) * RATE));
    expect(Math.round(started[1]!.at * RATE)).toBe(Math.round(started[0]!.at * RATE) + started[0]!.buffer.length);
    // Stopped before the fakes go: a read still on its way must not build a buffer after the test.
    voice.stop(0);
    await settle();
  });
});
