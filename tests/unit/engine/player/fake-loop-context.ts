/**
 * A small fake audio context for the loop voices' tests (web-audio-test-api does not run a clock): it records what is
 * scheduled, decodes as a tag-honouring decoder would (the slice's own layout says how many samples), and can hold,
 * delay or fail decodes. The file is a real catalogue-encoded MP3 (5 s).
 */
import { readFileSync } from 'node:fs';
import { JOIN_SAMPLES } from '../../../../src/engine/soundscape/loop-voice';
import { parseMp3Layout, sliceMp3 } from '../../../../src/engine/soundscape/mp3-layout';

export const FIXTURE = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/ocean-vbr.mp3`));
/** Another sound (same length), to tell which file a window was cut from. */
export const OTHER = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/forest-cbr128.mp3`));
export const fixtureBytes = () => FIXTURE.slice().buffer;
export const RATE = 48000;
/** 1 s windows: the 5 s fixture is five of them. */
export const WINDOW = 1;

export class FakeParam {
  value = 1;
  events: [string, number, number][] = [];
  cancelScheduledValues() {}
  setValueAtTime(v: number, t: number) {
    this.events.push(['set', v, t]);
  }
  linearRampToValueAtTime(v: number, t: number) {
    this.events.push(['ramp', v, t]);
    this.value = v;
  }
  setTargetAtTime(v: number, t: number) {
    this.events.push(['target', v, t]);
    this.value = v;
  }
}

/**
 * An AudioParam as the audio thread computes it: `value` is the timeline's value at the clock's time now (the
 * scheduled target comes later), so code that reads it to start a fade in the future is seen doing so.
 */
export class TimelineParam {
  events: [kind: 'set' | 'ramp', value: number, at: number][] = [];
  private intrinsic = 1;
  constructor(private readonly clock: { currentTime: number }) {}
  get value() {
    return this.at(this.clock.currentTime);
  }
  set value(v: number) {
    this.intrinsic = v;
  }
  cancelScheduledValues(t: number) {
    this.events = this.events.filter(([, , at]) => at < t);
  }
  setValueAtTime(v: number, t: number) {
    this.events.push(['set', v, t]);
  }
  linearRampToValueAtTime(v: number, t: number) {
    this.events.push(['ramp', v, t]);
  }
  at(t: number): number {
    let value = this.intrinsic;
    let since = -Infinity;
    for (const [kind, v, at] of [...this.events].sort((a, b) => a[2] - b[2])) {
      if (at > t) return kind === 'ramp' && since > -Infinity ? value + ((v - value) * (t - since)) / (at - since) : value;
      value = v;
      since = at;
    }
    return value;
  }
  /** Where a set event jumps from what the timeline held just before it: a step in the gain, heard as a click. */
  steps(): [at: number, from: number, to: number][] {
    return this.events.filter(([kind, v, at]) => kind === 'set' && Math.abs(this.at(at - 1e-7) - v) > 1e-6).map(([, v, at]) => [at, this.at(at - 1e-7), v]);
  }
}

interface FakeBuffer {
  length: number;
  numberOfChannels: number;
  /** The slice decoded (to tell which file it was cut from). */
  slice: Uint8Array;
  /** Ones as decoded: what a window holds when it plays is the envelope it was shaped with. */
  getChannelData(channel: number): Float32Array;
}

export interface FakeSource {
  buffer: FakeBuffer | null;
  started?: [number, number, number];
  stoppedAt?: number;
  disconnected: boolean;
  /** Its end was reported (onended), with `decodeMs` set (the clock runs with the timers). */
  ended?: boolean;
  /** ctx time at its creation. */
  created: number;
  onended: (() => void) | null;
}

/** Decodes as a tag-honouring decoder would: the slice's own layout says how many samples. */
export function fakeDecode(bytes: ArrayBuffer): FakeBuffer {
  const slice = new Uint8Array(bytes);
  const length = parseMp3Layout(slice).length;
  const channels = [0, 1].map(() => new Float32Array(length).fill(1));
  return { length, numberOfChannels: 2, slice, getChannelData: (channel) => channels[channel]! };
}

export type ContextOptions = { decode?: boolean; holdDecodes?: boolean; failAfter?: number; decodeMs?: number; timeline?: boolean };

export function fakeContext(options: ContextOptions = {}) {
  const sources: FakeSource[] = [];
  const held: (() => void)[] = [];
  /** With `timeline`: every gain made, and what it was connected to. */
  const gains: { gain: TimelineParam; to?: unknown }[] = [];
  let decodes = 0;
  const ctx = {
    currentTime: 10,
    sampleRate: RATE,
    createGain: () => {
      if (!options.timeline) return { gain: new FakeParam(), connect() {}, disconnect() {} };
      const gain: { gain: TimelineParam; to?: unknown } = { gain: new TimelineParam(ctx) };
      gains.push(gain);
      return { ...gain, connect: (to: unknown) => void (gain.to = to), disconnect() {} };
    },
    createBufferSource: () => {
      const source: FakeSource & Record<string, unknown> = {
        buffer: null,
        disconnected: false,
        onended: null,
        created: ctx.currentTime,
        connect() {},
        disconnect() {
          source.disconnected = true;
        },
        start(at: number, offset: number, duration: number) {
          source.started = [at, offset, duration];
          if (options.decodeMs !== undefined) endAt(source, at + duration);
        },
        stop(at: number) {
          source.stoppedAt = at;
          if (options.decodeMs !== undefined) endAt(source, at);
        },
      };
      sources.push(source);
      return source;
    },
    decodeAudioData:
      options.decode === false
        ? undefined
        : (bytes: ArrayBuffer) =>
            ++decodes > (options.failAfter ?? Infinity)
              ? Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError'))
              : options.holdDecodes
                ? new Promise<FakeBuffer>((resolve) => held.push(() => resolve(fakeDecode(bytes))))
                : options.decodeMs !== undefined
                  ? new Promise<FakeBuffer>((resolve) => setTimeout(() => resolve(fakeDecode(bytes)), options.decodeMs))
                  : Promise.resolve(fakeDecode(bytes)),
  };
  /** Reports the source's end once, when the (timer-driven) clock reaches `at`. */
  const endAt = (source: FakeSource, at: number) =>
    setTimeout(() => {
      if (source.ended) return;
      source.ended = true;
      source.onended?.();
    }, Math.max(0, at - ctx.currentTime) * 1000);
  return { ctx: ctx as unknown as BaseAudioContext, sources, raw: ctx, held, gains };
}

export const settle = () => new Promise((r) => setTimeout(r, 5));
export const end = (source: FakeSource) => source.onended?.();

/** Whether a decoded window's frames come from `file` (its first audio bytes found there). */
export function cutFrom(source: FakeSource, file: Uint8Array): boolean {
  const slice = source.buffer!.slice;
  const head = slice.subarray(parseMp3Layout(slice).tag.length).subarray(0, 64);
  for (let i = 0; i + head.length <= file.length; i++) if (head.every((b, k) => file[i + k] === b)) return true;
  return false;
}

export const windowBytes = (source: FakeSource) => source.buffer!.length * 2 * 4;
/** Seconds a window's decode holds before the window (a pre-roll longer than the tag's delay field). */
export const skipOf = (second: number) => sliceMp3(FIXTURE, parseMp3Layout(FIXTURE), second * RATE, WINDOW * RATE + JOIN_SAMPLES).skip / RATE;
/** Each window plays on this long into the next, crossfading over the same samples. */
export const TAIL = JOIN_SAMPLES / RATE;

