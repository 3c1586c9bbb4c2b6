/**
 * Decoded audio held per playing soundscape (issue 22), in headless Chromium on the production build.
 * Counted from outside the engine (tests/e2e/audio-census.ts): every AudioBuffer the page made (frames × channels × 4)
 * and still holds after a garbage collection, sampled every 100 ms:
 * - per soundscape: 25 s of play (five windows come and go), the largest figure seen, against what a
 *   decode of the whole file holds (the build before issue 22 kept exactly that resident);
 * - 100 switches between five soundscapes, one every 100 ms, with a 2 s pause every 25 (so windows
 *   are decoding when the next switch comes): the largest figure during and the figure 3 s after, and
 *   the media requests still open for a sound that no longer plays;
 * - per soundscape, the bytes of its file downloaded during those 25 s (element and decode read both),
 *   against the file's size: what "one download" (issue 22) would bring to 1×.
 * Usage: `npx vite build && npx tsx bench/scape-memory.bench.ts` (under the e2e lock). Writes
 * bench/results/scape-memory.json. Reported, never asserted.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { audioCensusScript, liveDecodedBytes } from '../tests/e2e/audio-census';
import { servePreview, launchBenchChromium } from './preview-server.ts';

const root = new URL('../', import.meta.url).pathname;
const SOUNDS = ['Ocean', 'Rain', 'Underwater', 'Forest', 'River'];
const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });


/** Samples the count every 100 ms while `during` runs; returns the largest. */
async function peakWhile(page: Page, during: () => Promise<void>): Promise<number> {
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await liveDecodedBytes(page));
      await page.waitForTimeout(100);
    }
  })();
  await during();
  running = false;
  await sampler;
  return peak;
}

async function main() {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('build first: npx vite build');
  const preview = await servePreview(root, 4700 + (process.pid % 200));
  const { baseUrl } = preview;
  const browser = await launchBenchChromium(['--autoplay-policy=no-user-gesture-required']);
  try {
    await preview.ready(120);
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(audioCensusScript);
    const page = await context.newPage();
    /** Media requests started and not yet finished, by URL. */
    const open = new Map<string, number>();
    const count = (url: string, by: number) => {
      const file = url.replace(/\?.*$/, '');
      if (file.includes('/media/') && file.endsWith('.mp3')) open.set(file, (open.get(file) ?? 0) + by);
    };
    page.on('request', (r) => count(r.url(), 1));
    page.on('requestfinished', (r) => count(r.url(), -1));
    /**
     * Bytes received per media file, every chunk of every request (the element's, which may stay open
     * while it plays, and the decode's read), from the DevTools protocol: requestfinished misses open ones.
     */
    const received = new Map<string, number>();
    const requestsFor = new Map<string, number>();
    const mediaOf = new Map<string, string>();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      const file = request.url.replace(/\?.*$/, '');
      if (!file.includes('/media/') || !file.endsWith('.mp3')) return;
      mediaOf.set(requestId, file);
      requestsFor.set(file, (requestsFor.get(file) ?? 0) + 1);
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const file = mediaOf.get(requestId);
      if (file) received.set(file, (received.get(file) ?? 0) + dataLength);
    });
    page.on('requestfailed', (r) => count(r.url(), -1));
    await page.goto(baseUrl);
    await soundButton(page, 'Ocean').waitFor();
    await page.waitForTimeout(1500);

    const perSound: { sound: string; peakBytes: number; wholeFileBytes: number; fileSize: number; downloadedBytes: number; requests: number }[] = [];
    for (const sound of SOUNDS) {
      const fileUrl = `${baseUrl}media/${sound.toLowerCase()}.mp3`;
      received.delete(fileUrl);
      requestsFor.delete(fileUrl);
      await soundButton(page, sound).click();
      const peakBytes = await peakWhile(page, () => page.waitForTimeout(25_000));
      const downloadedBytes = received.get(fileUrl) ?? 0;
      const requests = requestsFor.get(fileUrl) ?? 0;
      const wholeFileBytes = await page.evaluate(async (file) => {
        const bytes = await (await fetch(`/media/${file}`)).arrayBuffer();
        const buffer = await new OfflineAudioContext(2, 1, 48000).decodeAudioData(bytes);
        return buffer.length * buffer.numberOfChannels * 4;
      }, `${sound.toLowerCase()}.mp3`);
      // Measured in Node, so this read is not counted above.
      const fileSize = (await (await fetch(fileUrl)).arrayBuffer()).byteLength;
      perSound.push({ sound, peakBytes, wholeFileBytes, fileSize, downloadedBytes, requests });
      console.log(perSound.at(-1));
    }

    let last = '';
    const peakDuringSwitches = await peakWhile(page, async () => {
      for (let i = 0; i < 100; i++) {
        last = SOUNDS[i % SOUNDS.length]!;
        await soundButton(page, last).click();
        await page.waitForTimeout(i % 25 === 24 ? 2000 : 100);
      }
    });
    await page.waitForTimeout(3000);
    const afterSwitches = await liveDecodedBytes(page);
    const stillOpen = [...open].filter(([url, n]) => n > 0 && !url.includes(`/media/${last.toLowerCase()}.mp3`)).map(([url]) => url);
    const result = {
      date: new Date().toISOString(),
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}`,
      goalBytes: 12_000_000,
      perSound,
      switches: { count: 100, peakBytes: peakDuringSwitches, bytesAfter: afterSwitches, openRequestsForStoppedSounds: stillOpen },
    };
    console.log(result.switches);
    mkdirSync(`${root}bench/results`, { recursive: true });
    writeFileSync(`${root}bench/results/scape-memory.json`, JSON.stringify(result, null, 2) + '\n');
    await context.close();
  } finally {
    await browser.close();
    preview.stop();
  }
}

await main();
