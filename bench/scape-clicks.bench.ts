/**
 * Clicks in a soundscape from a tap (issue 42): each run opens the production build's home page in a fresh browser
 * context, taps the sound as a listener does, and records what the app outputs on the audio thread
 * (tests/e2e/output-probe.ts) from FROM_S to FROM_S + SECONDS after the tap (115.2–123.2 s by default: across the
 * 120 s mark). Measured as segment-walk.spec.ts measures a join: the largest sample-to-sample jump against the
 * recording's own p99.9 (a click: > 3×) and the longest run of exact silence (a gap: > 1 ms), across no skipped quantum.
 * Beside each jump over 3×: where it sits on the audio clock against every buffer source the page started (an init
 * script wraps start/stop from outside the app, as WATCH_WALK does): the nearest window start, end or stop.
 * A 4096-frame ScriptProcessor records the same signal beside it (`mainThread`): Chromium stamps its blocks when the
 * main thread dispatches them, so a block read late splices two moments unseen (README, issue 42).
 * Usage: `npx vite build && flock /tmp/lull-browser.lock npx tsx bench/scape-clicks.bench.ts`; environment:
 * SCAPES (names, comma-separated; default Underwater), RUNS (per sound, default 20), FROM_S, SECONDS, PAGES (runs at
 * once in one browser, default 1; each run's skipped quanta are reported), CLICKS_OUT (file under bench/results,
 * default scape-clicks.json), BUSY_MS (the main thread held this long every 2 s of the recording), BARE=1 (a bare
 * page with no Lull code instead of the app), RECORDER=script-processor (the probe's own main-thread recorder), MARGIN_S
 * (below).
 * Reported, never asserted.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import { servePreview, launchBenchChromium } from './preview-server.ts';
import { outputProbeScript, seamMetrics, type OutputProbe } from '../tests/e2e/output-probe';

const root = new URL('../', import.meta.url).pathname;
const SCAPES = (process.env.SCAPES ?? 'Underwater').split(',').map((s) => s.trim()).filter(Boolean);
const RUNS = Number(process.env.RUNS ?? 20);
const FROM_S = Number(process.env.FROM_S ?? 115.2);
const SECONDS = Number(process.env.SECONDS ?? 8);
/**
 * Also recorded: this long before and after (s, default 0). The figures are still read over the SECONDS from FROM_S;
 * each jump there over 2× is also read against the p99.9 of the SECONDS centred on it (`centredRatio`), so a loud
 * event cut by the recording's edge (its onset in the last milliseconds, the rest of it outside) is measured as one
 * in the middle would be.
 */
const MARGIN_S = Number(process.env.MARGIN_S ?? 0);
const PAGES = Number(process.env.PAGES ?? 1);
const OUT = process.env.CLICKS_OUT ?? 'scape-clicks.json';
/** The main thread held busy this long every 2 s of the recording (0: never), as a long task or a collection holds it. */
const BUSY_MS = Number(process.env.BUSY_MS ?? 0);
/** A bare page (no Lull code) instead of the app: low-passed noise looping in one buffer, the same recorders. */
const BARE = process.env.BARE === '1';
/** The probe's recorder: on the audio thread (default) or its ScriptProcessor (main thread). */
const RECORDER = process.env.RECORDER === 'script-processor' ? 'script-processor' : 'worklet';
/** A click: a jump over this many times the recording's p99.9; a gap: exact silence over this many ms. */
const CLICK_RATIO = 3;
const GAP_MS = 1;

/** In the page: every buffer source started or stopped (ctx time asked, ctx time then, offset, duration, buffer rate). */
function watchSources() {
  type Entry = { id: number; when: number; now: number; offset: number; duration: number | null; bufferRate: number; stop: number | null };
  const sources: Entry[] = [];
  let next = 0;
  (window as unknown as { __sources: Entry[] }).__sources = sources;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode & { __entry?: Entry }, ...args: Parameters<typeof start>) {
    const [when = 0, offset = 0, duration] = args;
    const entry: Entry = { id: next++, when, now: this.context.currentTime, offset, duration: duration ?? null, bufferRate: this.buffer?.sampleRate ?? 0, stop: null };
    this.__entry = entry;
    sources.push(entry);
    return start.apply(this, args);
  } as typeof start;
  // A second recorder beside the probe's worklet: a 4096-frame ScriptProcessor (main thread) on the same signal,
  // each block with its playbackTime, so a jump in one recording can be looked for in the other.
  const mainThread = { recording: false, blocks: [] as { t: number; samples: number[] }[] };
  (window as unknown as { __mainThread: typeof mainThread }).__mainThread = mainThread;
  const taps = new WeakMap<BaseAudioContext, AudioNode>();
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const target = args[0];
    if (target instanceof AudioDestinationNode || target instanceof MediaStreamAudioDestinationNode) {
      let tap = taps.get(this.context);
      if (!tap) {
        const processor = this.context.createScriptProcessor(4096, 1, 1);
        processor.onaudioprocess = (event) => {
          if (mainThread.recording) mainThread.blocks.push({ t: event.playbackTime, samples: Array.from(event.inputBuffer.getChannelData(0)) });
        };
        connect.call(processor, this.context.destination);
        taps.set(this.context, processor);
        tap = processor;
      }
      connect.call(this, tap);
    }
    return connect.apply(this, args);
  } as typeof AudioNode.prototype.connect;
  const stop = AudioBufferSourceNode.prototype.stop;
  AudioBufferSourceNode.prototype.stop = function (this: AudioBufferSourceNode & { __entry?: Entry }, ...args: Parameters<typeof stop>) {
    if (this.__entry) this.__entry.stop = args[0] ?? this.context.currentTime;
    return stop.apply(this, args);
  } as typeof stop;
}

/**
 * The bare page: 200 s of noise low-passed at ~300 Hz (a texture as smooth as Underwater's, where a splice of two
 * moments shows as a jump) in one AudioBufferSourceNode at the context's rate, started by a tap (no loop, no join).
 */
const BARE_HTML = `<!doctype html><title>bare</title><button>play</button><script>
document.querySelector('button').onclick = () => {
  const ctx = new AudioContext();
  const n = ctx.sampleRate * 200;
  const buffer = ctx.createBuffer(1, n, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 1, y1 = 0, y2 = 0;
  const a = Math.exp(-2 * Math.PI * 300 / ctx.sampleRate);
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    y1 = a * y1 + (1 - a) * (seed / 1073741824 - 1);
    y2 = a * y2 + (1 - a) * y1;
    data[i] = 4 * y2;
  }
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  source.connect(ctx.destination);
  source.start();
};
</script>`;

interface Source {
  id: number;
  when: number;
  now: number;
  offset: number;
  duration: number | null;
  bufferRate: number;
  stop: number | null;
}

/**
 * The largest ratio of a jump in [margin, margin + length) to the p99.9 of the `length` samples centred on it (within
 * the whole recording), over the 20 largest jumps there above 2× `p999` (the measured stretch's own) and the largest.
 */
function centredWorst(all: readonly number[], holes: readonly number[], rate: number, margin: number, length: number, p999: number): number {
  const cut = new Set(holes);
  const candidates: { i: number; jump: number }[] = [];
  let largest = { i: margin + 1, jump: 0 };
  for (let i = margin + 1; i < margin + length; i++) {
    const jump = cut.has(i) ? 0 : Math.abs(all[i]! - all[i - 1]!);
    if (jump > 2 * p999) candidates.push({ i, jump });
    if (jump > largest.jump) largest = { i, jump };
  }
  // The largest jump is always read (a recording with none over 2× still gets its figure).
  if (!candidates.some((c) => c.i === largest.i)) candidates.push(largest);
  let worst = 0;
  for (const { i, jump } of candidates.sort((a, b) => b.jump - a.jump).slice(0, 20)) {
    const from = Math.max(0, Math.min(all.length - length, i - Math.round(length / 2)));
    const around = seamMetrics(all.slice(from, from + length), rate, holes.filter((h) => h >= from && h < from + length).map((h) => h - from));
    worst = Math.max(worst, jump / around.p999);
  }
  return worst;
}

/** One run: a tap, then the recording; returns its measures and, for each click, where it sits among the windows. */
async function run(browser: Browser, baseUrl: string, name: string, index: number) {
  // The audio-thread recorder is a blob: module, which the app's CSP refuses unless bypassed (the probe then throws).
  const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true });
  await context.addInitScript(outputProbeScript(4096, RECORDER));
  await context.addInitScript({ content: `(() => { const __name = (f) => f; (${watchSources.toString()})(); })();` });
  const page = await context.newPage();
  try {
    if (BARE) {
      await page.route(`${baseUrl}bare.html`, (route) => route.fulfill({ contentType: 'text/html', body: BARE_HTML }));
      await page.goto(`${baseUrl}bare.html`);
      await page.getByRole('button').click();
    } else {
      await page.goto(baseUrl);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 }).catch(() => undefined);
      await page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) }).click();
    }
    const tappedAt = Date.now();
    await page.waitForTimeout((FROM_S - MARGIN_S) * 1000 - (Date.now() - tappedAt));
    await page.evaluate(() => {
      const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
      p.take();
      p.record(true);
      const m = (window as unknown as { __mainThread: { recording: boolean; blocks: unknown[] } }).__mainThread;
      m.blocks = [];
      m.recording = true;
    });
    if (BUSY_MS > 0) {
      await page.evaluate(
        ({ busy, seconds }) => {
          for (let t = 1000; t < seconds * 1000 - 500; t += 2000) {
            setTimeout(() => {
              const until = performance.now() + busy;
              while (performance.now() < until);
            }, t);
          }
        },
        { busy: BUSY_MS, seconds: SECONDS + 2 * MARGIN_S },
      );
    }
    await page.waitForTimeout((SECONDS + 2 * MARGIN_S) * 1000);
    const taken = await page.evaluate(() => {
      const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
      p.record(false);
      const m = (window as unknown as { __mainThread: { recording: boolean; blocks: { t: number; samples: number[] }[] } }).__mainThread;
      m.recording = false;
      return { ...p.take(), recorderError: p.recorderError, mainThread: m.blocks.splice(0), recorder: p.recorder, sources: (window as unknown as { __sources: Source[] }).__sources };
    });
    const { sampleRate, sources } = taken;
    // The SECONDS measured, from the recording with its margins.
    const margin = Math.round(MARGIN_S * sampleRate);
    const length = Math.min(taken.samples.length - margin, Math.round(SECONDS * sampleRate));
    const inside = (i: number) => i >= margin && i < margin + length;
    const samples = taken.samples.slice(margin, margin + length);
    const holes = taken.holes.filter(inside).map((i) => i - margin);
    const staleAt = taken.staleAt.filter(inside).map((i) => i - margin);
    const firstFrame = taken.firstFrame === null ? null : taken.firstFrame + margin;
    const metrics = seamMetrics(samples, sampleRate, holes);
    const centredRatio = MARGIN_S > 0 ? centredWorst(taken.samples, taken.holes, sampleRate, margin, length, metrics.p999) : null;
    const at = (i: number) => (firstFrame === null ? null : (firstFrame + i) / sampleRate);
    const from = at(0) ?? 0;
    // Every jump over CLICK_RATIO × p99.9 (not only the largest), placed on the audio clock.
    const cut = new Set(holes);
    const clicks: { ms: number; ratio: number; ctx: number | null; quantumPhase: number | null; nearestStale: number | null; nearest: string; around: number[] }[] = [];
    for (let i = 1; i < samples.length; i++) {
      if (cut.has(i)) continue;
      const ratio = Math.abs(samples[i]! - samples[i - 1]!) / metrics.p999;
      if (ratio <= CLICK_RATIO) continue;
      const t = at(i);
      const edges = sources.flatMap((s) => {
        const end = s.duration === null ? null : s.when + s.duration;
        return [
          { what: `#${s.id} start${s.now > s.when ? ` (asked late at ${((s.now - s.when) * 1000).toFixed(1)} ms after)` : ''}`, t: s.when },
          ...(end === null ? [] : [{ what: `#${s.id} end`, t: end }]),
          ...(s.stop === null ? [] : [{ what: `#${s.id} stop`, t: s.stop }]),
        ];
      });
      const near = t === null ? null : edges.reduce<{ what: string; t: number } | null>((best, e) => (!best || Math.abs(e.t - t) < Math.abs(best.t - t) ? e : best), null);
      const nearest = near && t !== null ? `${near.what}, ${((t - near.t) * sampleRate).toFixed(1)} frames after it` : 'unknown';
      // Where the jump falls in its render quantum (0: between two quanta), and how far (samples) the nearest block with a stale stamp begins.
      const quantumPhase = firstFrame === null ? null : (firstFrame + i) % 128;
      const nearestStale = staleAt.reduce<number | null>((best, s) => (best === null || Math.abs(s - i) < Math.abs(best) ? s - i : best), null);
      clicks.push({ ms: Math.round((i / sampleRate) * 1000), ratio: Number(ratio.toFixed(2)), ctx: t, quantumPhase, nearestStale, nearest, around: samples.slice(Math.max(0, i - 6), i + 6).map((x) => Number(x.toFixed(5))) });
    }
    // The windows playing inside the recording, in ms from its start (starts, ends), to read a click against.
    const playing = sources
      .filter((s) => s.duration !== null && s.when < from + SECONDS + 1 && s.when + (s.duration ?? 0) > from - 1)
      .map((s) => ({ id: s.id, startMs: Number(((s.when - from) * 1000).toFixed(2)), endMs: Number(((s.when + (s.duration ?? 0) - from) * 1000).toFixed(2)), lateMs: s.now > s.when ? Number(((s.now - s.when) * 1000).toFixed(1)) : 0, stopMs: s.stop === null ? null : Number(((s.stop - from) * 1000).toFixed(2)) }));
    const late = sources.filter((s) => s.now > s.when).length;
    // The main thread's recording: blocks whose playbackTime does not follow the previous one are holes.
    const main = taken.mainThread;
    const mainSamples = main.flatMap((b) => b.samples);
    const mainHoles: number[] = [];
    for (let k = 1, n = main[0]?.samples.length ?? 0; k < main.length; n += main[k]!.samples.length, k++) {
      if (Math.abs(main[k]!.t - main[k - 1]!.t - main[k - 1]!.samples.length / sampleRate) > 0.5 / sampleRate) mainHoles.push(n);
    }
    const mainMetrics = seamMetrics(mainSamples, sampleRate, mainHoles);
    // Its largest jump over CLICK_RATIO: where in its 4096-frame block (the sample after the jump), and the samples around it.
    let mainClick: { index: number; inBlock: number; ratio: number; around: number[] } | null = null;
    if (mainMetrics.maxJumpRatio > CLICK_RATIO) {
      const cutMain = new Set(mainHoles);
      let at = 1;
      for (let i = 1; i < mainSamples.length; i++) if (!cutMain.has(i) && Math.abs(mainSamples[i]! - mainSamples[i - 1]!) > Math.abs(mainSamples[at]! - mainSamples[at - 1]!)) at = i;
      mainClick = { index: at, inBlock: at % 4096, ratio: Number(mainMetrics.maxJumpRatio.toFixed(2)), around: mainSamples.slice(at - 4, at + 4).map((x) => Number(x.toFixed(5))) };
    }
    const mainSteps = main.slice(1, 12).map((b, k) => Math.round((b.t - main[k]!.t) * sampleRate));
    return {
      sound: name,
      run: index,
      recorder: taken.recorder,
      recorderError: taken.recorderError,
      seconds: samples.length / sampleRate,
      sampleRate,
      droppedBlocks: taken.droppedBlocks,
      staleFrames: taken.staleFrames,
      mainThread: { seconds: mainSamples.length / sampleRate, holes: mainHoles.length, maxJumpRatio: Number(mainMetrics.maxJumpRatio.toFixed(2)), click: mainClick, firstBlockAt: main[0]?.t ?? null, playbackTimeSteps: mainSteps },
      recordedFrom: from,
      maxJumpRatio: Number(metrics.maxJumpRatio.toFixed(2)),
      centredRatio: centredRatio === null ? null : Number(centredRatio.toFixed(2)),
      maxJumpAtMs: metrics.maxJumpAtMs,
      longestSilenceMs: Number(metrics.longestSilenceMs.toFixed(2)),
      sourcesStarted: sources.length,
      lateStarts: late,
      clicks,
      windows: clicks.length > 0 ? playing : undefined,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('build first: npx vite build');
  const preview = await servePreview(root, 5100 + (process.pid % 200));
  const browser = await launchBenchChromium();
  const results: Awaited<ReturnType<typeof run>>[] = [];
  try {
    await preview.ready(120);
    const jobs = SCAPES.flatMap((name) => Array.from({ length: RUNS }, (_, k) => ({ name, k })));
    let nextJob = 0;
    const worker = async () => {
      for (let job = jobs[nextJob++]; job; job = jobs[nextJob++]) {
        const result = await run(browser, preview.baseUrl, job.name, job.k);
        results.push(result);
        const { clicks, windows, ...line } = result;
        console.log(JSON.stringify({ ...line, clicks: clicks.length, load: Number(loadavg()[0]!.toFixed(2)) }));
        for (const click of clicks) console.log(`  click ${JSON.stringify(click)}`);
        if (windows) console.log(`  windows ${JSON.stringify(windows)}`);
      }
    };
    await Promise.all(Array.from({ length: PAGES }, worker));
  } finally {
    await browser.close();
    preview.stop();
  }
  const summary = SCAPES.map((sound) => {
    const mine = results.filter((r) => r.sound === sound);
    return {
      sound,
      recordings: mine.length,
      clicks: mine.filter((r) => r.maxJumpRatio > CLICK_RATIO).length,
      gaps: mine.filter((r) => r.longestSilenceMs > GAP_MS).length,
      withHoles: mine.filter((r) => r.droppedBlocks > 0).length,
      worstRatio: Math.max(...mine.map((r) => r.maxJumpRatio)),
      ratios: mine.map((r) => r.maxJumpRatio),
      ...(MARGIN_S > 0 ? { centredClicks: mine.filter((r) => (r.centredRatio ?? 0) > CLICK_RATIO).length, centredRatios: mine.map((r) => r.centredRatio) } : {}),
    };
  });
  console.log(JSON.stringify(summary, null, 1));
  mkdirSync(`${root}bench/results`, { recursive: true });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}`;
  writeFileSync(`${root}bench/results/${OUT}`, JSON.stringify({ date: new Date().toISOString(), machine, from: FROM_S, seconds: SECONDS, marginSeconds: MARGIN_S, pages: PAGES, summary, runs: results }, null, 2) + '\n');
}

await main();
