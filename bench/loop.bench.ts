/**
 * Looping soundscapes in headless Chromium on the production build (issue 11):
 * - click → audible: from the click on a sound to the first block with |x| > 1e-3 in what the page
 *   outputs (tests/e2e/output-probe.ts, a 256-frame ScriptProcessor tap, so ±5 ms), streamed (fresh
 *   browser context, nothing saved) and cached (the same sound after it was saved, page reloaded),
 *   unthrottled and with CDP CPU throttling 4×; median of RUNS runs.
 * - decoded bytes of one loop (what an AudioBuffer of the file holds: frames × channels × 4).
 * - V8 heap (CDP Runtime.getHeapUsage after a forced GC) before, after 50 and after 100 track
 *   switches (bounded memory: the second 50 switches must not add what the first did).
 * Every click waits until the page has hydrated (`<html data-hydrated>`, where the build has it)
 * and settled, so a build that paints earlier is not charged for its hydration.
 * Usage: `npx vite build && npx tsx bench/loop.bench.ts [label]` (label: e.g. before / after).
 * Two builds measured in the same minutes (runs interleaved A B B A …, so machine load hits both
 * alike): `npx tsx bench/loop.bench.ts after --against before=/path/to/checkout` (each checkout
 * with its dist/ built). Writes bench/results/loop-<label>.json (and loop-<other>.json).
 * Timings are reported, never asserted.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { outputProbeScript, type OutputProbe } from '../tests/e2e/output-probe';
import { isFileSaved } from '../tests/e2e/saved-audio';
import { servePreview, launchBenchChromium } from './preview-server.ts';

const root = new URL('../', import.meta.url).pathname;
const label = process.argv[2] ?? 'after';
const againstArg = process.argv.indexOf('--against');
const against = againstArg > 0 ? process.argv[againstArg + 1]?.split('=') : undefined;
const RUNS = Number(process.env.LOOP_BENCH_RUNS ?? 7);
const SETTLE_MS = 1500;
const SOUNDS = ['Ocean', 'Rain', 'Underwater'];

const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });

async function clickToAudible(page: Page, name: string): Promise<number> {
  await page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.arm());
  await soundButton(page, name).click();
  await page.waitForFunction(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.firstAudibleAt !== null, null, { timeout: 20_000 });
  return page.evaluate(() => {
    const probe = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    return probe.firstAudibleAt! - probe.armedAt!;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function newPage(browser: Browser, throttle: number) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(outputProbeScript(256));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { context, page, cdp };
}

/** Hydrated (where the build prerenders) and idle for a moment: what a listener's first tap meets. */
async function settle(page: Page, build: Build) {
  await soundButton(page, 'Ocean').waitFor();
  if (build.prerendered) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
  await page.waitForTimeout(SETTLE_MS);
}

interface Build {
  readonly label: string;
  readonly baseUrl: string;
  /** Whether its HTML already holds the sound grid (then React hydrates it: wait for that). */
  readonly prerendered: boolean;
}

interface Timings {
  streamed: number[];
  cached: number[];
}

async function oneRun(browser: Browser, build: Build, throttle: number, run: number, into: Timings) {
  const name = SOUNDS[run % SOUNDS.length]!;
  const file = `${name.toLowerCase()}.mp3`;
  const { context, page } = await newPage(browser, throttle);
  await page.goto(build.baseUrl);
  await settle(page, build);
  into.streamed.push(await clickToAudible(page, name));
  for (let i = 0; i < 80 && !(await isFileSaved(page, file)); i++) await page.waitForTimeout(250);
  await page.reload();
  await settle(page, build);
  into.cached.push(await clickToAudible(page, name));
  await context.close();
}

/** Click → audible for each build, runs interleaved (A B B A …) so load falls on all alike. */
async function latency(browser: Browser, builds: readonly Build[], throttle: number) {
  const timings = builds.map((): Timings => ({ streamed: [], cached: [] }));
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
    for (const i of order) await oneRun(browser, builds[i]!, throttle, run, timings[i]!);
  }
  return timings.map(({ streamed, cached }) => ({
    throttle,
    streamedMs: streamed.map(Math.round),
    cachedMs: cached.map(Math.round),
    streamedMedianMs: Math.round(median(streamed)),
    cachedMedianMs: Math.round(median(cached)),
  }));
}

async function memory(browser: Browser, build: Build) {
  const { baseUrl } = build;
  const { context, page, cdp } = await newPage(browser, 1);
  await page.goto(baseUrl);
  const decodedBytes = await page.evaluate(async () => {
    const bytes = await (await fetch('/media/ocean.mp3')).arrayBuffer();
    const ctx = new OfflineAudioContext(2, 48000, 48000);
    const buffer = await ctx.decodeAudioData(bytes);
    return { frames: buffer.length, channels: buffer.numberOfChannels, bytes: buffer.length * buffer.numberOfChannels * 4 };
  });
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  await settle(page, build);
  await soundButton(page, 'Ocean').click();
  await page.waitForTimeout(3000);
  const before = await heap();
  const loops = ['Ocean', 'Rain', 'Underwater', 'River', 'Wind'];
  const switches = async () => {
    for (let i = 0; i < 50; i++) {
      await soundButton(page, loops[i % loops.length]!).click();
      await page.waitForTimeout(400);
    }
    await page.waitForTimeout(3000);
    return heap();
  };
  const after50 = await switches();
  const after100 = await switches();
  await context.close();
  return { decoded: decodedBytes, heapBeforeBytes: before, heapAfter50SwitchesBytes: after50, heapAfter100SwitchesBytes: after100 };
}

function built(dir: string): string {
  if (!existsSync(`${dir}/dist/index.html`)) throw new Error(`build first: npx vite build (in ${dir})`);
  return dir;
}

async function main() {
  const mine = await servePreview(built(root), 4600 + (process.pid % 200));
  const other = against ? await servePreview(built(against[1]!), 4900 + (process.pid % 200)) : undefined;
  const previews = [mine, ...(other ? [other] : [])];
  const serving = [{ label, baseUrl: mine.baseUrl }, ...(other && against ? [{ label: against[0]!, baseUrl: other.baseUrl }] : [])];
  const builds: Build[] = [];
  const browser = await launchBenchChromium(['--autoplay-policy=no-user-gesture-required']);
  try {
    for (const preview of previews) await preview.ready(120);
    for (const build of serving) builds.push({ ...build, prerendered: (await (await fetch(build.baseUrl)).text()).includes('sound-grid') });
    const loadBefore = loadavg()[0]!;
    const unthrottled = await latency(browser, builds, 1);
    console.log(unthrottled);
    const throttled = await latency(browser, builds, 4);
    console.log(throttled);
    mkdirSync(`${root}bench/results`, { recursive: true });
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`;
    for (const [i, build] of builds.entries()) {
      const mem = await memory(browser, build);
      console.log(build.label, mem);
      const interleavedWith = builds.filter((b) => b !== build).map((b) => b.label);
      const result = { date: new Date().toISOString(), label: build.label, machine, runs: RUNS, interleavedWith, latency: [unthrottled[i], throttled[i]], memory: mem };
      writeFileSync(`${root}bench/results/loop-${build.label}.json`, JSON.stringify(result, null, 2) + '\n');
    }
  } finally {
    await browser.close();
    for (const preview of previews) preview.stop();
  }
}

await main();
