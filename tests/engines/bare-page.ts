/**
 * A developer's control for gaps heard at the OS (docs/engines.md, "Early dropouts"): a bare page, not Lull, plays
 * Rain's whole decoded file in a loop through one gain into the destination, on the same harness (PulseAudio null
 * sink, the same driver and priorities), and is recorded as the mix-link step records Lull: 2 s from 300 ms after the
 * start, and 2 s from 2.5 s after it. A variant adds one thing Lull's page does, to see whether it alone drops out.
 *
 * Usage (after `npm run build`): ENGINE=webkit VARIANT=decodes RUNS=12 npx tsx tests/engines/bare-page.ts
 * Variants: plain, rate48, resume, decodes, offline, busy, paint, save, mes, messrc (see VARIANT_SCRIPT).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preview } from 'vite';
import { freePort, openEngine, type EngineName } from './engines';
import { measure, pulseEnv, Recorder, startPulse } from './pulse';
import { MAX_GAP_MS } from './smoke';

const ENGINE = (process.env.ENGINE ?? 'webkit') as EngineName;
const VARIANT = process.env.VARIANT ?? 'plain';
const RUNS = Number(process.env.RUNS ?? 12);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs in the page while Rain plays (`ctx`, the decoded file's `bytes`). */
const VARIANT_SCRIPT: Record<string, string> = {
  plain: '',
  // Decoded at the file's 48 kHz (as window-decode.ts does), played in the context's own rate.
  rate48: '',
  // Suspended before the decode, resumed before the start (the bus's prepare, then the tap).
  resume: '',
  decodes: 'for (let i = 0; i < 12; i++) { await wait(150); await ctx.decodeAudioData(bytes.slice(i * 40000, i * 40000 + 60000)).catch(() => 0); }',
  offline: 'for (let i = 0; i < 14; i++) { await wait(150); await new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate: 48000 }).decodeAudioData(bytes.slice(i * 40000, i * 40000 + 60000)).catch(() => 0); }',
  busy: 'for (let i = 0; i < 10; i++) { await wait(100); const t = performance.now(); while (performance.now() - t < 250) {} }',
  paint: "const d = document.createElement('div'); d.style.cssText = 'position:fixed;inset:0;background:linear-gradient(45deg,red,blue);filter:blur(8px)'; document.body.append(d); let k = 0; const f = () => { d.style.transform = 'rotate(' + (k++ % 360) + 'deg) scale(1.5)'; requestAnimationFrame(f); }; f();",
  // The cache worker's job (cache-api.ts): the file fetched again, as a base64 data URL, written to IndexedDB.
  save: "const saver = new Worker('/bare-worker.js'); saver.onmessage = (e) => { window.saved = e.data; }; saver.postMessage('/media/rain.mp3');",
  mes: 'const el = new Audio(); document.body.append(el); ctx.createMediaElementSource(el).connect(ctx.createGain()).connect(ctx.destination);',
  messrc: "const el = new Audio(); el.preload = 'auto'; el.src = '/media/ocean.mp3'; document.body.append(el); ctx.createMediaElementSource(el).connect(ctx.createGain()).connect(ctx.destination);",
};

const WORKER = `onmessage = async (e) => {
  const bytes = new Uint8Array(await (await fetch(e.data)).arrayBuffer());
  const parts = []; for (let i = 0; i < bytes.length; i += 0x8000) parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000)));
  const record = { dataUrl: 'data:audio/mpeg;base64,' + btoa(parts.join('')) };
  const open = indexedDB.open('bare', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('audio');
  open.onsuccess = () => { const tx = open.result.transaction('audio', 'readwrite'); tx.objectStore('audio').put(record, Date.now()); tx.oncomplete = () => postMessage(record.dataUrl.length); };
};`;

const script = `window.state = 'idle';
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
document.getElementById('go').onclick = async () => {
  const ctx = new AudioContext({ latencyHint: 'interactive' });
  window.state = 'decoding';
  ${VARIANT === 'resume' ? 'await ctx.suspend();' : ''}
  const bytes = await (await fetch('/media/rain.mp3')).arrayBuffer();
  const decoder = ${VARIANT === 'rate48' ? 'new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate: 48000 })' : 'ctx'};
  const buffer = await decoder.decodeAudioData(bytes.slice(0));
  ${VARIANT === 'resume' ? 'await ctx.resume();' : ''}
  const source = ctx.createBufferSource(); source.buffer = buffer; source.loop = true;
  const gain = ctx.createGain(); gain.gain.value = 0.64;
  source.connect(gain).connect(ctx.destination); source.start();
  window.state = 'playing';
  ${VARIANT_SCRIPT[VARIANT] ?? ''}
};`;

async function main(): Promise<void> {
  if (!(VARIANT in VARIANT_SCRIPT)) throw new Error(`VARIANT: one of ${Object.keys(VARIANT_SCRIPT).join(', ')}`);
  const root = process.cwd();
  // The preview server's CSP allows same-origin scripts only: the page and its script go into the build for the run.
  const html = join(root, 'dist/bare.html'), js = join(root, 'dist/bare.js'), worker = join(root, 'dist/bare-worker.js');
  writeFileSync(worker, WORKER);
  writeFileSync(html, '<!doctype html><html><body><button id="go">Play</button><script src="/bare.js"></script></body></html>');
  writeFileSync(js, script);
  const pulse = startPulse();
  const recorder = new Recorder(pulse);
  const port = await freePort();
  const server = await preview({ root, logLevel: 'warn', preview: { port, strictPort: true, host: 'localhost', open: false } });
  const page = await openEngine(ENGINE, pulseEnv(pulse));
  const gaps: string[] = [];
  let windows = 0;
  try {
    await recorder.ready;
    for (let run = 0; run < RUNS; run++) {
      for (const after of [300, 2500]) {
        await page.goto(`http://localhost:${port}/bare.html`);
        await page.click('#go');
        for (let k = 0; k < 200 && (await page.run<string>('function () { return window.state; }')) !== 'playing'; k++) await sleep(50);
        await sleep(after);
        const heard = measure(await recorder.listen(2000));
        const saved = await page.run<number | null>('function () { return window.saved ?? null; }');
        windows++;
        const line = `run ${run}, from ${after} ms: ${heard.dbfs.toFixed(1)} dBFS, longest gap ${heard.longestGapMs} ms at ${heard.gapAtMs} ms${saved === null ? '' : `, ${saved} bytes saved`}`;
        console.log(line);
        if (heard.longestGapMs > MAX_GAP_MS) gaps.push(line);
      }
    }
  } finally {
    await page.close().catch(() => undefined);
    recorder.stop();
    pulse.stop();
    await server.close();
    for (const file of [html, js, worker]) rmSync(file, { force: true });
  }
  console.log(`${ENGINE} bare page, ${VARIANT}: ${gaps.length} of ${windows} windows with a gap over ${MAX_GAP_MS} ms${gaps.length ? `\n${gaps.join('\n')}` : ''}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
