/**
 * The loop hand-over (issues 11, 22): the element plays first; a loop voice of decoded windows takes
 * over at the element's place with a crossfade, its windows scheduled back to back on the audio
 * clock (each join exactly where the previous window ends), at most two held; pause, resume and
 * seeks are followed; a track change aborts the read and drops late reads and decodes (50 switches in 10 s
 * on a timer-driven clock leave one sound held and no read open); the element
 * loop stays where decoding is missing or fails. A small fake context records what is scheduled
 * (web-audio-test-api does not run a clock); the file is a real catalogue-encoded MP3 (5 s).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createLoopHandover, HANDOVER_FADE_S, HANDOVER_LEAD_S } from '../../../../src/engine/player/loop-handover';
import { JOIN_SAMPLES } from '../../../../src/engine/player/loop-voice';
import { parseMp3Layout, sliceMp3 } from '../../../../src/engine/player/mp3-layout';

vi.mock('../../../../src/lib/error-reporting', () => ({ reportError: vi.fn() }));

const FIXTURE = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/ocean-vbr.mp3`));
/** Another sound (same length), to tell which file a window was cut from. */
const OTHER = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/forest-cbr128.mp3`));
const fixtureBytes = () => FIXTURE.slice().buffer;
const RATE = 48000;
/** 1 s windows: the 5 s fixture is five of them. */
const WINDOW = 1;

class FakeParam {
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
class TimelineParam {
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
}

interface FakeSource {
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
function fakeDecode(bytes: ArrayBuffer): FakeBuffer {
  const slice = new Uint8Array(bytes);
  return { length: parseMp3Layout(slice).length, numberOfChannels: 2, slice };
}

type ContextOptions = { decode?: boolean; holdDecodes?: boolean; failAfter?: number; decodeMs?: number; timeline?: boolean };

function fakeContext(options: ContextOptions = {}) {
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

function fakeElement(currentTime = 3) {
  // readyState 4: HAVE_ENOUGH_DATA, an element that is really playing.
  return { currentTime, paused: false, ended: false, readyState: 4, dataset: {} as Record<string, string> } as unknown as HTMLMediaElement;
}

const settle = () => new Promise((r) => setTimeout(r, 5));
const end = (source: FakeSource) => source.onended?.();

/** Whether a decoded window's frames come from `file` (its first audio bytes found there). */
function cutFrom(source: FakeSource, file: Uint8Array): boolean {
  const slice = source.buffer!.slice;
  const head = slice.subarray(parseMp3Layout(slice).tag.length).subarray(0, 64);
  for (let i = 0; i + head.length <= file.length; i++) if (head.every((b, k) => file[i + k] === b)) return true;
  return false;
}

function setup(options: ContextOptions & { fetchBytes?: (url: string, signal: AbortSignal) => Promise<ArrayBuffer> } = {}) {
  const { ctx, sources, raw, held, gains } = fakeContext(options);
  const element = fakeElement();
  const elementGain = { gain: options.timeline ? new TimelineParam(raw) : new FakeParam() } as unknown as GainNode & { gain: FakeParam };
  const fetches: string[] = [];
  const output = {} as AudioNode;
  /** With `timeline`: the voices' own gains (those connected to the track's output) and the element's. */
  const levels = () => [...gains.filter((g) => g.to === output).map((g) => g.gain), elementGain.gain as unknown as TimelineParam];
  const handover = createLoopHandover({
    ctx,
    element,
    elementGain,
    output,
    decodeDelayMs: 0,
    windowSeconds: WINDOW,
    fetchBytes:
      options.fetchBytes ??
      (async (url) => {
        fetches.push(url);
        return fixtureBytes();
      }),
  });
  return { handover, sources, raw, held, element, elementGain, fetches, levels };
}

const windowBytes = (source: FakeSource) => source.buffer!.length * 2 * 4;
/** Seconds a window's decode holds before the window (a pre-roll longer than the tag's delay field). */
const skipOf = (second: number) => sliceMp3(FIXTURE, parseMp3Layout(FIXTURE), second * RATE, WINDOW * RATE + JOIN_SAMPLES).skip / RATE;
/** Each window plays on this long into the next, crossfading over the same samples. */
const TAIL = JOIN_SAMPLES / RATE;

describe('loop hand-over', () => {
  // The decoder's code is loaded with the first read in the app; here, before the first test's clock starts.
  beforeAll(() => import('../../../../src/engine/player/loop-windows'));

  it('starts a voice at the element place on the audio clock, crossfades the element out, and holds two windows, not the file', async () => {
    const { handover, sources, element, elementGain } = setup();
    handover.load('/media/ocean.mp3');
    expect(handover.active).toBe(false);
    await settle();
    expect(handover.active).toBe(true);
    // The window playing and the next one, no more.
    expect(sources).toHaveLength(2);
    const [at, offset, duration] = sources[0]!.started!;
    // Element at 3 s when ctx time is 10 s: at 10.2 s the voice plays 3.2 s, inside the window [3 s, 4 s).
    expect(at).toBeCloseTo(10 + HANDOVER_LEAD_S, 9);
    expect(offset).toBeCloseTo(skipOf(3) + 0.2, 9);
    expect(duration).toBeCloseTo(0.8 + TAIL, 9);
    expect(elementGain.gain.events.at(-1)).toEqual(['ramp', 0, at + HANDOVER_FADE_S]);
    expect(element.dataset.loop).toBe('decoded');
    expect(handover.residentBytes).toBe(windowBytes(sources[0]!) + windowBytes(sources[1]!));
    expect(handover.residentBytes).toBeLessThanOrEqual(2 * (RATE * WINDOW + 4095) * 2 * 4);
    // Shown on the element for the bench and devtools.
    expect(element.dataset.decodedBytes).toBe(String(handover.residentBytes));
  });

  it('schedules each window exactly where the previous one ends, wraps at the loop end, and frees ended windows', async () => {
    const { handover, sources } = setup();
    handover.load('/media/ocean.mp3');
    await settle();
    // Windows from 3 s: [3, 4), [4, 5), then [0, 1) again, each starting at the previous end, from its first sample.
    const starts = [3, 4, 0, 1, 2];
    for (let k = 1; k <= 3; k++) {
      end(sources[k - 1]!);
      await settle();
      expect(sources).toHaveLength(k + 2);
      const [prevAt, , prevDuration] = sources[k]!.started!;
      const [nextAt, nextOffset, nextDuration] = sources[k + 1]!.started!;
      expect(nextAt).toBeCloseTo(prevAt + prevDuration - TAIL, 12);
      expect(nextOffset).toBeCloseTo(skipOf(starts[k + 1]!), 12);
      expect(nextDuration).toBeCloseTo(WINDOW + TAIL, 12);
      // The context's sample grid: every join lands on a frame.
      expect(Math.abs(nextAt * RATE - Math.round(nextAt * RATE))).toBeLessThan(1e-6);
      expect(sources[k - 1]!.disconnected).toBe(true);
      expect(handover.residentBytes).toBe(windowBytes(sources[k]!) + windowBytes(sources[k + 1]!));
    }
    // After 3.2 s → 4 s → 5 s the loop wraps: the fourth window is the file's first second.
    expect(sources[3]!.started![0]).toBeCloseTo(10.2 + 0.8 + 1 + 1, 9);
    // The join after the file's last window continues into its first samples (decoded from the end padding).
    expect(sources[2]!.started![2]).toBeCloseTo(WINDOW + TAIL, 12);
  });

  it('follows pause and resume, and restarts at the element place after a seek but not when in step (its own loop restart)', async () => {
    const { handover, sources, element, raw } = setup();
    handover.load('/media/ocean.mp3');
    await settle();
    (element as { paused: boolean }).paused = true;
    handover.sync();
    expect(sources[0]!.stoppedAt).toBeCloseTo(10 + HANDOVER_FADE_S, 9);
    expect(handover.active).toBe(false);
    (element as { paused: boolean }).paused = false;
    handover.sync();
    await settle();
    expect(sources).toHaveLength(4);
    // In step: the element at 3.99 s when the voice started at 3.2 s 0.79 s ago.
    raw.currentTime = 10.99;
    (element as { currentTime: number }).currentTime = 3.79;
    handover.sync();
    await settle();
    expect(sources).toHaveLength(4);
    // The element wraps at 5 s as the voice does: still in step.
    raw.currentTime = 10.2 + 1.8 + 0.03;
    (element as { currentTime: number }).currentTime = 0.03;
    handover.sync();
    await settle();
    expect(sources).toHaveLength(4);
    // A seek: a new voice at the element's new place, the old one faded out when it starts.
    (element as { currentTime: number }).currentTime = 4.5;
    handover.sync();
    await settle();
    expect(sources).toHaveLength(6);
    expect(sources[4]!.started![1]).toBeCloseTo(skipOf(4) + 0.5 + HANDOVER_LEAD_S, 9);
    expect(sources[2]!.stoppedAt).toBeCloseTo(raw.currentTime + HANDOVER_LEAD_S + HANDOVER_FADE_S, 6);
  });

  it("a seek inside a hand-over's lead fades the voice out from the level it will have then, not the level read now", async () => {
    const { handover, element, raw, levels } = setup({ timeline: true });
    handover.load('/media/ocean.mp3');
    await settle();
    // The voice fades in at 10.2 s (the element out). At 10.1 s, before it has, the listener seeks: the next voice
    // takes over at 10.3 s, when the first one is at 1 (at 10.1 s it is still at 0: faded from there, it would step).
    raw.currentTime = 10.1;
    (element as { currentTime: number }).currentTime = 4.5;
    handover.sync();
    await settle();
    expect(levels()).toHaveLength(3);
    for (const level of levels()) expect(level.steps()).toEqual([]);
    // And a pause right after (before the second voice is heard): every level goes on from where it is then.
    raw.currentTime = 10.15;
    (element as { paused: boolean }).paused = true;
    handover.sync();
    for (const level of levels()) expect(level.steps()).toEqual([]);
  });

  it('keeps its own clock when the silent element restarts its loop after drifting (no jump every ~84 minutes)', async () => {
    const { handover, sources, element, raw } = setup();
    handover.load('/media/ocean.mp3');
    await settle();
    expect(sources).toHaveLength(2);
    // The voice plays 3.2 s at 10.2 s: at 12.0 s it wraps to the file's start. The element, 0.4 s behind
    // after its own restarts (3.6–8.7 ms each), restarts its loop now ('seeked' at 0.1 s, where the voice is at 0.5 s).
    raw.currentTime = 12.5;
    (element as { currentTime: number }).currentTime = 0.1;
    handover.sync();
    await settle();
    expect(sources).toHaveLength(2);
    expect(handover.active).toBe(true);
  });

  it('a track change aborts the read of the old file, and a late read of it is dropped', async () => {
    let resolveFirst: (bytes: ArrayBuffer) => void = () => {};
    const signals: AbortSignal[] = [];
    const { handover, sources, element } = setup({
      fetchBytes: (url, signal) => {
        signals.push(signal);
        if (url.endsWith('ocean.mp3')) return new Promise((resolve) => (resolveFirst = resolve));
        return Promise.resolve(OTHER.slice().buffer);
      },
    });
    handover.load('/media/ocean.mp3');
    await settle();
    handover.load('/media/forest.mp3');
    expect(signals[0]!.aborted).toBe(true);
    await settle();
    expect(sources).toHaveLength(2);
    // Ocean's fetch answers anyway (a server that ignores the abort): nothing of it is kept or played.
    resolveFirst(fixtureBytes());
    await settle();
    expect(sources).toHaveLength(2);
    expect(handover.residentBytes).toBe(windowBytes(sources[0]!) + windowBytes(sources[1]!));
    // A seek restarts the voice: from Forest's frames, not the late Ocean's.
    (element as { currentTime: number }).currentTime = 1.5;
    handover.sync();
    await settle();
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) expect(cutFrom(source, OTHER), 'every window is cut from the current file').toBe(true);
  });

  it('a window decode that answers after the track changed schedules nothing and holds nothing', async () => {
    const { handover, sources, held, elementGain } = setup({ holdDecodes: true });
    handover.load('/media/ocean.mp3');
    await settle();
    held.shift()!();
    await settle();
    // The first window plays; the next one is decoding when the track changes.
    expect(sources).toHaveLength(1);
    expect(held).toHaveLength(1);
    handover.release();
    expect(handover.active).toBe(false);
    expect(sources[0]!.stoppedAt).toBeDefined();
    expect(elementGain.gain.events.at(-1)?.[1]).toBe(1);
    held.shift()!();
    await settle();
    expect(sources).toHaveLength(1);
    end(sources[0]!);
    expect(handover.residentBytes).toBe(0);
  });

  it('a first window decoded after the track changed is never played: the new sound starts alone', async () => {
    // Both files' fetches answer at once; every window decode waits until released.
    const { handover, sources, held } = setup({
      holdDecodes: true,
      fetchBytes: async (url) => (url.endsWith('ocean.mp3') ? fixtureBytes() : OTHER.slice().buffer),
    });
    handover.load('/media/ocean.mp3');
    await settle();
    // Ocean's first window is decoding when the user picks Forest.
    expect(held).toHaveLength(1);
    handover.load('/media/forest.mp3');
    await settle();
    expect(held).toHaveLength(2);
    // Ocean's decode answers first, then Forest's.
    held.shift()!();
    await settle();
    expect(sources, 'nothing of the old sound is scheduled').toHaveLength(0);
    expect(handover.active).toBe(false);
    held.shift()!();
    await settle();
    held.shift()?.();
    await settle();
    expect(handover.active).toBe(true);
    for (const source of sources) expect(cutFrom(source, OTHER), 'every window is cut from the current file').toBe(true);
    expect(handover.residentBytes).toBe(sources.filter((s) => !s.disconnected).reduce((sum, s) => sum + windowBytes(s), 0));
  });

  it('a fetch that answers after the track changed is not what the offline save stores for the new sound', async () => {
    const answer = new Map<string, (bytes: ArrayBuffer) => void>();
    const { handover } = setup({ fetchBytes: (url) => new Promise((resolve) => answer.set(url, resolve)) });
    handover.load('/media/ocean.mp3');
    await settle();
    handover.load('/media/forest.mp3');
    const saved = handover.fileBytes!;
    await settle();
    // A server that ignores the abort: Ocean's bytes arrive while Forest's are still on their way.
    answer.get('/media/ocean.mp3')!(fixtureBytes());
    await settle();
    answer.get('/media/forest.mp3')!(OTHER.slice().buffer);
    // Compared as one Buffer: a failing toEqual on 80 kB arrays takes minutes to print.
    expect(Buffer.from(await saved).equals(OTHER)).toBe(true);
  });

  it('50 switches in 10 s leave one sound windows resident and no read in flight for the sounds that stopped', async () => {
    vi.useFakeTimers();
    try {
      const t0 = Date.now();
      const { handover, sources, raw } = setup({
        decodeMs: 150,
        fetchBytes: (url, signal) => {
          const read = { url, signal, settled: false };
          reads.push(read);
          // 40–279 ms: some reads answer within their sound's 200 ms, others are overtaken.
          const ms = 40 + ((reads.length * 67) % 240);
          return new Promise<ArrayBuffer>((resolve, reject) => {
            const timer = setTimeout(() => {
              read.settled = true;
              resolve(url.endsWith('ocean.mp3') ? fixtureBytes() : OTHER.slice().buffer);
            }, ms);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              read.settled = true;
              reject(new DOMException('aborted', 'AbortError'));
            });
          });
        },
      });
      const reads: { url: string; signal: AbortSignal; settled: boolean }[] = [];
      // The audio clock runs with the timers; a buffer source ends when its time is up or at its stop().
      Object.defineProperty(raw, 'currentTime', { get: () => 10 + (Date.now() - t0) / 1000 });
      const switches: { at: number; file: Uint8Array }[] = [];
      for (let i = 0; i < 50; i++) {
        const ocean = i % 2 === 0;
        switches.push({ at: raw.currentTime, file: ocean ? FIXTURE : OTHER });
        handover.load(ocean ? '/media/ocean.mp3' : '/media/forest.mp3');
        // Mostly 70 ms apart, every fifth sound heard for 720 ms (a voice takes over, its next window decodes): 10 s in all.
        await vi.advanceTimersByTimeAsync(i % 5 === 4 ? 720 : 70);
      }
      await vi.advanceTimersByTimeAsync(3000);
      // The scenario overlaps: voices took over (windows played) and reads were overtaken.
      expect(sources.filter((s) => cutFrom(s, FIXTURE)).length).toBeGreaterThanOrEqual(5);
      // No window is scheduled for a sound after the switch away from it (a late decode dropped, not played once).
      for (const source of sources) {
        const current = switches.filter((s) => s.at < source.created).at(-1)!;
        expect(cutFrom(source, current.file), `the window created at ${source.created.toFixed(3)} s is cut from the sound then chosen`).toBe(true);
      }
      const overtaken = reads.slice(0, -1);
      expect(overtaken.filter((r) => r.signal.aborted).length).toBeGreaterThan(5);
      expect(overtaken.filter((r) => !r.settled), 'reads still in flight for stopped sounds').toEqual([]);
      // What is resident: the last sound's windows only, the one playing and the next.
      const live = sources.filter((s) => !s.ended);
      expect(live.length).toBeGreaterThan(0);
      expect(live.length).toBeLessThanOrEqual(2);
      for (const source of live) expect(cutFrom(source, OTHER), 'only the current sound is held').toBe(true);
      expect(handover.residentBytes).toBe(live.reduce((sum, s) => sum + windowBytes(s), 0));
      expect(handover.active).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a window that cannot be decoded mid-play hands the sound back to the element (never silence)', async () => {
    const { handover, sources, elementGain, element } = setup({ failAfter: 2 });
    handover.load('/media/ocean.mp3');
    await settle();
    expect(handover.active).toBe(true);
    end(sources[0]!);
    await settle();
    expect(handover.active).toBe(false);
    expect(elementGain.gain.events.at(-1)?.[1]).toBe(1);
    expect(element.dataset.loop).toBe('element');
  });

  it('a window decoded after its time starts where the audio clock is by then (no late slide, no doubled join)', async () => {
    const { handover, sources, held, raw } = setup({ holdDecodes: true });
    handover.load('/media/ocean.mp3');
    await settle();
    held.shift()!();
    await settle();
    // The window [3 s, 4 s) plays from 3.2 s at 10.2 s; the next one was due at 11.0 s, and the page stalled until 11.5 s.
    raw.currentTime = 11.5;
    held.shift()!();
    await settle();
    expect(sources).toHaveLength(2);
    const [at, offset, duration] = sources[1]!.started!;
    expect(at).toBeCloseTo(11.6, 4);
    // Where the clock says the sound is at 11.6 s: 4.6 s, inside the window [4 s, 5 s).
    expect(offset).toBeCloseTo(skipOf(4) + 0.6, 4);
    expect(duration).toBeCloseTo(0.4 + TAIL, 4);
    expect(handover.active).toBe(true);
  });

  it('waits for the element to play before reading (the first sound comes first)', async () => {
    const { handover, element, fetches } = setup();
    (element as { paused: boolean }).paused = true;
    handover.load('/media/rain.mp3');
    await settle();
    expect(fetches).toEqual([]);
    (element as { paused: boolean }).paused = false;
    handover.sync();
    await settle();
    expect(fetches).toEqual(['/media/rain.mp3']);
  });

  it('does not read a stream that was asked to play but has no data yet (slow or failing): it waits for the element to really play', async () => {
    const { handover, element, fetches } = setup();
    // play() was called (paused is false at once) while the stream is still loading.
    (element as { readyState: number }).readyState = 0;
    handover.load('/media/wind.mp3');
    handover.sync();
    await settle();
    expect(fetches).toEqual([]);
    // The 'playing' event: data has arrived.
    (element as { readyState: number }).readyState = 4;
    handover.sync();
    await settle();
    expect(fetches).toEqual(['/media/wind.mp3']);
  });

  it('a read that falls due while the element is buffering waits for it to play again', async () => {
    const timers: (() => void)[] = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void) => {
      timers.push(run);
      return timers.length;
    }) as unknown as typeof setTimeout);
    try {
      const { handover, element, fetches } = setup();
      handover.load('/media/rain.mp3');
      expect(timers).toHaveLength(1);
      // Stalled before the timer ran ('waiting'): readyState falls below HAVE_FUTURE_DATA.
      (element as { readyState: number }).readyState = 2;
      timers[0]!();
      expect(fetches).toEqual([]);
      // Playing again: the read is set again and runs.
      (element as { readyState: number }).readyState = 4;
      handover.sync();
      expect(timers).toHaveLength(2);
      timers[1]!();
      expect(fetches).toEqual(['/media/rain.mp3']);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('decodes the cached copy blob instead of fetching its object URL', async () => {
    const { handover, fetches, sources } = setup();
    handover.load('blob:http://localhost/x', new Blob([FIXTURE]));
    await settle();
    await settle();
    expect(fetches).toEqual([]);
    expect(sources).toHaveLength(2);
  });

  it('leaves the element loop audible where decodeAudioData is missing, the read fails or the file has no gapless tag', async () => {
    const missing = setup({ decode: false });
    missing.handover.load('/media/ocean.mp3');
    await settle();
    expect(missing.fetches).toEqual([]);
    expect(missing.sources).toHaveLength(0);
    const failing = setup({ fetchBytes: () => Promise.reject(new Error('offline')) });
    failing.handover.load('/media/ocean.mp3');
    await settle();
    expect(failing.sources).toHaveLength(0);
    failing.handover.sync();
    expect(failing.elementGain.gain.value).toBe(1);
    const untagged = setup({ fetchBytes: async () => FIXTURE.slice(parseMp3Layout(FIXTURE).tag.length).buffer });
    untagged.handover.load('/media/ocean.mp3');
    await settle();
    expect(untagged.sources).toHaveLength(0);
    expect(untagged.elementGain.gain.value).toBe(1);
  });
});
