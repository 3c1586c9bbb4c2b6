/**
 * What the page's Web Audio really decodes, holds and plays, observed from outside the app (issue 38: the production
 * bundle has no test doors, and a budget read from the engine's own counter would pass an under-count).
 *
 * An init script (installed on every page by fixtures.ts) wraps, on every BaseAudioContext (offline ones included):
 * - `decodeAudioData` (each call, and the buffer it gives), `createBuffer` and `new AudioBuffer`: every AudioBuffer
 *   made is counted (frames × channels × 4 bytes) until it is garbage-collected (a FinalizationRegistry), so after a
 *   collection (`liveDecodedBytes`, through the DevTools protocol) the count is what the page truly keeps alive;
 * - AudioBufferSourceNode `start`/`stop` and its 'ended': when each source sounds on a real-time context, with
 *   a weak reference to its buffer (the census keeps nothing alive);
 * - `fetch` of a /media/ file (and whether its response came) and the user's last press (pointer or key): a file read
 *   since then is streamed, a sound started with no read (or a failed one) plays its saved copy.
 */
import type { CDPSession, Page } from '@playwright/test';

export interface CensusSource {
  ctx: BaseAudioContext;
  /** On the context's clock: when it starts sounding and when it stops (a stop, its end, or its 'ended'). */
  startAt: number;
  endAt: number;
  /** Where in its buffer it starts (seconds) and at what rate it plays. */
  offset: number;
  rate: number;
  /** A looping source (a noise buffer) rather than a cut of a file. */
  loop: boolean;
  /** Its buffer's length in seconds. */
  seconds: number;
  bytes: number;
  buffer: WeakRef<AudioBuffer> | null;
}

export interface AudioCensus {
  /** Every decodeAudioData call, on any context: `offline` for an OfflineAudioContext; `at` is performance.now(). */
  decodes: { offline: boolean; at: number }[];
  /** AudioBuffers made and not yet collected, and their bytes. */
  liveBuffers: number;
  liveBytes: number;
  /** The largest liveBytes seen (between collections it includes garbage, so it can only over-count). */
  peakBytes: number;
  /** Buffer sources started on a real-time context (older finished ones are folded into `heardBefore`). */
  sources: CensusSource[];
  /** Seconds sounded by sources no longer kept in `sources`. */
  heardBefore: number;
  /** /media/ files fetched (their URL), when (performance.now()), and whether the response came (null while it has not). */
  mediaReads: { url: string; at: number; ok: boolean | null }[];
  /** performance.now() of the user's last press (pointer or key). */
  lastGestureAt: number;
  /** performance.now() of the first source started on a real-time context, or null. */
  firstStartAt: number | null;
  /**
   * Real-time sources that play cuts of a file (not looping noise buffers): how many sound now (on a running context),
   * the longest buffer among them (seconds), the seconds of sound they have played in all, the clock they play on.
   */
  now(): { sounding: number; longestSounding: number; heardSeconds: number; clock: number };
}

export function installAudioCensus(): void {
  const w = window as unknown as { __audioCensus: AudioCensus };
  const census: AudioCensus = {
    decodes: [],
    liveBuffers: 0,
    liveBytes: 0,
    peakBytes: 0,
    sources: [],
    heardBefore: 0,
    mediaReads: [],
    lastGestureAt: -1,
    firstStartAt: null,
    now() {
      let sounding = 0;
      let longestSounding = 0;
      let heardSeconds = census.heardBefore;
      let clock = 0;
      for (const s of census.sources) {
        const now = s.ctx.currentTime;
        clock = Math.max(clock, now);
        if (s.loop) continue;
        // A suspended context does not sound, whatever its sources are scheduled for.
        if ((s.ctx as AudioContext).state === 'running' && s.startAt <= now && now < s.endAt) {
          sounding++;
          longestSounding = Math.max(longestSounding, s.seconds);
        }
        heardSeconds += Math.max(0, Math.min(now, s.endAt) - s.startAt);
      }
      return { sounding, longestSounding, heardSeconds, clock };
    },
  };
  w.__audioCensus = census;
  const collected = new FinalizationRegistry<number>((bytes) => {
    census.liveBuffers--;
    census.liveBytes -= bytes;
  });
  const counted = new WeakSet<AudioBuffer>();
  const count = (buffer: AudioBuffer) => {
    if (counted.has(buffer)) return buffer;
    counted.add(buffer);
    const bytes = buffer.length * buffer.numberOfChannels * 4;
    census.liveBuffers++;
    census.liveBytes += bytes;
    census.peakBytes = Math.max(census.peakBytes, census.liveBytes);
    collected.register(buffer, bytes);
    return buffer;
  };

  const proto = BaseAudioContext.prototype;
  const decode = proto.decodeAudioData as (this: BaseAudioContext, ...args: unknown[]) => Promise<AudioBuffer>;
  proto.decodeAudioData = function (this: BaseAudioContext, ...args: unknown[]) {
    census.decodes.push({ offline: typeof OfflineAudioContext !== 'undefined' && this instanceof OfflineAudioContext, at: performance.now() });
    const [data, success, failure] = args as [ArrayBuffer, ((b: AudioBuffer) => void) | undefined, ((e: DOMException) => void) | undefined];
    const counting = success ? (buffer: AudioBuffer) => success(count(buffer)) : undefined;
    return decode.call(this, data, counting, failure).then(count);
  } as typeof proto.decodeAudioData;
  const createBuffer = proto.createBuffer;
  proto.createBuffer = function (this: BaseAudioContext, ...args: Parameters<typeof createBuffer>) {
    return count(createBuffer.apply(this, args));
  };
  const NativeAudioBuffer = window.AudioBuffer;
  const CountedAudioBuffer = function (options: AudioBufferOptions) {
    return count(new NativeAudioBuffer(options));
  } as unknown as typeof AudioBuffer;
  CountedAudioBuffer.prototype = NativeAudioBuffer.prototype;
  window.AudioBuffer = CountedAudioBuffer;

  const realTime = (ctx: BaseAudioContext) => typeof AudioContext !== 'undefined' && ctx instanceof AudioContext;
  const records = new WeakMap<AudioBufferSourceNode, CensusSource>();
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, when = 0, offset = 0, duration?: number) {
    start.call(this, when, offset, duration);
    const ctx = this.context;
    if (!realTime(ctx)) return;
    census.firstStartAt ??= performance.now();
    const buffer = this.buffer;
    const rate = this.playbackRate.value;
    const startAt = Math.max(when, ctx.currentTime);
    const length = this.loop ? Infinity : (duration ?? (buffer ? buffer.duration - offset : 0)) / rate;
    const record: CensusSource = { ctx, startAt, endAt: startAt + length, offset, rate, loop: this.loop, seconds: buffer?.duration ?? 0, bytes: buffer ? buffer.length * buffer.numberOfChannels * 4 : 0, buffer: buffer ? new WeakRef(buffer) : null };
    records.set(this, record);
    this.addEventListener('ended', () => (record.endAt = Math.min(record.endAt, ctx.currentTime)));
    // Long finished sources are folded into a sum: a night's listening would otherwise grow the list.
    const now = ctx.currentTime;
    const kept = census.sources.filter((s) => s.ctx !== ctx || s.endAt > now - 60);
    for (const s of census.sources) if (!kept.includes(s) && !s.loop) census.heardBefore += Math.max(0, s.endAt - s.startAt);
    census.sources = kept;
    census.sources.push(record);
  };
  const stop = AudioBufferSourceNode.prototype.stop;
  AudioBufferSourceNode.prototype.stop = function (this: AudioBufferSourceNode, when = 0) {
    stop.call(this, when);
    const record = records.get(this);
    if (record) record.endAt = Math.min(record.endAt, Math.max(when, record.ctx.currentTime));
  };

  const fetchOf = window.fetch;
  window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const url = input instanceof Request ? input.url : String(input);
    const read = fetchOf.call(this, input, init);
    if (/\/media\/[^?]+\.mp3/.test(url)) {
      const entry = { url: new URL(url, location.href).href, at: performance.now(), ok: null as boolean | null };
      census.mediaReads.push(entry);
      read.then((response) => (entry.ok = response.ok), () => (entry.ok = false));
    }
    return read;
  } as typeof fetch;
  // Reads as the browser's own, as the page's fetch did: Sentry sends through a fetch it finds wrapped only via an
  // iframe of its own, and a report from the configured build never reached its endpoint (configured-build.spec).
  window.fetch.toString = () => 'function fetch() { [native code] }';
  const gesture = () => (census.lastGestureAt = performance.now());
  window.addEventListener('pointerdown', gesture, true);
  window.addEventListener('keydown', gesture, true);
}

/** The census as an init script (with a shim for the `__name` helper the test transpiler adds to functions). */
export const audioCensusScript = { content: `(() => { const __name = (f) => f; (${installAudioCensus.toString()})(); })();` };

const sessions = new WeakMap<Page, CDPSession>();
/** A full garbage collection in the page (the DevTools protocol's), then the collected buffers are counted out. */
export async function collectGarbage(page: Page): Promise<void> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  await session.send('HeapProfiler.collectGarbage');
  // FinalizationRegistry callbacks run in tasks after the collection.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** Bytes of decoded audio the page keeps alive (every AudioBuffer it made, counted after a garbage collection). */
export async function liveDecodedBytes(page: Page): Promise<number> {
  await collectGarbage(page);
  return page.evaluate(() => (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.liveBytes);
}

/** The sound the buffer sources sent, before any gain: the RMS of their summed left channels between two context times. */
export const sourcesRms = (page: Page, from: number, to: number): Promise<number> =>
  page.evaluate(
    ({ from, to }) => {
      const census = (window as unknown as { __audioCensus: AudioCensus }).__audioCensus;
      const sources = census.sources.filter((s) => s.startAt < to && s.endAt > from);
      const ctx = sources[0]?.ctx;
      if (!ctx) return 0;
      const rate = ctx.sampleRate;
      const frames = Math.max(0, Math.round((to - from) * rate));
      const sum = new Float64Array(frames);
      for (const s of sources) {
        const buffer = s.buffer?.deref();
        if (!buffer) throw new Error('a source’s buffer was collected before its sound was measured');
        const data = buffer.getChannelData(0);
        const a = Math.max(from, s.startAt);
        const b = Math.min(to, s.endAt);
        for (let t = Math.round((a - from) * rate); t < Math.round((b - from) * rate); t++) {
          const at = Math.floor((s.offset + (from + t / rate - s.startAt) * s.rate) * buffer.sampleRate);
          sum[t] = (sum[t] ?? 0) + (data[at] ?? 0);
        }
      }
      let power = 0;
      for (const x of sum) power += x * x;
      return Math.sqrt(power / Math.max(1, frames));
    },
    { from, to },
  );

/** How many sources sound now (every buffer source and noise generator the page started and has not stopped). */
export const soundingNow = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.now().sounding);
