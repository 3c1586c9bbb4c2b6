/**
 * Looping soundscapes in headless Chromium on the production build (issue 11):
 * - click → audible: from the click on a sound to the first block with |x| > 1e-3 in what the page
 *   outputs (tests/e2e/output-probe.ts, a 256-frame ScriptProcessor tap, so ±5 ms), streamed (fresh
 *   browser context, nothing saved) and cached (the same sound after it was saved, page reloaded),
 *   unthrottled and with CDP CPU throttling 4×; median of RUNS runs.
 * - decoded bytes of one loop (what an AudioBuffer of the file holds: frames × channels × 4).
 * - V8 heap (CDP Runtime.getHeapUsage after a forced GC) before and after 50 track switches.
 * Usage: `npx vite build && npx tsx bench/loop.bench.ts [label]` (label: e.g. before / after).
 * Writes bench/results/loop-<label>.json. Timings are reported, never asserted.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { outputProbeScript, type OutputProbe } from '../tests/e2e/output-probe';
import { isFileSaved } from '../tests/e2e/saved-audio';
import { freePort, waitForServer } from './preview-server.ts';

const root = new URL('../', import.meta.url).pathname;
const label = process.argv[2] ?? 'after';
const RUNS = 5;
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

async function latency(browser: Browser, baseUrl: string, throttle: number) {
  const streamed: number[] = [];
  const cached: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const name = SOUNDS[run % SOUNDS.length]!;
    const file = `${name.toLowerCase()}.mp3`;
    const { context, page } = await newPage(browser, throttle);
    await page.goto(baseUrl);
    streamed.push(await clickToAudible(page, name));
    for (let i = 0; i < 80 && !(await isFileSaved(page, file)); i++) await page.waitForTimeout(250);
    await page.reload();
    cached.push(await clickToAudible(page, name));
    await context.close();
  }
  return { throttle, streamedMs: streamed.map(Math.round), cachedMs: cached.map(Math.round), streamedMedianMs: Math.round(median(streamed)), cachedMedianMs: Math.round(median(cached)) };
}

async function memory(browser: Browser, baseUrl: string) {
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
  await soundButton(page, 'Ocean').click();
  await page.waitForTimeout(3000);
  const before = await heap();
  const loops = ['Ocean', 'Rain', 'Underwater', 'River', 'Wind'];
  for (let i = 0; i < 50; i++) {
    await soundButton(page, loops[i % loops.length]!).click();
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(3000);
  const after = await heap();
  await context.close();
  return { decoded: decodedBytes, heapBeforeBytes: before, heapAfter50SwitchesBytes: after };
}

async function main() {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('build first: npx vite build');
  const port = await freePort(4600 + (process.pid % 200), 200);
  const preview = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true });
  const baseUrl = `http://localhost:${port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    await waitForServer(baseUrl, preview, 120);
    const unthrottled = await latency(browser, baseUrl, 1);
    console.log(unthrottled);
    const throttled = await latency(browser, baseUrl, 4);
    console.log(throttled);
    const mem = await memory(browser, baseUrl);
    console.log(mem);
    mkdirSync(`${root}bench/results`, { recursive: true });
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}`;
    writeFileSync(`${root}bench/results/loop-${label}.json`, JSON.stringify({ date: new Date().toISOString(), label, machine, latency: [unthrottled, throttled], memory: mem }, null, 2) + '\n');
  } finally {
    await browser.close();
    if (preview.pid) process.kill(-preview.pid);
  }
}

await main();
