/**
 * A night of one soundscape at 4× CPU (issue 22): Ocean walks its segments for NIGHT_MINUTES (30 by default) in
 * headless Chromium on the production build, the CPU throttled 4× (DevTools), and what the app outputs is recorded
 * on the audio thread the whole time (tests/e2e/output-probe.ts, no gap between takes). Every 3 s of it is checked
 * as loop-seam.spec.ts checks a restart: a dropout is a quantum the audio thread skipped, a gap any run of exact
 * silence over 1 ms, a jump any sample step over 3× that stretch's own p99.9. Once a minute: the decoded bytes the
 * engine holds (`data-decoded-bytes`), the page's JS heap after a collection (CDP Runtime.getHeapUsage) and the browser's resident
 * memory (every Chromium process's RSS, from ps), so "flat" is a series, not a word.
 * Usage: `npx vite build && npx tsx bench/night.bench.ts` (under the e2e lock; NIGHT_MINUTES=2 for a quick run).
 * Writes bench/results/night.json. Reported, never asserted.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { freePort, waitForServer } from './preview-server.ts';
import { outputProbeScript, seamMetrics, type OutputProbe } from '../tests/e2e/output-probe';

const root = new URL('../', import.meta.url).pathname;
const MINUTES = Number(process.env.NIGHT_MINUTES ?? 30);
const THROTTLE = 4;
/** The stretch each check covers, as loop-seam's recordings (3 s). */
const STRETCH_S = 3;

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.take());

/** Resident memory of every Chromium process (kB → MB), the browser's whole footprint. */
function chromiumRssMb(): number {
  try {
    const out = execFileSync('ps', ['-C', 'chromium', '-o', 'rss='], { encoding: 'utf8' });
    return out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
  } catch {
    return 0;
  }
}

async function main() {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('build first: npx vite build');
  const port = await freePort(4900 + (process.pid % 200), 200);
  const preview = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true });
  const baseUrl = `http://localhost:${port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    await waitForServer(baseUrl, preview, 120);
    // The audio-thread recorder is a blob: module, which the app's CSP refuses (as in the e2e).
    const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true });
    await context.addInitScript(outputProbeScript(4096, 'worklet'));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(baseUrl);
    await page.getByTestId('sound-grid').getByRole('button', { name: /^Ocean\b/ }).click();
    await page.waitForFunction(() => document.getElementById('lull-player')?.dataset.loop === 'decoded', undefined, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.record(true));

    const totals = { seconds: 0, stretches: 0, dropouts: 0, gaps: 0, jumps: 0, worstJumpRatio: 0, longestSilenceMs: 0 };
    const minutes: { minute: number; decodedMb: number; heapMb: number; rssMb: number; dropouts: number; gaps: number; jumps: number }[] = [];
    let carry: number[] = [];
    const end = Date.now() + MINUTES * 60_000;
    let nextMinute = Date.now() + 60_000;
    let minute = { dropouts: 0, gaps: 0, jumps: 0 };
    while (Date.now() < end) {
      await page.waitForTimeout(10_000);
      const { samples, sampleRate, droppedBlocks } = await probe(page);
      totals.dropouts += droppedBlocks;
      minute.dropouts += droppedBlocks;
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
        const decoded = await page.evaluate(() => Number(document.getElementById('lull-player')?.dataset.decodedBytes ?? 0));
        // Live objects, not the garbage the probe's takes leave between collections.
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        minutes.push({ minute: minutes.length + 1, decodedMb: decoded / 1e6, heapMb: usedSize / 1e6, rssMb: chromiumRssMb(), ...minute });
        console.log(JSON.stringify(minutes.at(-1)));
        minute = { dropouts: 0, gaps: 0, jumps: 0 };
      }
    }
    const first = minutes[0];
    const last = minutes.at(-1);
    const result = {
      date: new Date().toISOString(),
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}`,
      sound: 'Ocean (walking its segments), streamed',
      throttle: THROTTLE,
      minutes: MINUTES,
      totals,
      memory: first && last ? { decodedMb: [first.decodedMb, last.decodedMb], heapMb: [first.heapMb, last.heapMb], rssMb: [first.rssMb, last.rssMb] } : null,
      perMinute: minutes,
    };
    console.log(JSON.stringify({ totals, memory: result.memory }));
    mkdirSync(`${root}bench/results`, { recursive: true });
    writeFileSync(`${root}bench/results/night.json`, JSON.stringify(result, null, 2) + '\n');
    await context.close();
  } finally {
    await browser.close();
    if (preview.pid) process.kill(-preview.pid);
  }
}

await main();
