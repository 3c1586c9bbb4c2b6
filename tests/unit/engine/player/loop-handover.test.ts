/**
 * The loop hand-over (issue 11): the element plays first; the decoded copy takes over at the
 * element's place with a crossfade; pause, resume and seeks are followed; one decoded loop at most,
 * released on a track change; the element loop stays where decoding is missing or fails.
 * A small fake context records what is scheduled (web-audio-test-api does not run a clock).
 */
import { describe, expect, it, vi } from 'vitest';
import { createLoopHandover, HANDOVER_FADE_S, HANDOVER_LEAD_S } from '../../../../src/engine/player/loop-handover';

vi.mock('../../../../src/lib/error-reporting', () => ({ reportError: vi.fn() }));

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

interface FakeSource {
  buffer: { duration: number } | null;
  loop: boolean;
  started?: [number, number];
  stoppedAt?: number;
  onended: (() => void) | null;
}

function fakeContext(options: { decode?: boolean } = {}) {
  const sources: FakeSource[] = [];
  const ctx = {
    currentTime: 10,
    createGain: () => ({ gain: new FakeParam(), connect() {}, disconnect() {} }),
    createBufferSource: () => {
      const source: FakeSource & Record<string, unknown> = {
        buffer: null,
        loop: false,
        onended: null,
        connect() {},
        disconnect() {},
        start(at: number, offset: number) {
          source.started = [at, offset];
        },
        stop(at: number) {
          source.stoppedAt = at;
        },
      };
      sources.push(source);
      return source;
    },
    decodeAudioData:
      options.decode === false
        ? undefined
        : async (bytes: ArrayBuffer) => ({ duration: 120, length: 5_760_000, numberOfChannels: 2, byteLength: bytes.byteLength }),
  };
  return { ctx: ctx as unknown as BaseAudioContext, sources, raw: ctx };
}

function fakeElement(currentTime = 3) {
  // readyState 4: HAVE_ENOUGH_DATA, an element that is really playing.
  return { currentTime, paused: false, ended: false, readyState: 4, dataset: {} as Record<string, string> } as unknown as HTMLMediaElement;
}

const settle = () => new Promise((r) => setTimeout(r, 5));

function setup(options: { decode?: boolean; fetchBytes?: (url: string) => Promise<ArrayBuffer> } = {}) {
  const { ctx, sources, raw } = fakeContext(options);
  const element = fakeElement();
  const elementGain = { gain: new FakeParam() } as unknown as GainNode & { gain: FakeParam };
  const fetches: string[] = [];
  const handover = createLoopHandover({
    ctx,
    element,
    elementGain,
    output: {} as AudioNode,
    decodeDelayMs: 0,
    fetchBytes:
      options.fetchBytes ??
      (async (url) => {
        fetches.push(url);
        return new ArrayBuffer(8);
      }),
  });
  return { handover, sources, raw, element, elementGain, fetches };
}

describe('loop hand-over', () => {
  it('starts the decoded loop at the element place on the audio clock and crossfades the element out', async () => {
    const { handover, sources, element, elementGain } = setup();
    handover.load('/media/ocean.mp3');
    expect(handover.active).toBe(false);
    await settle();
    expect(handover.active).toBe(true);
    expect(sources).toHaveLength(1);
    const [at, offset] = sources[0]!.started!;
    expect(sources[0]!.loop).toBe(true);
    // Element at 3 s when ctx time is 10 s; scheduled ahead at the element's place then.
    expect(at).toBeCloseTo(10 + HANDOVER_LEAD_S, 6);
    expect(offset).toBeCloseTo(3 + HANDOVER_LEAD_S, 6);
    expect(elementGain.gain.events.at(-1)).toEqual(['ramp', 0, at + HANDOVER_FADE_S]);
    expect(element.dataset.loop).toBe('decoded');
    expect(handover.residentBytes).toBe(5_760_000 * 2 * 4);
  });

  it('follows pause and resume, and restarts at the element place after a seek but not on its own loop restart', async () => {
    const { handover, sources, element, raw } = setup();
    handover.load('/media/ocean.mp3');
    await settle();
    (element as { paused: boolean }).paused = true;
    handover.sync();
    expect(sources[0]!.stoppedAt).toBeCloseTo(10 + HANDOVER_FADE_S, 6);
    expect(handover.active).toBe(false);
    expect(handover.residentBytes).toBeGreaterThan(0); // kept for the resume
    (element as { paused: boolean }).paused = false;
    handover.sync();
    expect(sources).toHaveLength(2);
    // The buffer plays on in step with the element: no restart.
    raw.currentTime = 20;
    (element as { currentTime: number }).currentTime = 12.99;
    handover.sync();
    expect(sources).toHaveLength(2);
    // The element wraps at 120 s as the buffer does: still in step, no restart.
    raw.currentTime = 127.05;
    (element as { currentTime: number }).currentTime = 0.03;
    handover.sync();
    expect(sources).toHaveLength(2);
    // A seek: the buffer starts again at the element's new place.
    (element as { currentTime: number }).currentTime = 118.5;
    handover.sync();
    expect(sources).toHaveLength(3);
    expect(sources[2]!.started![1]).toBeCloseTo(118.5 + HANDOVER_LEAD_S, 6);
    expect(sources[1]!.stoppedAt).toBeDefined();
  });

  it('keeps one decoded loop: a new track releases the old one first, and the old one\'s decode, not yet started, never runs', async () => {
    let resolveFirst: (bytes: ArrayBuffer) => void = () => {};
    const calls: string[] = [];
    const { handover, sources, elementGain } = setup({
      fetchBytes: (url) => {
        calls.push(url);
        if (url.endsWith('ocean.mp3')) return new Promise((resolve) => (resolveFirst = resolve));
        return Promise.resolve(new ArrayBuffer(8));
      },
    });
    handover.load('/media/ocean.mp3');
    handover.load('/media/rain.mp3');
    await settle();
    expect(sources).toHaveLength(1);
    resolveFirst(new ArrayBuffer(8));
    await settle();
    expect(sources).toHaveLength(1); // Ocean's decode was cancelled before it fetched (late answers: the test below)
    handover.release();
    expect(handover.residentBytes).toBe(0);
    expect(handover.active).toBe(false);
    expect(sources[0]!.stoppedAt).toBeDefined();
    // The element is heard again (for the next track until its own decode is ready).
    expect(elementGain.gain.events.at(-1)?.[1]).toBe(1);
  });

  it('a decode of the previous track that finishes late is dropped: the new track keeps its own loop, and a late failure is not reported', async () => {
    const { reportError } = await import('../../../../src/lib/error-reporting');
    vi.mocked(reportError).mockClear();
    const late: Record<string, { resolve: (bytes: ArrayBuffer) => void; reject: (error: Error) => void }> = {};
    const { handover, sources, element } = setup({
      fetchBytes: (url) =>
        url.endsWith('rain.mp3')
          ? Promise.resolve(new ArrayBuffer(16))
          : new Promise((resolve, reject) => (late[url] = { resolve, reject })),
    });
    handover.load('/media/ocean.mp3');
    await settle();
    // Ocean's download is under way when the listener switches to Rain.
    expect(Object.keys(late)).toEqual(['/media/ocean.mp3']);
    handover.load('/media/rain.mp3');
    await settle();
    expect(sources).toHaveLength(1);
    late['/media/ocean.mp3']!.resolve(new ArrayBuffer(8));
    await settle();
    // A seek restarts the loop from what is resident: still Rain's 16 bytes, not Ocean's 8.
    (element as { currentTime: number }).currentTime = 60;
    handover.sync();
    expect(sources).toHaveLength(2);
    expect((sources[1]!.buffer as unknown as { byteLength: number }).byteLength).toBe(16);
    // A stale download that fails says nothing: Rain plays on.
    handover.load('/media/wind.mp3');
    await settle();
    handover.load('/media/rain.mp3');
    late['/media/wind.mp3']!.reject(new Error('network'));
    await settle();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('waits for the element to play before decoding (the first sound comes first)', async () => {
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

  it('does not decode a stream that was asked to play but has no data yet (slow or failing): it waits for the element to really play', async () => {
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

  it('a decode that falls due while the element is buffering waits for it to play again', async () => {
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
      // Playing again: the decode is set again and runs.
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
    handover.load('blob:http://localhost/x', new Blob([new Uint8Array(8)]));
    await settle();
    await settle();
    expect(fetches).toEqual([]);
    expect(sources).toHaveLength(1);
  });

  it('leaves the element loop audible where decodeAudioData is missing or the decode fails', async () => {
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
  });
});
