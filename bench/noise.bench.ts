/**
 * Noise generator benchmarks (`npm run bench`).
 * 1. Node: each kernel's cost per sample, rendering 128-frame quanta, and its share of the
 *    real-time budget of 48 kHz stereo.
 * 2. Headless Chromium on the production build (vite preview on a free port): the render capacity
 *    reported by CDP WebAudio.getRealtimeData while each generator plays, and the dropouts (runs of
 *    silent output) while the main thread is kept busy for 1 s: AudioWorklet and ScriptProcessor
 *    fallback side by side.
 * 3. Accuracy of the kernels (spectral slope, worst band) at 44.1 and 48 kHz, for the record.
 * Writes bench/results/noise.json and docs/performance.md's "## Noise" section. Nothing here is a test:
 * the figures depend on the machine and its load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { fitSlope, flatness, thirdOctaveBands, welchPsd } from '../measure/analysis.ts';
import { createNoiseState, NOISE_SEEDS, renderNoise, type NoiseColour } from '../worklets/dsp/noise.ts';
import { servePreview, launchBenchChromium } from './preview-server.ts';
import { writeDocSection } from './doc-section.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const COLOURS: NoiseColour[] = ['white', 'pink', 'brown'];
const QUANTUM = 128;
const STEREO_48K_SAMPLES_PER_SECOND = 2 * 48000;

// ---------------------------------------------------------------- 1. kernels in Node

/**
 * The kernels before issue 12's rework (filter state in object properties, inline constants, a
 * clamp per sample), as measured by this bench on 2026-11-22 (2 × Intel Xeon, load average 2.2):
 * kept so docs/performance.md shows before and after.
 */
const KERNEL_NS_BEFORE_ISSUE_12: Record<NoiseColour, number> = { white: 1.89, pink: 11.24, brown: 8.22 };

interface KernelCost {
  colour: NoiseColour;
  nsPerSample: number;
  /** Percent of one core's real time spent generating 48 kHz stereo. */
  realTimeSharePercent: number;
}

function kernelCost(colour: NoiseColour): KernelCost {
  const state = createNoiseState(colour, NOISE_SEEDS[0], 48000);
  const block = new Float32Array(QUANTUM);
  const blocks = 40_000;
  for (let i = 0; i < blocks; i++) renderNoise(state, block); // warm up the JIT
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < blocks; i++) renderNoise(state, block);
    runs.push(Number(process.hrtime.bigint() - start) / (blocks * QUANTUM));
  }
  runs.sort((a, b) => a - b);
  const nsPerSample = runs[Math.floor(runs.length / 2)] as number;
  return { colour, nsPerSample, realTimeSharePercent: (nsPerSample * STEREO_48K_SAMPLES_PER_SECOND) / 1e7 };
}

// ---------------------------------------------------------------- 3. accuracy

interface Accuracy {
  colour: NoiseColour;
  sampleRate: number;
  range: string;
  slopeDbPerOctave: number;
  worstBandDb: number;
}

function accuracy(colour: NoiseColour, sampleRate: number): Accuracy {
  const [from, to] = colour === 'brown' ? [40, 16000] : [20, 20000];
  const x = new Float32Array(1 << 24);
  renderNoise(createNoiseState(colour, NOISE_SEEDS[0], sampleRate), x);
  const bands = thirdOctaveBands(welchPsd(x, 1 << 16), sampleRate, from, to);
  const fit = fitSlope(bands);
  return {
    colour,
    sampleRate,
    range: `${from} Hz–${to / 1000} kHz`,
    slopeDbPerOctave: fit.slope,
    worstBandDb: colour === 'white' ? flatness(bands) : fit.maxAbsResidual,
  };
}

// ---------------------------------------------------------------- 2. Chromium

type Renderer = 'buffer' | 'worklet' | 'script-processor';

interface BrowserRun {
  colour: NoiseColour;
  renderer: Renderer;
  /** Mean and max of CDP's renderCapacity (fraction of the render budget used), over ~3 s. */
  renderCapacityMean: number | null;
  renderCapacityMax: number | null;
  callbackIntervalMeanMs: number | null;
  /** Runs of ≥ 128 silent samples at the source while the main thread was busy for 1 s. */
  dropouts: number;
  silentMs: number;
  /** Render callbacks that came more than STALL_MS late in that second, and the time lost. */
  stalls: number;
  stalledMs: number;
  /** Runs of replayed stale blocks (a late ScriptProcessor repeats its last buffer), and their length. */
  repeats: number;
  repeatedMs: number;
}

/**
 * Tap on the audio thread. Counts silent runs in its input, and stalls: wall-clock gaps between
 * render callbacks of more than STALL_MS. Headless Chromium's fake output device waits for a late
 * graph and then catches up instead of playing silence, so a ScriptProcessor starved by a busy main
 * thread shows as a stall; on a real device that gap is an audible dropout.
 */
const STALL_MS = 60;
const RECORDER_SOURCE = `
class DropoutRecorder extends AudioWorkletProcessor {
  constructor() {
    super();
    this.reset();
    this.port.onmessage = (e) => {
      if (e.data === 'reset') this.reset();
      if (e.data === 'report') this.port.postMessage({ dropouts: this.dropouts, silent: this.silent, stalls: this.stalls, stalledMs: this.stalledMs, repeats: this.repeats, repeatedSamples: this.repeatedSamples });
    };
  }
  reset() {
    this.run = 0; this.dropouts = 0; this.silent = 0; this.counted = false; this.stalls = 0; this.stalledMs = 0; this.last = 0;
    this.ring = new Float32Array(16384); this.pos = 0; this.filled = 0; this.repeats = 0; this.repeating = false; this.repeatedSamples = 0;
  }
  process(inputs) {
    const now = Date.now();
    if (this.last && now - this.last > ${STALL_MS}) { this.stalls++; this.stalledMs += now - this.last; }
    this.last = now;
    const x = inputs[0] && inputs[0][0];
    const n = x ? x.length : 128;
    // A late ScriptProcessor replays its stale buffer: noise that repeats itself 4096 or 8192 samples later.
    if (x) {
      let repeated = false;
      if (this.filled >= 8192) {
        for (const lag of [4096, 8192]) {
          let same = true;
          for (let i = 0; i < n && same; i++) same = x[i] !== 0 && x[i] === this.ring[(this.pos - lag + i + 16384) % 16384];
          if (same) { repeated = true; break; }
        }
      }
      if (repeated) { this.repeatedSamples += n; if (!this.repeating) this.repeats++; }
      this.repeating = repeated;
      for (let i = 0; i < n; i++) this.ring[(this.pos + i) % 16384] = x[i];
      this.pos = (this.pos + n) % 16384;
      this.filled += n;
    }
    for (let i = 0; i < n; i++) {
      if (!x || Math.abs(x[i]) < 1e-6) {
        this.run++;
        this.silent++;
        if (this.run >= 128 && !this.counted) { this.dropouts++; this.counted = true; }
      } else { this.run = 0; this.counted = false; }
    }
    return true;
  }
}
registerProcessor('bench-dropout-recorder', DropoutRecorder);
`;

interface BenchWindow {
  __bench: { contexts: AudioContext[]; sources: AudioNode[]; WorkletNode: typeof AudioWorkletNode };
}

function instrument(removeWorklet: boolean) {
  const bench: BenchWindow['__bench'] = { contexts: [], sources: [], WorkletNode: window.AudioWorkletNode };
  (window as unknown as BenchWindow).__bench = bench;
  const NativeContext = window.AudioContext;
  window.AudioContext = class extends NativeContext {
    constructor(options?: AudioContextOptions) {
      super(options);
      bench.contexts.push(this);
    }
  };
  const proto = BaseAudioContext.prototype;
  const createBufferSource = proto.createBufferSource;
  proto.createBufferSource = function (this: BaseAudioContext) {
    const node = createBufferSource.call(this);
    bench.sources.push(node);
    return node;
  };
  const createScriptProcessor = proto.createScriptProcessor;
  proto.createScriptProcessor = function (this: BaseAudioContext, size?: number, inputs?: number, outputs?: number) {
    const node = createScriptProcessor.call(this, size, inputs, outputs);
    bench.sources.push(node);
    return node;
  };
  const NativeWorkletNode = window.AudioWorkletNode;
  window.AudioWorkletNode = class extends NativeWorkletNode {
    constructor(context: BaseAudioContext, name: string, options?: AudioWorkletNodeOptions) {
      super(context, name, options);
      if (name !== 'bench-dropout-recorder') bench.sources.push(this);
    }
  };
  bench.WorkletNode = NativeWorkletNode;
  if (removeWorklet) delete (window as { AudioWorkletNode?: unknown }).AudioWorkletNode;
}

const paths: Record<NoiseColour, string> = { white: '/white-noise', pink: '/pink-noise', brown: '/brown-noise' };
const titles: Record<NoiseColour, string> = { white: 'White Noise', pink: 'Pink Noise', brown: 'Brown Noise' };

async function runInBrowser(baseUrl: string, page: Page, colour: NoiseColour, renderer: Renderer): Promise<BrowserRun> {
  await page.addInitScript(instrument, renderer === 'script-processor');
  const cdp = await page.context().newCDPSession(page);
  const contextIds: string[] = [];
  cdp.on('WebAudio.contextCreated', (event: { context: { contextId: string; contextType: string } }) => {
    if (event.context.contextType === 'realtime') contextIds.push(event.context.contextId);
  });
  await cdp.send('WebAudio.enable');
  await page.goto(baseUrl + paths[colour]);
  // The page is prerendered: a click before React has hydrated it does nothing.
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const button = page.getByRole('button', { name: `Play ${titles[colour]}` });
  await button.click();
  await page.locator('[data-status="playing"]').waitFor();
  await page.waitForTimeout(500);

  const capacities: number[] = [];
  const intervals: number[] = [];
  for (let i = 0; i < 12; i++) {
    const id = contextIds.at(-1);
    if (id) {
      try {
        const { realtimeData } = (await cdp.send('WebAudio.getRealtimeData', { contextId: id })) as {
          realtimeData: { renderCapacity: number; callbackIntervalMean: number };
        };
        capacities.push(realtimeData.renderCapacity);
        intervals.push(realtimeData.callbackIntervalMean * 1000);
      } catch {
        // The context may not report yet; the next sample will.
      }
    }
    await page.waitForTimeout(250);
  }

  const { dropouts, silent, stalls, stalledMs, repeats, repeatedSamples, sampleRate } = await page.evaluate(async (recorderSource) => {
    const bench = (window as unknown as BenchWindow).__bench;
    const ctx = bench.contexts[0] as AudioContext;
    const source = bench.sources.at(-1) as AudioNode;
    // A blob module: the bench's browser context bypasses the page's CSP for this tap only.
    await ctx.audioWorklet.addModule(URL.createObjectURL(new Blob([recorderSource], { type: 'text/javascript' })));
    const recorder = new bench.WorkletNode(ctx, 'bench-dropout-recorder', { numberOfInputs: 1, numberOfOutputs: 1 });
    source.connect(recorder);
    recorder.connect(ctx.destination);
    await new Promise((r) => setTimeout(r, 300));
    recorder.port.postMessage('reset');
    await new Promise((r) => setTimeout(r, 300));
    // One second of main-thread work, as a heavy page or a slow phone would do.
    const end = performance.now() + 1000;
    while (performance.now() < end) {
      /* busy */
    }
    await new Promise((r) => setTimeout(r, 500));
    // (No named helpers in here: tsx would wrap them in a __name() the page does not have.)
    const result = await new Promise<{ dropouts: number; silent: number; stalls: number; stalledMs: number; repeats: number; repeatedSamples: number }>((resolve) => {
      recorder.port.onmessage = (e) => resolve(e.data as { dropouts: number; silent: number; stalls: number; stalledMs: number; repeats: number; repeatedSamples: number });
      recorder.port.postMessage('report');
    });
    return { ...result, sampleRate: ctx.sampleRate };
  }, RECORDER_SOURCE);
  await cdp.detach();
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  return {
    colour,
    renderer,
    renderCapacityMean: mean(capacities),
    renderCapacityMax: capacities.length ? Math.max(...capacities) : null,
    callbackIntervalMeanMs: mean(intervals),
    dropouts,
    silentMs: (silent / sampleRate) * 1000,
    stalls,
    stalledMs,
    repeats,
    repeatedMs: (repeatedSamples / sampleRate) * 1000,
  };
}

async function browserRuns(): Promise<BrowserRun[] | { skipped: string }> {
  if (!existsSync(`${root}dist/index.html`)) {
    // The noise pages need no rendered catalogue: the app build alone is enough.
    console.log('bench: no production build yet, running vite build');
    const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) return { skipped: 'the production build failed' };
  }
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
  if (!executablePath) return { skipped: 'no Chromium found (set CHROMIUM_PATH)' };
  const preview = await servePreview(root, 4180, 50);
  const baseUrl = `http://localhost:${preview.port}`;
  const browser = await launchBenchChromium(['--autoplay-policy=no-user-gesture-required'], executablePath);
  try {
    await preview.ready(120);
    const runs: BrowserRun[] = [];
    const scenarios: [NoiseColour, Renderer][] = [
      ['white', 'buffer'],
      ['pink', 'worklet'],
      ['pink', 'script-processor'],
      ['brown', 'worklet'],
      ['brown', 'script-processor'],
    ];
    for (const [colour, renderer] of scenarios) {
      const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true });
      const page = await context.newPage();
      runs.push(await runInBrowser(baseUrl, page, colour, renderer));
      await context.close();
    }
    return runs;
  } finally {
    await browser.close();
    preview.stop();
  }
}

// ---------------------------------------------------------------- report

const fmt = (x: number | null, digits: number) => (x === null ? 'n/a' : x.toFixed(digits));

function markdown(kernels: KernelCost[], runs: BrowserRun[] | { skipped: string }, acc: Accuracy[], machine: string): string {
  const lines = [
    `Measured by \`npm run bench\` (${machine}). Figures move with machine load; none of them is asserted by a test.`,
    '',
    '**Kernel cost in Node** (128-frame blocks; share of one core for 48 kHz stereo):',
    '',
    '| Colour | ns per sample | Real-time share, 48 kHz stereo | Before issue 12 (ns, 2026-11-22) |',
    '| --- | ---: | ---: | ---: |',
    ...kernels.map((k) => `| ${k.colour} | ${k.nsPerSample.toFixed(2)} | ${k.realTimeSharePercent.toFixed(3)} % | ${KERNEL_NS_BEFORE_ISSUE_12[k.colour].toFixed(2)} |`),
    '',
  ];
  if ('skipped' in runs) lines.push(`Chromium: skipped (${runs.skipped}).`, '');
  else {
    lines.push(
      `**Headless Chromium, production build** (render capacity from CDP \`WebAudio.getRealtimeData\` while the generator plays; then the main thread is kept busy for 1 s and a tap on the audio thread counts dropouts: runs of ≥ 128 silent samples, render callbacks more than ${STALL_MS} ms late, and replayed stale blocks — Chromium plays a late ScriptProcessor's previous buffer again, which listeners hear as a stutter):`,
      '',
      '| Generator | Path | Render capacity mean (max) | Callback interval | Silent runs | Late callbacks | Replayed blocks |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      ...runs.map(
        (r) =>
          `| ${r.colour} | ${r.renderer} | ${fmt(r.renderCapacityMean === null ? null : r.renderCapacityMean * 100, 2)} % (${fmt(r.renderCapacityMax === null ? null : r.renderCapacityMax * 100, 2)} %) | ${fmt(r.callbackIntervalMeanMs, 1)} ms | ${r.dropouts} (${r.silentMs.toFixed(0)} ms) | ${r.stalls} (${r.stalledMs.toFixed(0)} ms) | ${r.repeats} (${r.repeatedMs.toFixed(0)} ms) |`,
      ),
      '',
    );
  }
  lines.push(
    '**Accuracy of the kernels** (Welch PSD, third-octave bands; white: worst deviation from flat; pink and brown: worst deviation from the fitted line):',
    '',
    '| Colour | Rate | Range | Slope (dB/octave) | Worst band (dB) |',
    '| --- | ---: | --- | ---: | ---: |',
    ...acc.map((a) => `| ${a.colour} | ${a.sampleRate / 1000} kHz | ${a.range} | ${a.slopeDbPerOctave.toFixed(3)} | ±${a.worstBandDb.toFixed(2)} |`),
  );
  return lines.join('\n');
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}`;
console.log('noise bench: kernels in Node…');
const kernels = COLOURS.map(kernelCost);
console.log('noise bench: Chromium on the production build…');
const runs = await browserRuns();
console.log('noise bench: accuracy…');
const acc = [44100, 48000].flatMap((rate) => COLOURS.map((colour) => accuracy(colour, rate)));
const table = markdown(kernels, runs, acc, machine);
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/noise.json`, JSON.stringify({ date: new Date().toISOString(), machine, kernels, chromium: runs, accuracy: acc }, null, 2) + '\n');
writeDocSection(`${root}docs/performance.md`, '## Noise', table);
console.log(`\n${table}\n\nWrote bench/results/noise.json and docs/performance.md (## Noise).`);
