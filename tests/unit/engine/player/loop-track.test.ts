/**
 * The loop track (issue 22): a soundscape with no element, its file read once, its windows scheduled back to back on
 * the audio clock (each join exactly where the previous window ends), at most two held; the first windows play while
 * the file still arrives and a voice takes over at the same sample once it is whole; pause, resume and seeks; a track
 * change aborts the read and drops late reads and decodes (50 switches in 10 s on a timer-driven clock leave one
 * sound held and no read open); a file that cannot be windowed goes to the element, a failed read is an 'error'.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoopWindows } from '../../../../src/engine/soundscape/load-loop-windows';
import { HANDOVER_LEAD_S, LoopTrack, START_LEAD_S, TRACK_FADE_S } from '../../../../src/engine/player/loop-track';
import { parseMp3Layout } from '../../../../src/engine/soundscape/mp3-layout';
import type { FetchFile } from '../../../../src/engine/soundscape/streamed-file';
import { openSource } from '../../../../src/engine/player/track-media';
import {
  cutFrom,
  end,
  fakeContext,
  fakeDecode,
  FIXTURE,
  fixtureBytes,
  OTHER,
  RATE,
  settle,
  skipOf,
  TAIL,
  WINDOW,
  windowBytes,
  type ContextOptions,
  type TimelineParam,
} from './fake-loop-context';

vi.mock('../../../../src/lib/error-reporting', () => ({ reportError: vi.fn() }));

type Setup = ContextOptions & { fetchFile?: FetchFile; loadWindows?: () => Promise<LoopWindows>; startInOrder?: boolean };

function setup(options: Setup = {}) {
  const { ctx, sources, raw, held, gains } = fakeContext(options);
  const fetches: string[] = [];
  const output = {} as AudioNode;
  const unplayable: { error: unknown; at: number }[] = [];
  const fetchFile: FetchFile =
    options.fetchFile ??
    (async (url) => {
      fetches.push(url);
      return new Response(url.endsWith('forest.mp3') ? OTHER.slice() : FIXTURE.slice());
    });
  const track = new LoopTrack({
    openFile: (source) => openSource(source, fetchFile),
    loadWindows: options.loadWindows,
    // One voice per start unless a test looks at the in-order start and its hand-over.
    startInOrder: options.startInOrder ?? false,
    onUnplayable: (error, { at }) => unplayable.push({ error, at }),
    windowSeconds: WINDOW,
    streamWindowSeconds: WINDOW,
    // The window mechanics at a window's scale: no minimum look-ahead (loop-walk.test.ts tests the voice's own).
    aheadSeconds: 0,
  });
  const events: string[] = [];
  for (const type of ['loadstart', 'canplay', 'playing', 'pause', 'seeked', 'error']) track.addEventListener(type, () => events.push(type));
  track.attach({ ctx, output });
  /** With `timeline`: the voices' own gains (those connected to the track's output). */
  const levels = () => gains.filter((g) => g.to === output).map((g) => g.gain as TimelineParam);
  const play = (src: string, blob?: Blob) => {
    track.setSource({ src, url: src, blob });
    void track.play();
  };
  return { track, sources, raw, held, fetches, levels, unplayable, events, play };
}

describe('loop track', () => {
  // The decoder's code is loaded with the first read in the app; here, before the first test's clock starts.
  beforeAll(() => import('../../../../src/engine/soundscape/loop-windows'));

  it('plays the file from its start on the audio clock, with no element, holding two windows, not the file', async () => {
    const { track, sources, events, play } = setup();
    play('/media/ocean.mp3');
    expect(track.paused).toBe(false);
    await settle();
    expect(events).toEqual(['loadstart', 'canplay', 'playing']);
    // The window playing and the next one, no more.
    expect(sources).toHaveLength(2);
    const [at, offset, duration] = sources[0]!.started!;
    expect(at).toBeCloseTo(10 + START_LEAD_S, 9);
    expect(offset).toBeCloseTo(skipOf(0), 9);
    expect(duration).toBeCloseTo(WINDOW + TAIL, 9);
    expect(track.residentBytes).toBe(windowBytes(sources[0]!) + windowBytes(sources[1]!));
    expect(track.residentBytes).toBeLessThanOrEqual(2 * (RATE * WINDOW + 4095) * 2 * 4);
    expect(track.duration).toBeCloseTo(5, 6);
  });

  it('plays a saved copy from the bytes the cache read, without reading its blob back (a round trip)', async () => {
    const { track, events, fetches } = setup();
    const blob = new Blob([FIXTURE.slice()]);
    const read = vi.spyOn(blob, 'arrayBuffer');
    track.setSource({ src: 'blob:copy', url: '/media/ocean.mp3', blob, bytes: FIXTURE.slice().buffer });
    void track.play();
    await settle();
    expect(events).toEqual(['loadstart', 'canplay', 'playing']);
    expect(read).not.toHaveBeenCalled();
    expect(fetches).toEqual([]);
  });

  it("takes over a voice heard elsewhere (the first tap's) at the place it has reached, and fades it as its own fades in", async () => {
    const { track, sources, play } = setup();
    // The script's voice started at 8 s on the audio clock (now 10 s): 2 s into the file, moving with the clock.
    const fades: (number | undefined)[] = [];
    track.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' });
    track.follow({ position: (t) => t - 8, fade: (at) => fades.push(at) });
    void track.play();
    await settle();
    // Scheduled ahead as a hand-over, at the voice's place then (2.2 s into the file: the third window, 0.2 s in).
    const [at, offset] = sources[0]!.started!;
    expect(at).toBeCloseTo(10 + HANDOVER_LEAD_S, 9);
    expect(offset).toBeCloseTo(skipOf(2) + 0.2, 3);
    expect(fades).toEqual([at]);
    // Once taken, another file does not fade it again.
    play('/media/forest.mp3');
    await settle();
    expect(fades).toHaveLength(1);
  });

  it('a voice heard elsewhere that the track never takes over is faded: a new file, a pause before the start', async () => {
    const { track, play } = setup();
    const fades: string[] = [];
    track.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' });
    track.follow({ position: () => 1, fade: () => fades.push('first') });
    track.follow({ position: () => 1, fade: () => fades.push('second') });
    expect(fades).toEqual(['first']);
    play('/media/forest.mp3');
    expect(fades).toEqual(['first', 'second']);
    track.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' });
    track.follow({ position: () => 1, fade: () => fades.push('third') });
    track.pause();
    expect(fades).toEqual(['first', 'second', 'third']);
  });

  it('schedules each window exactly where the previous one ends, wraps at the loop end, and frees ended windows', async () => {
    const { track, sources, play } = setup();
    play('/media/ocean.mp3');
    await settle();
    const starts = [0, 1, 2, 3, 4, 0];
    for (let k = 1; k <= 4; k++) {
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
      expect(track.residentBytes).toBe(windowBytes(sources[k]!) + windowBytes(sources[k + 1]!));
    }
    // After five windows the loop wraps: the sixth is the file's first second, joined to the last one's end padding.
    expect(sources[5]!.started![0]).toBeCloseTo(10 + START_LEAD_S + 5, 9);
  });

  it('pauses, resumes where it paused, and a seek starts a voice at the new place that takes over from the old one', async () => {
    const { track, sources, raw, events, play } = setup();
    play('/media/ocean.mp3');
    await settle();
    raw.currentTime = 11.35;
    const pausedAt = 1.35 - START_LEAD_S;
    expect(track.currentTime).toBeCloseTo(pausedAt, 9);
    track.pause();
    expect(events.at(-1)).toBe('pause');
    expect(sources[0]!.stoppedAt).toBeCloseTo(11.35 + TRACK_FADE_S, 9);
    raw.currentTime = 20;
    expect(track.currentTime).toBeCloseTo(pausedAt, 9);
    await track.play();
    await settle();
    expect(events.at(-1)).toBe('playing');
    // From where it paused: inside the window [1 s, 2 s), at the start lead.
    const resumed = sources[2]!.started!;
    expect(resumed[0]).toBeCloseTo(20 + START_LEAD_S, 9);
    expect(resumed[1]).toBeCloseTo(skipOf(1) + pausedAt - 1, 6);
    // A seek: a new voice at the new place, the old one faded out when it starts.
    const before = sources.length;
    track.currentTime = 4.5;
    await settle();
    expect(events.at(-1)).toBe('seeked');
    expect(sources[before]!.started![0]).toBeCloseTo(20 + HANDOVER_LEAD_S, 9);
    expect(sources[before]!.started![1]).toBeCloseTo(skipOf(4) + 0.5, 6);
    expect(sources[2]!.stoppedAt).toBeCloseTo(20 + HANDOVER_LEAD_S + TRACK_FADE_S, 6);
  });

  it("a seek inside a start's lead fades the voice out from the level it will have then, not the level read now", async () => {
    const { track, raw, levels, play } = setup({ timeline: true });
    play('/media/ocean.mp3');
    await settle();
    // The voice fades in at 10.02 s. At 10.01 s, before it has, the listener seeks: the next voice takes over at
    // 10.21 s, when the first one is at 1 (at 10.01 s it is still at 0: faded from there, it would step).
    raw.currentTime = 10.01;
    track.currentTime = 4.5;
    await settle();
    expect(levels()).toHaveLength(2);
    for (const level of levels()) expect(level.steps()).toEqual([]);
    // And a pause right after (before the second voice is heard): every level goes on from where it is then.
    raw.currentTime = 10.1;
    track.pause();
    for (const level of levels()) expect(level.steps()).toEqual([]);
  });

  it('plays the first windows while the file arrives, each waiting for its bytes, and a voice takes over at the same sample once it is whole', async () => {
    let push: (bytes: Uint8Array) => void = () => {};
    let close = () => {};
    const { track, sources, raw, events, play } = setup({
      fetchFile: async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (bytes) => controller.enqueue(bytes);
              close = () => controller.close();
            },
          }),
        ),
    });
    play('/media/ocean.mp3');
    await settle();
    expect(events).toEqual(['loadstart']);
    // The tag and about two seconds of frames: the first window plays, the second waits for its bytes.
    const layout = parseMp3Layout(FIXTURE);
    const twoSeconds = layout.offsets[Math.ceil((2 * RATE + layout.delay + 529 + 1152) / 1152)]!;
    push(FIXTURE.slice(0, twoSeconds));
    await settle();
    expect(events).toEqual(['loadstart', 'canplay', 'playing']);
    expect(sources.length).toBeGreaterThanOrEqual(1);
    expect(sources[0]!.started![1]).toBeCloseTo(skipOf(0), 9);
    const streamed = sources.length;
    end(sources[0]!);
    await settle();
    expect(sources.length, 'the window past the bytes that came waits for them').toBeLessThanOrEqual(Math.max(streamed, 2));
    // The rest arrives: the whole file's voice starts where the streaming one is then, a hand-over lead ahead.
    raw.currentTime = 10.5;
    const before = sources.length;
    push(FIXTURE.slice(twoSeconds));
    close();
    await settle();
    await settle();
    // The streaming voice's windows stop as the whole file's voice comes in; that one's first window is heard from 10.7 s.
    for (const source of sources.slice(0, 3)) expect(source.stoppedAt ?? Infinity).toBeGreaterThanOrEqual(10.5 + HANDOVER_LEAD_S);
    const taking = sources.slice(before).filter((s) => s.stoppedAt === undefined);
    expect(taking.length).toBeGreaterThan(0);
    const [at, offset] = taking[0]!.started!;
    expect(at).toBeCloseTo(10.5 + HANDOVER_LEAD_S, 9);
    // At 10.7 s the stream has played 0.68 s: the walk starts that far into the file's first window.
    expect(offset).toBeCloseTo(skipOf(0) + (at - (10 + START_LEAD_S)), 6);
    expect(await track.fileBytes!.then((b) => Buffer.from(b).equals(FIXTURE))).toBe(true);
  });

  it('a track change aborts the read of the old file, and a late read of it is dropped', async () => {
    let resolveFirst: (response: Response) => void = () => {};
    const signals: AbortSignal[] = [];
    const { track, sources, play } = setup({
      fetchFile: (url, { signal }) => {
        signals.push(signal);
        if (url.endsWith('ocean.mp3')) return new Promise((resolve) => (resolveFirst = resolve));
        return Promise.resolve(new Response(OTHER.slice()));
      },
    });
    play('/media/ocean.mp3');
    await settle();
    play('/media/forest.mp3');
    expect(signals[0]!.aborted).toBe(true);
    await settle();
    expect(sources).toHaveLength(2);
    // Ocean's fetch answers anyway (a server that ignores the abort): nothing of it is kept or played.
    resolveFirst(new Response(fixtureBytes()));
    await settle();
    expect(sources).toHaveLength(2);
    expect(track.residentBytes).toBe(windowBytes(sources[0]!) + windowBytes(sources[1]!));
    track.currentTime = 1.5;
    await settle();
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) expect(cutFrom(source, OTHER), 'every window is cut from the current file').toBe(true);
  });

  it("with a play waiting, says 'canplay' with the first sound: its window's decode is asked for before the player hears it can play", async () => {
    const { held, events, play } = setup({ holdDecodes: true });
    play('/media/ocean.mp3');
    await settle();
    // The file is open and the first window decodes; 'canplay' now would turn the page to playing (a render) first.
    expect(held).toHaveLength(1);
    expect(events).toEqual(['loadstart']);
    held.shift()!();
    await settle();
    expect(events).toEqual(['loadstart', 'canplay', 'playing']);
  });

  it("paused, says 'canplay' once the file opens; paused before the first sound, 'pause' and then 'canplay'", async () => {
    const opened = setup();
    opened.track.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' });
    await settle();
    expect(opened.events).toEqual(['loadstart', 'canplay']);
    const { track, held, events, play } = setup({ holdDecodes: true });
    play('/media/ocean.mp3');
    await settle();
    track.pause();
    expect(events).toEqual(['loadstart', 'pause', 'canplay']);
    held.shift()!();
    await settle();
    expect(events, 'a start that a pause overtook is not heard').toEqual(['loadstart', 'pause', 'canplay']);
  });

  it('a window decode that answers after the track changed schedules nothing and holds nothing', async () => {
    const { track, sources, held, play } = setup({ holdDecodes: true });
    play('/media/ocean.mp3');
    await settle();
    held.shift()!();
    await settle();
    // The first window plays; the next one is decoding when the track changes.
    expect(sources).toHaveLength(1);
    expect(held).toHaveLength(1);
    track.release();
    expect(sources[0]!.stoppedAt).toBeDefined();
    held.shift()!();
    await settle();
    expect(sources).toHaveLength(1);
    end(sources[0]!);
    expect(track.residentBytes).toBe(0);
  });

  it('a first window decoded after the track changed is never played: the new sound starts alone', async () => {
    const { track, sources, held, events, play } = setup({ holdDecodes: true });
    play('/media/ocean.mp3');
    await settle();
    // Ocean's first window is decoding when the user picks Forest.
    expect(held).toHaveLength(1);
    play('/media/forest.mp3');
    await settle();
    expect(held).toHaveLength(2);
    // Ocean's decode answers first, then Forest's.
    held.shift()!();
    await settle();
    expect(sources, 'nothing of the old sound is scheduled').toHaveLength(0);
    expect(events.filter((e) => e === 'playing')).toHaveLength(0);
    held.shift()!();
    await settle();
    held.shift()?.();
    await settle();
    expect(events.filter((e) => e === 'playing')).toHaveLength(1);
    for (const source of sources) expect(cutFrom(source, OTHER), 'every window is cut from the current file').toBe(true);
    expect(track.residentBytes).toBe(sources.filter((s) => !s.disconnected).reduce((sum, s) => sum + windowBytes(s), 0));
  });

  it("a start that resumes after the track changed (the decoder's code came late) plays nothing of the old file", async () => {
    // Both files arrive at once; the decoder's code comes for Forest first, and for Ocean (asked first) after.
    const windows = await import('../../../../src/engine/soundscape/loop-windows');
    const waiting: (() => void)[] = [];
    const { sources, events, play } = setup({ loadWindows: () => new Promise((resolve) => waiting.push(() => resolve(windows))) });
    play('/media/ocean.mp3');
    await settle();
    play('/media/forest.mp3');
    await settle();
    expect(waiting).toHaveLength(2);
    waiting[1]!();
    await settle();
    waiting[0]!();
    await settle();
    await settle();
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(cutFrom(source, OTHER), 'every window is cut from the current file').toBe(true);
    expect(events.filter((e) => e === 'playing')).toHaveLength(1);
  });

  it('a fetch that answers after the track changed is not what the offline save stores for the new sound', async () => {
    const answer = new Map<string, (response: Response) => void>();
    const { track, play } = setup({ fetchFile: (url) => new Promise((resolve) => answer.set(url, resolve)) });
    play('/media/ocean.mp3');
    await settle();
    play('/media/forest.mp3');
    const saved = track.fileBytes!;
    await settle();
    // A server that ignores the abort: Ocean's bytes arrive while Forest's are still on their way.
    answer.get('/media/ocean.mp3')!(new Response(fixtureBytes()));
    await settle();
    answer.get('/media/forest.mp3')!(new Response(OTHER.slice()));
    // Compared as one Buffer: a failing toEqual on 80 kB arrays takes minutes to print.
    expect(Buffer.from(await saved).equals(OTHER)).toBe(true);
  });

  it('50 switches in 10 s leave one sound windows resident and no read in flight for the sounds that stopped', async () => {
    vi.useFakeTimers();
    try {
      const t0 = Date.now();
      const reads: { url: string; signal: AbortSignal; settled: boolean }[] = [];
      const { track, sources, raw, play } = setup({
        decodeMs: 150,
        fetchFile: (url, { signal }) => {
          const read = { url, signal, settled: false };
          reads.push(read);
          // 40–279 ms: some reads answer within their sound's 200 ms, others are overtaken.
          const ms = 40 + ((reads.length * 67) % 240);
          return new Promise<Response>((resolve, reject) => {
            const timer = setTimeout(() => {
              read.settled = true;
              resolve(new Response(url.endsWith('ocean.mp3') ? fixtureBytes() : OTHER.slice()));
            }, ms);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              read.settled = true;
              reject(new DOMException('aborted', 'AbortError'));
            });
          });
        },
      });
      // The audio clock runs with the timers; a buffer source ends when its time is up or at its stop().
      Object.defineProperty(raw, 'currentTime', { get: () => 10 + (Date.now() - t0) / 1000 });
      const switches: { at: number; file: Uint8Array }[] = [];
      for (let i = 0; i < 50; i++) {
        const ocean = i % 2 === 0;
        switches.push({ at: raw.currentTime, file: ocean ? FIXTURE : OTHER });
        play(ocean ? '/media/ocean.mp3' : '/media/forest.mp3');
        // Mostly 70 ms apart, every fifth sound heard for 720 ms (its first windows play, the next decodes): 10 s in all.
        await vi.advanceTimersByTimeAsync(i % 5 === 4 ? 720 : 70);
      }
      await vi.advanceTimersByTimeAsync(3000);
      // The scenario overlaps: voices played and reads were overtaken.
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
      expect(track.residentBytes).toBe(live.reduce((sum, s) => sum + windowBytes(s), 0));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a window that cannot be decoded mid-play hands the file to the element at the place it had reached (never silence)', async () => {
    const { track, sources, raw, unplayable, play } = setup({ failAfter: 2 });
    play('/media/ocean.mp3');
    await settle();
    raw.currentTime = 10.8;
    end(sources[0]!);
    await settle();
    expect(unplayable).toHaveLength(1);
    expect(unplayable[0]!.at).toBeCloseTo(0.8 - START_LEAD_S, 6);
    expect(track.src).toBe('');
  });

  it("a seek whose first window cannot be decoded while the sound plays hands the file to the element, not an error (never silence)", async () => {
    // Two decodes for the start and the next window, then every decode fails: the seek's voice cannot start.
    const { track, unplayable, events, play } = setup({ failAfter: 2 });
    play('/media/ocean.mp3');
    await settle();
    track.currentTime = 3.5;
    await settle();
    expect(unplayable).toHaveLength(1);
    expect(events).not.toContain('error');
  });

  it('a window decoded after its time starts where the audio clock is by then (no late slide, no doubled join)', async () => {
    const { sources, held, raw, play } = setup({ holdDecodes: true });
    play('/media/ocean.mp3');
    await settle();
    held.shift()!();
    await settle();
    // The window [0 s, 1 s) plays from 10.02 s; the next one was due at 11.02 s, and the page stalled until 11.5 s.
    raw.currentTime = 11.5;
    held.shift()!();
    await settle();
    expect(sources).toHaveLength(2);
    const [at, offset, duration] = sources[1]!.started!;
    expect(at).toBeCloseTo(11.6, 4);
    // Where the clock says the sound is at 11.6 s: 1.58 s, inside the window [1 s, 2 s).
    expect(offset).toBeCloseTo(skipOf(1) + 0.6 - START_LEAD_S, 4);
    expect(duration).toBeCloseTo(0.4 + START_LEAD_S + TAIL, 4);
  });

  it('decodes the cached copy blob instead of fetching its object URL', async () => {
    const { fetches, sources, play } = setup();
    play('blob:http://localhost/x', new Blob([FIXTURE]));
    await settle();
    await settle();
    expect(fetches).toEqual([]);
    expect(sources).toHaveLength(2);
  });

  it('a context without decodeAudioData goes to the element; a file without a gapless tag or a failed read is an error the player recovers from', async () => {
    // Not a catalogue MP3 (a broken saved copy): what an element says of a file it cannot play.
    const untagged = setup({ fetchFile: async () => new Response(FIXTURE.slice(parseMp3Layout(FIXTURE).tag.length)) });
    untagged.play('/media/ocean.mp3');
    await settle();
    expect(untagged.sources).toHaveLength(0);
    expect(untagged.unplayable).toHaveLength(0);
    expect(untagged.track.error?.code).toBe(4);
    expect(untagged.events.at(-1)).toBe('error');
    const missing = setup({ decode: false });
    missing.play('/media/ocean.mp3');
    await settle();
    expect(missing.sources).toHaveLength(0);
    expect(missing.unplayable).toHaveLength(1);
    const failing = setup({ fetchFile: () => Promise.reject(new TypeError('Failed to fetch')) });
    failing.play('/media/ocean.mp3');
    await settle();
    expect(failing.sources).toHaveLength(0);
    expect(failing.unplayable).toHaveLength(0);
    expect(failing.events.at(-1)).toBe('error');
    expect(failing.track.error?.code).toBe(2);
    expect(failing.track.paused).toBe(true);
  });

  describe("a warm start (a mix link's card offers its track: press-prefetch.ts)", () => {
    afterEach(() => vi.unstubAllGlobals());

    /** Decodes at the file's rate off the audio clock, as the warm start does; `fail` makes every decode fail. */
    const offlineDecoder = (fail = false) => {
      const decoded: ArrayBuffer[] = [];
      vi.stubGlobal(
        'OfflineAudioContext',
        class {
          constructor(readonly options: { sampleRate: number }) {}
          decodeAudioData(bytes: ArrayBuffer) {
            decoded.push(bytes);
            return fail ? Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError')) : Promise.resolve(fakeDecode(bytes));
          }
        },
      );
      return decoded;
    };
    const readFile = (reads: string[]) => openSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' }, async (url) => (reads.push(url), new Response(FIXTURE.slice())));

    it('the file is opened and its first window decoded before the tap; the tap plays that buffer at once, from one read', async () => {
      const offline = offlineDecoder();
      const { track, sources, raw, events, fetches } = setup({ startInOrder: true });
      const onClock = vi.spyOn(raw as unknown as { decodeAudioData: (bytes: ArrayBuffer) => Promise<unknown> }, 'decodeAudioData');
      let decodedWhenHeard: ArrayBuffer[] = [];
      track.addEventListener('playing', () => (decodedWhenHeard = onClock.mock.calls.map(([bytes]) => bytes)), { once: true });
      const reads: string[] = [];
      const file = readFile(reads);
      const warm = track.warm(file);
      await settle();
      expect(offline, 'decoded before any tap').toHaveLength(1);
      expect(sources).toHaveLength(0);
      track.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' }, file, warm);
      void track.play();
      await settle();
      expect(events.slice(0, 3)).toEqual(['loadstart', 'canplay', 'playing']);
      const first = await warm.first;
      expect(sources[0]!.buffer, "the first window heard is the warm start's").toBe(first!.buffer);
      expect(sources[0]!.started![0]).toBeCloseTo(10 + START_LEAD_S, 9);
      expect(sources[0]!.started![1]).toBeCloseTo(skipOf(0), 9);
      // Heard without decoding that window again: what the voice decoded by then is the next window (its own).
      const same = (bytes: ArrayBuffer) => Buffer.from(bytes).equals(Buffer.from(offline[0]!));
      expect(decodedWhenHeard.length).toBeGreaterThan(0);
      expect(decodedWhenHeard.some(same)).toBe(false);
      expect([...reads, ...fetches], 'one read of the file').toEqual(['/media/ocean.mp3']);
    });

    it('a warm decode that failed is decoded again by the tap (never silence); a start elsewhere than the first window ignores it', async () => {
      offlineDecoder(true);
      const failed = setup({ startInOrder: true });
      const file = readFile([]);
      const warm = failed.track.warm(file);
      await settle();
      expect(await warm.first.catch(() => 'failed')).toBe('failed');
      failed.track.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' }, file, warm);
      void failed.track.play();
      await settle();
      expect(failed.events.slice(0, 3)).toEqual(['loadstart', 'canplay', 'playing']);
      expect(failed.sources[0]!.started![0]).toBeCloseTo(10 + START_LEAD_S, 9);
      expect(failed.sources[0]!.started![1]).toBeCloseTo(skipOf(0), 9);

      offlineDecoder();
      const elsewhere = setup({ startInOrder: true });
      const other = readFile([]);
      const ahead = elsewhere.track.warm(other);
      await settle();
      elsewhere.track.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3' }, other, ahead);
      elsewhere.track.currentTime = 2.5;
      void elsewhere.track.play();
      await settle();
      expect(elsewhere.sources[0]!.buffer).not.toBe((await ahead.first)!.buffer);
      // 2.5 s is in the third 1 s window: played from 0.5 s into it.
      expect(elsewhere.sources[0]!.started![1]).toBeCloseTo(skipOf(2) + 0.5, 4);
    });
  });
});
