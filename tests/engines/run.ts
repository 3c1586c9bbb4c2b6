/**
 * `npm run test:engines`: the smoke suite (smoke.ts) in Chromium, Firefox ESR and WebKitGTK, one
 * after the other, each playing into a private PulseAudio null sink that is recorded and measured.
 * Every step must be heard (or silent) at the OS, and each engine's level for the steady mixes must
 * be within ±1 dB of Chromium's. Results: tests/engines/.output/engines.json and a table on stdout.
 * Usage: tsx tests/engines/run.ts [chromium] [firefox] [webkit]   (default: all three)
 */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import { freePort, openEngine, type EngineName, type EnginePage } from './engines';
import { pulseEnv, Recorder, startPulse } from './pulse';
import { runSteps, type Measurement, type StepResult } from './smoke';

/** Each engine's level for the same mix, against Chromium's. */
const VS_CHROMIUM_DB = 1;
// LULL_ENGINES=firefox,webkit runs those only (a developer's loop; CI runs all three).
const ENGINES: EngineName[] = (['chromium', 'firefox', 'webkit'] as const).filter((name) => !process.env.LULL_ENGINES || process.env.LULL_ENGINES.split(',').includes(name));

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'tests/engines/.output');

interface EngineRun {
  engine: EngineName;
  seconds: number;
  results: StepResult[];
  measurements: Measurement[];
  notes: Record<string, string>;
}

/** Every request the preview server took, when it came (ms from the server's start) and how it ended; a request never answered shows as open. */
function logRequests(server: PreviewServer): () => string {
  const started = Date.now();
  const requests: { at: number; what: string; ended?: string }[] = [];
  server.httpServer.on('request', (req, res) => {
    const entry: (typeof requests)[number] = { at: Date.now() - started, what: `${req.method} ${req.url}` };
    requests.push(entry);
    res.on('close', () => (entry.ended = `${res.statusCode} after ${Date.now() - started - entry.at} ms${res.writableFinished ? '' : ', closed unfinished'}`));
  });
  return () => requests.map((r) => `${r.at} ${r.what} ${r.ended ?? 'OPEN'}`).join('\n');
}

async function startServer(): Promise<{ origin: string; server: PreviewServer; requests: () => string }> {
  const port = await freePort();
  const server = await preview({ root, logLevel: 'warn', preview: { port, strictPort: true, host: 'localhost', open: false } });
  return { origin: `http://localhost:${port}`, server, requests: logRequests(server) };
}

async function stopServer(server: PreviewServer): Promise<void> {
  // Keep-alive connections would otherwise go on serving the page.
  if ('closeAllConnections' in server.httpServer) server.httpServer.closeAllConnections();
  await server.close();
}

/**
 * LULL_TRACE=1: every call to the page is written to .output/trace-<engine>.log as it starts and as it ends, so a
 * run that stops answering shows which call it is waiting on (a developer's switch; CI leaves it off).
 */
function traced(engine: EngineName, page: EnginePage): EnginePage {
  if (!process.env.LULL_TRACE) return page;
  const file = join(outDir, `trace-${engine}.log`);
  writeFileSync(file, '');
  const started = Date.now();
  let next = 0;
  const wrap =
    <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const id = next++;
      const what = `${name} ${String(args[0]).replace(/\s+/g, ' ').slice(0, 90)}`;
      appendFileSync(file, `${Date.now() - started} #${id} > ${what}\n`);
      try {
        return await call(...args);
      } finally {
        appendFileSync(file, `${Date.now() - started} #${id} <\n`);
      }
    };
  const run = wrap('run', (fn: string, ...args: unknown[]) => page.run<unknown>(fn, ...args));
  return { goto: wrap('goto', page.goto), run: <T>(fn: string, ...args: unknown[]) => run(fn, ...args) as Promise<T>, click: wrap('click', page.click), press: wrap('press', page.press), close: page.close };
}

async function runEngine(engine: EngineName, recorder: Recorder, env: NodeJS.ProcessEnv): Promise<EngineRun> {
  const started = Date.now();
  const { origin, server, requests } = await startServer();
  let serverUp = true;
  const stop = async () => {
    if (!serverUp) return;
    serverUp = false;
    await stopServer(server);
  };
  try {
    const page = traced(engine, await openEngine(engine, env));
    try {
      const { results, measurements, notes } = await runSteps({ engine, page, recorder, origin, stopServer: stop });
      return { engine, seconds: (Date.now() - started) / 1000, results, measurements, notes };
    } finally {
      await page.close().catch(() => undefined);
    }
  } finally {
    // Read when a step fails: did the page's requests reach the server, and were they answered?
    writeFileSync(join(outDir, `server-${engine}.log`), `${requests()}\n`);
    await stop();
  }
}

/** Same step, same mix: each engine's level against Chromium's. */
function compareWithChromium(runs: EngineRun[]): void {
  const chromium = runs.find((run) => run.engine === 'chromium');
  if (!chromium) return;
  for (const run of runs) {
    if (run === chromium) continue;
    for (const m of run.measurements) {
      if (!m.compare) continue;
      const reference = chromium.measurements.find((c) => c.step === m.step && c.what === m.what);
      if (!reference) continue;
      const delta = m.dbfs - reference.dbfs;
      const result = run.results.find((r) => r.step === m.step);
      if (Math.abs(delta) > VS_CHROMIUM_DB && result?.ok) {
        result.ok = false;
        result.error = `${m.what}: ${m.dbfs.toFixed(1)} dBFS, Chromium ${reference.dbfs.toFixed(1)} dBFS (${delta.toFixed(1)} dB, allowed ±${VS_CHROMIUM_DB})`;
      }
    }
  }
}

const fmt = (m: Measurement | undefined) => {
  if (!m) return '–';
  if (m.dbfs < -150) return 'silence';
  const onset = m.onsetMs === undefined ? '' : ` (from ${m.onsetMs.toFixed(0)} ms after the key)`;
  const seam = m.seam ? ` (jump ${m.seam.maxJumpRatio.toFixed(2)}× p99.9, ${m.seam.longestSilenceMs.toFixed(2)} ms exact silence)` : '';
  return `${m.dbfs.toFixed(1)}${m.expect === 'heard' && m.longestGapMs > 0 ? ` (gap ${m.longestGapMs} ms, ${m.silentMs} ms silent in all)` : ''}${seam}${onset}`;
};

function report(runs: EngineRun[]): string {
  const lines = [`| step | heard | ${runs.map((r) => `${r.engine} dBFS`).join(' | ')} |`, `|---|---|${runs.map(() => '---').join('|')}|`];
  const keys = new Map<string, Measurement>();
  for (const run of runs) for (const m of run.measurements) keys.set(`${m.step}\u0000${m.what}`, m);
  for (const [key, m] of keys) {
    const cells = runs.map((run) => fmt(run.measurements.find((x) => `${x.step}\u0000${x.what}` === key)));
    lines.push(`| ${m.what} | ${m.expect} | ${cells.join(' | ')} |`);
  }
  lines.push('', `| step | ${runs.map((r) => r.engine).join(' | ')} |`, `|---|${runs.map(() => '---').join('|')}|`);
  for (const step of runs[0]?.results ?? []) {
    lines.push(`| ${step.step} | ${runs.map((run) => (run.results.find((r) => r.step === step.step)?.ok ? 'pass' : 'FAIL')).join(' | ')} |`);
  }
  lines.push(`| output path | ${runs.map((r) => r.notes.output ?? '–').join(' | ')} |`);
  lines.push(`| your sound stored as | ${runs.map((r) => r.notes.ownStored ?? '–').join(' | ')} |`);
  lines.push(`| the lock screen (media session) | ${runs.map((r) => r.notes.lockScreen ?? '–').join(' | ')} |`);
  lines.push(`| total seconds | ${runs.map((r) => r.seconds.toFixed(1)).join(' | ')} |`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2).filter((arg): arg is EngineName => ENGINES.includes(arg as EngineName));
  const engines = wanted.length ? ENGINES.filter((engine) => wanted.includes(engine)) : ENGINES;
  if (!existsSync(join(root, 'dist/index.html'))) {
    console.error('engines: no production build in dist/: run `npm run build` first.');
    return 1;
  }
  mkdirSync(outDir, { recursive: true });
  const pulse = startPulse();
  const recorder = new Recorder(pulse);
  const runs: EngineRun[] = [];
  // The daemon outlives an interrupted run otherwise.
  process.once('SIGINT', () => {
    recorder.stop();
    pulse.stop();
    process.exit(130);
  });
  try {
    await recorder.ready;
    for (const engine of engines) {
      console.log(`engines: ${engine}...`);
      const run = await runEngine(engine, recorder, pulseEnv(pulse));
      for (const r of run.results) console.log(`  ${r.ok ? 'pass' : 'FAIL'} ${r.step} (${(r.ms / 1000).toFixed(1)} s)${r.error ? `\n       ${r.error}` : ''}`);
      runs.push(run);
    }
  } finally {
    recorder.stop();
    pulse.stop();
  }
  compareWithChromium(runs);
  const table = report(runs);
  console.log(`\n${table}\n`);
  writeFileSync(join(outDir, 'engines.json'), `${JSON.stringify({ date: new Date().toISOString(), runs }, null, 2)}\n`);
  const failed = runs.flatMap((run) => run.results.filter((r) => !r.ok).map((r) => `${run.engine}: ${r.step}: ${r.error}`));
  if (failed.length) console.error(`engines: ${failed.length} step(s) failed:\n  ${failed.join('\n  ')}`);
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
