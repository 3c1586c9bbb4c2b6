/**
 * Six sounds at once (issue 23's budgets): a track and five layers from a v2 mix link, in headless
 * Chromium on the production build.
 * - click 'Play this mix' → audible, against its track alone (a tap on the Ocean card), each
 *   on a fresh page, runs interleaved (mix, sound, sound, mix …), unthrottled and at 4× CPU; medians.
 *   Audible = the first output block with |x| > 1e-3 (tests/e2e/output-probe.ts), timed when the main thread sees it
 *   and when it leaves the output (its playbackTime on getOutputTimestamp's clock).
 * - decoded audio resident for the whole mix, counted from outside the engine (tests/e2e/audio-census.ts): every
 *   AudioBuffer the page made (frames × channels × 4) still alive after a garbage collection; the largest seen over
 *   30 s of play (six windows come and go).
 * - render capacity: CDP WebAudio.getRealtimeData, mean and max over 10 s, unthrottled, on a page without the
 *   output probe (its ScriptProcessor and worklet recorders render on the same audio thread: the app's graph is
 *   what is budgeted); the same figures with the probe are kept as `renderCapacityWithProbe*`.
 * - dropouts with the main thread blocked for 1 s: quanta the audio thread skipped (the probe's
 *   worklet recorder numbers them) and runs of ≥ 128 silent samples in what was output.
 * Usage: `npx vite build && npx tsx bench/mix.bench.ts` (under the e2e lock on a shared machine).
 * Writes bench/results/mix.json. Reported, never asserted.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { audioCensusScript, liveDecodedBytes } from '../tests/e2e/audio-census';
import { outputProbeScript, type OutputProbe } from '../tests/e2e/output-probe';
import { servePreview, launchBenchChromium } from './preview-server.ts';

const root = new URL('../', import.meta.url).pathname;
const RUNS = Number(process.env.MIX_BENCH_RUNS ?? 5);
/** A track and five layers: three soundscapes and two noises under Ocean. */
export const MIX_LINK = process.env.MIX_BENCH_LINK ?? '/?mix=2&sound=ocean&layers=rain:50,fire:40,wind:30,pink:25,brown:20&volume=80';
const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.firstAudibleAt !== null);

async function freshPage(browser: Browser, throttle: number, recorder: 'worklet' | 'script-processor' | 'none' = 'script-processor') {
  // The worklet recorder's module is a blob: URL, which the page's CSP refuses (tests/e2e/output-probe.ts).
  const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: recorder === 'worklet' });
  await context.addInitScript(audioCensusScript);
  if (recorder !== 'none') await context.addInitScript(outputProbeScript(256, recorder));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { context, page, cdp };
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
  await page.waitForTimeout(1500);
}

/** Click → the first audible block as the main thread saw it, and as it left the output (the probe's two clocks). */
async function clickToAudible(page: Page, click: () => Promise<void>): Promise<{ seen: number; output: number | null }> {
  await page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.arm());
  await click();
  for (let i = 0; i < 200 && !(await probeOf(page)); i++) await page.waitForTimeout(50);
  return page.evaluate(() => {
    const probe = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    if (probe.firstAudibleAt === null || probe.armedAt === null) throw new Error('never audible');
    return { seen: probe.firstAudibleAt - probe.armedAt, output: probe.firstAudibleOutputAt === null ? null : probe.firstAudibleOutputAt - probe.armedAt };
  });
}

const playThisMix = (page: Page) => () => page.getByRole('button', { name: 'Play this mix' }).click();
/** The mix's own track alone: the same file, so only what the layers add is measured. */
const tapOcean = (page: Page) => () => page.getByTestId('sound-grid').getByRole('button', { name: /^Ocean\b/ }).click();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function latency(browser: Browser, baseUrl: string, throttle: number) {
  const mix: number[] = [];
  const single: number[] = [];
  const mixOut: number[] = [];
  const singleOut: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? (['mix', 'single'] as const) : (['single', 'mix'] as const);
    for (const kind of order) {
      const { context, page } = await freshPage(browser, throttle);
      await page.goto(baseUrl + (kind === 'mix' ? MIX_LINK : '/'));
      await hydrated(page);
      const heard = await clickToAudible(page, kind === 'mix' ? playThisMix(page) : tapOcean(page));
      (kind === 'mix' ? mix : single).push(heard.seen);
      if (heard.output !== null) (kind === 'mix' ? mixOut : singleOut).push(heard.output);
      await context.close();
    }
  }
  const out = (xs: number[]) => (xs.length > 0 ? Math.round(median(xs)) : null);
  return {
    throttle,
    mixMs: mix.map(Math.round),
    singleMs: single.map(Math.round),
    mixMedianMs: Math.round(median(mix)),
    singleMedianMs: Math.round(median(single)),
    // The same blocks on the output's clock (getOutputTimestamp): not delayed by a busy main thread.
    mixAtOutputMs: mixOut.map(Math.round),
    singleAtOutputMs: singleOut.map(Math.round),
    mixAtOutputMedianMs: out(mixOut),
    singleAtOutputMedianMs: out(singleOut),
  };
}


/** The mix playing on a fresh page (with the probe, or none): its realtime context's render capacity, mean and max over 10 s. */
async function playingMix(browser: Browser, baseUrl: string, recorder: 'worklet' | 'none') {
  const { context, page, cdp } = await freshPage(browser, 1, recorder);
  const contextIds: string[] = [];
  cdp.on('WebAudio.contextCreated', (event: { context: { contextId: string; contextType: string } }) => {
    if (event.context.contextType === 'realtime') contextIds.push(event.context.contextId);
  });
  await cdp.send('WebAudio.enable');
  await page.goto(baseUrl + MIX_LINK);
  await hydrated(page);
  await playThisMix(page)();
  let peak = 0;
  // 30 s, a collection and a count every ~100 ms.
  for (let i = 0; i < 300; i++) {
    peak = Math.max(peak, await liveDecodedBytes(page));
    await page.waitForTimeout(100);
  }
  const capacities: number[] = [];
  // 10 s: a 3 s read moved by ±0.5 points from run to run on a shared machine.
  for (let i = 0; i < 40; i++) {
    const id = contextIds.at(-1);
    if (id) {
      const { realtimeData } = (await cdp.send('WebAudio.getRealtimeData', { contextId: id }).catch(() => ({ realtimeData: null }))) as {
        realtimeData: { renderCapacity: number } | null;
      };
      if (realtimeData) capacities.push(realtimeData.renderCapacity);
    }
    await page.waitForTimeout(250);
  }
  const mean = capacities.length ? capacities.reduce((a, b) => a + b, 0) / capacities.length : null;
  return { context, page, peak, mean, max: capacities.length ? Math.max(...capacities) : null };
}

async function steadyState(browser: Browser, baseUrl: string) {
  const clean = await playingMix(browser, baseUrl, 'none');
  await clean.context.close();
  const { context, page, mean: probedMean, max: probedMax } = await playingMix(browser, baseUrl, 'worklet');
  const blocked = await page.evaluate(async () => {
    const probe = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    probe.take();
    probe.record(true);
    await new Promise((r) => setTimeout(r, 300));
    // One second of main-thread work, as a heavy page or a slow phone would do.
    const end = performance.now() + 1000;
    while (performance.now() < end) {
      /* busy */
    }
    await new Promise((r) => setTimeout(r, 500));
    probe.record(false);
    const { samples, sampleRate, droppedBlocks } = probe.take();
    let run = 0;
    let silentRuns = 0;
    for (const x of samples) {
      run = Math.abs(x) < 1e-6 ? run + 1 : 0;
      if (run === 128) silentRuns++;
    }
    return { recordedMs: (samples.length / sampleRate) * 1000, droppedBlocks, silentRuns, recorder: probe.recorder };
  });
  await context.close();
  const { peak } = clean;
  return {
    residentPeakBytes: peak,
    residentPeakMB: Number((peak / 1e6).toFixed(2)),
    renderCapacityMean: clean.mean,
    renderCapacityMax: clean.max,
    renderCapacityWithProbeMean: probedMean,
    renderCapacityWithProbeMax: probedMax,
    mainThreadBlocked1s: blocked,
  };
}

async function main() {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('build first: npx vite build');
  // Without the rendered catalogue every sound 404s and the bench could only say "never audible".
  if (!existsSync(`${root}dist/media/ocean.mp3`)) throw new Error('the sound catalogue is not rendered: npm run studio, then npx vite build');
  const preview = await servePreview(root, 4900 + (process.pid % 100), 100);
  const baseUrl = `http://localhost:${preview.port}`;
  const browser = await launchBenchChromium();
  try {
    await preview.ready(120);
    // MIX_BENCH_LATENCY_ONLY=1: click to first sound only, unthrottled (a quick comparison of links).
    const quick = process.env.MIX_BENCH_LATENCY_ONLY === '1';
    // MIX_BENCH_STEADY_ONLY=1: memory, render capacity and the blocked main thread only (what a link's sounds cost).
    const steadyOnly = process.env.MIX_BENCH_STEADY_ONLY === '1';
    const steady = quick ? {} : await steadyState(browser, baseUrl);
    const latencies = steadyOnly ? [] : quick ? [await latency(browser, baseUrl, 1)] : [await latency(browser, baseUrl, 1), await latency(browser, baseUrl, 4)];
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
      link: MIX_LINK,
      ...steady,
      latencies,
    };
    mkdirSync(`${root}bench/results`, { recursive: true });
    if (!quick && !steadyOnly) writeFileSync(`${root}bench/results/mix.json`, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    preview.stop();
  }
}

await main();
