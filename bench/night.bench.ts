/**
 * A night of one soundscape at 4× CPU (issue 22): Ocean walks its segments for NIGHT_MINUTES (30 by default) in
 * headless Chromium on the production build, the CPU throttled 4× (DevTools), and what the app outputs is recorded
 * on the audio thread the whole time (tests/e2e/output-probe.ts, no gap between takes). Every 3 s of it is checked
 * as loop-seam.spec.ts checks a restart: a dropout is a quantum the audio thread skipped (a frame stamp ahead of the
 * expected one; a stale stamp, `staleClock`, is a quantum rendered while the main thread held the graph lock:
 * placeQuantum in output-probe.ts), a gap any run of exact silence over 1 ms, a jump any sample step over 3× that
 * stretch's own p99.9. Beside each minute: the audio clock (frames) against the wall clock, the worklet's own
 * count of irregular stamps and the graph's render capacity (CDP WebAudio). Then the same on a bare page with no
 * Lull code (a looping AudioBufferSourceNode; NIGHT_CONTROL_MINUTES), the baseline. Once a minute: the decoded bytes the
 * page holds (every AudioBuffer alive after a collection, tests/e2e/audio-census.ts), the page's JS heap after a collection (CDP Runtime.getHeapUsage) and the browser's resident
 * memory (every Chromium process's RSS, from ps), so "flat" is a series, not a word.
 * NIGHT_HIDDEN=1 (issue 40): the page hidden, as a locked phone's or a background tab's is, with none of the
 * background-throttling flags: puppeteer-core drives Chromium then (Playwright keeps every page it attaches to
 * visible), and another tab is brought to the front once Ocean plays; `document.visibilityState` and the page's own
 * timer rate while hidden are recorded beside the figures.
 * Usage: `npx vite build && npx tsx bench/night.bench.ts` (under the e2e lock; NIGHT_MINUTES=2 for a quick run).
 * Writes bench/results/night.json. Reported, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { servePreview, launchBenchChromium } from './preview-server.ts';
import { audioCensusScript, type AudioCensus } from '../tests/e2e/audio-census';
import { outputProbeScript, seamMetrics, type AudioThreadCount, type OutputProbe } from '../tests/e2e/output-probe';

const root = new URL('../', import.meta.url).pathname;
const MINUTES = Number(process.env.NIGHT_MINUTES ?? 30);
const THROTTLE = Number(process.env.NIGHT_THROTTLE ?? 4);
type Kind = 'lull' | 'control';
/** 'lull' plays Ocean; 'control' a looping AudioBufferSourceNode on a bare page, no Lull code (same recorder, same throttling); both by default, Lull first. */
const PAGES: Kind[] = process.env.NIGHT_PAGE === 'control' ? ['control'] : process.env.NIGHT_PAGE === 'lull' ? ['lull'] : ['lull', 'control'];
/** The control's length: the baseline Lull's figure is read against. */
const CONTROL_MINUTES = Number(process.env.NIGHT_CONTROL_MINUTES ?? Math.min(10, MINUTES));
const OUT = process.env.NIGHT_OUT ?? 'night.json';
const HIDDEN = process.env.NIGHT_HIDDEN === '1';
/** Chromium's flags that keep a background page running as if in front: a hidden night runs without them. */
const BACKGROUND_FLAGS = ['--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding'];
/** A bare page: 10 s of a 441 Hz sine (a whole number of cycles) looping, through a gain, to the destination. */
const CONTROL_HTML = `<!doctype html><title>control</title><script>
const ctx = new AudioContext();
const buffer = ctx.createBuffer(1, ctx.sampleRate * 10, ctx.sampleRate);
const data = buffer.getChannelData(0);
for (let i = 0; i < data.length; i++) data[i] = 0.3 * Math.sin((2 * Math.PI * 441 * i) / ctx.sampleRate);
const source = ctx.createBufferSource();
source.buffer = buffer;
source.loop = true;
const gain = ctx.createGain();
source.connect(gain);
gain.connect(ctx.destination);
source.start();
void ctx.resume();
document.title = 'playing';
</script>`;
/** The stretch each check covers, as loop-seam's recordings (3 s). */
const STRETCH_S = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a night needs of its page, driven by Playwright (in front) or puppeteer-core (hidden). */
interface NightPage {
  evaluate<T>(fn: () => T | Promise<T>): Promise<T>;
  send(method: string, params?: object): Promise<unknown>;
  /** In the hidden night: the page's visibility and its timer's ticks a second, read now. */
  hidden?(): Promise<{ visibility: string; timerHz: number }>;
  close(): Promise<void>;
}

const probe = (page: NightPage) => page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.take());
const INIT_SCRIPTS = () => [audioCensusScript.content, outputProbeScript(4096, 'worklet').content, `(() => { const __name = (f) => f; (${logPageEvents.toString()})(); })();`];
const oceanPlays = () => (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.now().longestSounding > 1;

/** Resident memory of every Chromium process (kB → MB), the browser's whole footprint. */
function chromiumRssMb(): number {
  try {
    const out = execFileSync('ps', ['-C', 'chromium', '-o', 'rss='], { encoding: 'utf8' });
    return out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
  } catch {
    return 0;
  }
}

/** In the page (an init script): when it decodes and starts sources (Date.now(), as the worklet stamps its skips), to set beside each skip. */
function logPageEvents() {
  const events: { kind: string; at: number }[] = [];
  (window as unknown as { __nightEvents: typeof events }).__nightEvents = events;
  const decode = BaseAudioContext.prototype.decodeAudioData;
  BaseAudioContext.prototype.decodeAudioData = function (this: BaseAudioContext, ...args: Parameters<typeof decode>) {
    events.push({ kind: 'decode-call', at: Date.now() });
    const done = decode.apply(this, args);
    void done.then(() => events.push({ kind: 'decode-done', at: Date.now() }), () => undefined);
    return done;
  } as typeof decode;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: Parameters<typeof start>) {
    events.push({ kind: 'source-start', at: Date.now() });
    return start.apply(this, args);
  } as typeof start;
}

/**
 * A fresh page in front (Playwright): Lull playing Ocean, or the bare control page. `onContext` hears each realtime
 * AudioContext the page makes (CDP WebAudio).
 */
async function pageInFront(browser: Browser, baseUrl: string, kind: Kind, onContext: (id: string) => void): Promise<NightPage> {
  // The audio-thread recorder is a blob: module, which the app's CSP refuses (as in the e2e).
  const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true });
  for (const content of INIT_SCRIPTS()) await context.addInitScript({ content });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  cdp.on('WebAudio.contextCreated', (event: { context: { contextId: string; contextType: string } }) => {
    if (event.context.contextType === 'realtime') onContext(event.context.contextId);
  });
  await cdp.send('WebAudio.enable');
  if (kind === 'control') {
    await page.route(`${baseUrl}control.html`, (route) => route.fulfill({ contentType: 'text/html', body: CONTROL_HTML }));
    await page.goto(`${baseUrl}control.html`);
    await page.waitForFunction(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.recorder === 'worklet', undefined, { timeout: 60_000 });
  } else {
    await page.goto(baseUrl);
    await page.getByTestId('sound-grid').getByRole('button', { name: /^Ocean\b/ }).click();
    // The walk over the whole file plays: a window longer than the in-order ones (0.5 s) sounds (tests/e2e/track-state.ts).
    await page.waitForFunction(oceanPlays, undefined, { timeout: 60_000 });
  }
  return { evaluate: (fn) => page.evaluate(fn), send: (method, params) => cdp.send(method as 'Runtime.getHeapUsage', params), close: () => context.close() };
}

/**
 * Lull playing Ocean, then hidden behind another tab (puppeteer-core, no background-throttling flags): the tap is a
 * real mouse click, and the page goes to the back once Ocean plays.
 */
async function pageHidden(baseUrl: string, onContext: (id: string) => void): Promise<NightPage> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
    ignoreDefaultArgs: BACKGROUND_FLAGS,
  });
  const page = await browser.newPage();
  await page.setBypassCSP(true);
  await page.setBypassServiceWorker(true);
  for (const content of INIT_SCRIPTS()) await page.evaluateOnNewDocument(content);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  cdp.on('WebAudio.contextCreated', (event) => {
    if (event.context.contextType === 'realtime') onContext(event.context.contextId);
  });
  await cdp.send('WebAudio.enable');
  await page.goto(baseUrl);
  // The card whose name reads Ocean, once the page is React's (the e2e's own wait, fixtures.ts).
  const ocean = await page.waitForFunction(
    () => (document.documentElement.dataset.hydrated === 'true' && [...document.querySelectorAll('[data-testid="sound-grid"] button')].find((b) => [...b.querySelectorAll('span')].some((s) => s.textContent === 'Ocean'))) || false,
    { timeout: 60_000 },
  );
  // A real click (scrolled into view, the mouse's own events), as a listener's tap.
  await (ocean as unknown as { click(): Promise<void> }).click();
  await page.waitForFunction(oceanPlays, { timeout: 60_000 });
  await page.evaluate(() => {
    (window as unknown as { __ticks: number }).__ticks = 0;
    setInterval(() => (window as unknown as { __ticks: number }).__ticks++, 100);
  });
  // Another tab in front: this one is hidden, as a locked phone's page is.
  const front = await browser.newPage();
  await front.bringToFront();
  let ticks = { at: Date.now(), count: 0 };
  return {
    evaluate: (fn) => page.evaluate(fn),
    send: (method, params) => cdp.send(method as 'Runtime.getHeapUsage', params as undefined),
    async hidden() {
      const now = { at: Date.now(), count: await page.evaluate(() => (window as unknown as { __ticks: number }).__ticks) };
      const timerHz = ((now.count - ticks.count) * 1000) / Math.max(1, now.at - ticks.at);
      ticks = now;
      return { visibility: await page.evaluate(() => document.visibilityState), timerHz };
    },
    close: () => browser.close(),
  };
}

/** One recorded night on a fresh page: Lull playing Ocean (in front, or hidden), or the bare control page; same recorder, same throttling. */
async function night(browser: () => Promise<Browser>, baseUrl: string, kind: Kind, length: number) {
  // The audio thread's own load (CDP WebAudio): the share of each render quantum's time the graph used.
  const realtime: string[] = [];
  const page = HIDDEN && kind === 'lull' ? await pageHidden(baseUrl, (id) => realtime.push(id)) : await pageInFront(await browser(), baseUrl, kind, (id) => realtime.push(id));
  const renderCapacity = async () => {
    let most = 0;
    for (const contextId of realtime) {
      const data = (await page.send('WebAudio.getRealtimeData', { contextId }).catch(() => null)) as { realtimeData: { renderCapacity: number } } | null;
      most = Math.max(most, data?.realtimeData.renderCapacity ?? 0);
    }
    return most;
  };
  /** The worklet's own count at the last minute mark, and the audio clock against the wall clock there. */
  await page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.record(true));
  await sleep(1000);
  let mark: AudioThreadCount | null = (await probe(page)).audioThread;
  const totals = { seconds: 0, stretches: 0, dropouts: 0, staleClock: 0, gaps: 0, jumps: 0, worstJumpRatio: 0, longestSilenceMs: 0 };
  const minutes: { minute: number; visibility?: string; timerHz?: number; decodedMb: number; heapMb: number; rssMb: number; load: number; dropouts: number; staleClock: number; workletSkips: number; skippedQuanta: number; renderedS: number; renderCapacity: number; wallS: number; gaps: number; jumps: number }[] = [];
  let workletSkips = 0;
  let skippedTotal = 0;
  let pastEvents: { kind: string; at: number }[] = [];
  const skipLog: { frame: number; quanta: number; at: number; nearest: { kind: string; ms: number } | null }[] = [];
  let carry: number[] = [];
  const end = Date.now() + length * 60_000;
  let nextMinute = Date.now() + 60_000;
  let minute = { dropouts: 0, staleClock: 0, gaps: 0, jumps: 0 };
  while (Date.now() < end) {
    await sleep(10_000);
    const { samples, sampleRate, droppedBlocks, staleFrames, audioThread } = await probe(page);
    const events = await page.evaluate(() => (window as unknown as { __nightEvents: { kind: string; at: number }[] }).__nightEvents.splice(0));
    pastEvents = pastEvents.concat(events).filter((e) => e.at > Date.now() - 60_000);
    for (const skip of audioThread?.skipLog ?? []) {
      const nearest = pastEvents.reduce<{ kind: string; ms: number } | null>((best, e) => (best && Math.abs(best.ms) <= Math.abs(e.at - skip.at) ? best : { kind: e.kind, ms: e.at - skip.at }), null);
      skipLog.push({ ...skip, nearest });
      console.log(`skip of ${skip.quanta} quanta at ${new Date(skip.at).toISOString()}, nearest page event ${JSON.stringify(nearest)}`);
    }
    totals.dropouts += droppedBlocks;
    minute.dropouts += droppedBlocks;
    totals.staleClock += staleFrames;
    minute.staleClock += staleFrames;
    carry = carry.concat(samples);
    const stretch = STRETCH_S * sampleRate;
    while (carry.length >= stretch) {
      const metrics = seamMetrics(carry.slice(0, stretch), sampleRate);
      carry = carry.slice(stretch);
      totals.stretches++;
      totals.seconds += STRETCH_S;
      totals.worstJumpRatio = Math.max(totals.worstJumpRatio, metrics.maxJumpRatio);
      totals.longestSilenceMs = Math.max(totals.longestSilenceMs, metrics.longestSilenceMs);
      if (metrics.longestSilenceMs > 1) {
        totals.gaps++;
        minute.gaps++;
      }
      if (metrics.maxJumpRatio > 3) {
        totals.jumps++;
        minute.jumps++;
        console.log(`jump at ${totals.seconds} s: ${JSON.stringify(metrics)}`);
      }
    }
    if (Date.now() >= nextMinute) {
      nextMinute += 60_000;
      // Live objects, not the garbage the probe's takes leave between collections.
      await page.send('HeapProfiler.collectGarbage');
      // Every AudioBuffer still alive, counted from outside the engine (tests/e2e/audio-census.ts).
      const decoded = await page.evaluate(() => new Promise<number>((resolve) => setTimeout(() => resolve((window as unknown as { __audioCensus: AudioCensus }).__audioCensus.liveBytes), 20)));
      const { usedSize } = (await page.send('Runtime.getHeapUsage')) as { usedSize: number };
      const hidden = page.hidden ? await page.hidden() : null;
      // The audio thread's counts since the last minute mark (none before the recorder's first message).
      const span = audioThread && mark ? { frames: audioThread.frame - mark.frame, calls: audioThread.calls - mark.calls, skips: audioThread.skips - mark.skips, ms: audioThread.at - mark.at } : null;
      const renderedS = span ? span.frames / sampleRate : 0;
      const wallS = span ? span.ms / 1000 : 0;
      const skips = span ? span.skips : 0;
      // Quanta the frame counter passed without a process() call: how long the skips were.
      const skippedQuanta = span ? span.frames / 128 - span.calls : 0;
      skippedTotal += skippedQuanta;
      workletSkips += skips;
      mark = audioThread;
      minutes.push({ minute: minutes.length + 1, decodedMb: decoded / 1e6, heapMb: usedSize / 1e6, rssMb: chromiumRssMb(), load: loadavg()[0]!, ...minute, workletSkips: skips, skippedQuanta, renderedS, wallS, renderCapacity: await renderCapacity(), ...(hidden ? { visibility: hidden.visibility, timerHz: hidden.timerHz } : {}) });
      console.log(JSON.stringify(minutes.at(-1)));
      minute = { dropouts: 0, staleClock: 0, gaps: 0, jumps: 0 };
    }
  }
  const first = minutes[0];
  const last = minutes.at(-1);
  const result = {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}`,
    sound: kind === 'control' ? 'control: a looping AudioBufferSourceNode on a bare page (no Lull code)' : `Ocean (walking its segments), streamed${HIDDEN ? ', the page hidden behind another tab' : ''}`,
    throttle: THROTTLE,
    minutes: length,
    totals: { ...totals, workletSkips, skippedQuanta: skippedTotal },
    memory: first && last ? { decodedMb: [first.decodedMb, last.decodedMb], heapMb: [first.heapMb, last.heapMb], rssMb: [first.rssMb, last.rssMb] } : null,
    perMinute: minutes,
    skips: skipLog,
  };
  console.log(JSON.stringify({ kind, totals: result.totals, memory: result.memory }));
  await page.close();
  return result;
}

async function main() {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('build first: npx vite build');
  const preview = await servePreview(root, 4900 + (process.pid % 200));
  const { baseUrl } = preview;
  // Launched only for a night in front: a hidden night's browser is puppeteer's own, and the resident memory counted is its alone.
  let launched: Promise<Browser> | undefined;
  const browser = () => (launched ??= launchBenchChromium(['--autoplay-policy=no-user-gesture-required']));
  try {
    await preview.ready(120);
    const lull = PAGES.includes('lull') ? await night(browser, baseUrl, 'lull', MINUTES) : null;
    const control = PAGES.includes('control') ? await night(browser, baseUrl, 'control', CONTROL_MINUTES) : null;
    mkdirSync(`${root}bench/results`, { recursive: true });
    writeFileSync(`${root}bench/results/${OUT}`, JSON.stringify({ ...(lull ?? control), control: lull ? control : null }, null, 2) + '\n');
  } finally {
    await (await launched)?.close();
    preview.stop();
  }
}

await main();
