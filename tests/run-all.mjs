// `npm test`: every stage of the suite, overlapping what can overlap on a 2-core machine, with
// each stage's time printed at the end. The same commands as the separate scripts, nothing skipped:
//   studio (render the catalogue, unchanged sounds skipped) ─┬─ vite build ─────────────┐
//   typecheck → lint (alongside the studio) ─────────────────┼─ unit tests ─────────────┼─ e2e (Chromium, alone)
//                                                            └─ catalogue + music audit ┘   → renders (offline, Chromium)
//                                                                                             → engines (Chromium,
//                                                                                             Firefox, WebKit at the OS)
// The end-to-end tests run alone: their audio recordings must not compete with other work for the cores.
// A stage's output is printed in one piece when it ends; a failed stage stops what depends on it.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

// E2E_LOCK=<file>: the browser stage waits for that lock (machines where several suites share the cores).
const lock = process.env.E2E_LOCK ? `flock ${process.env.E2E_LOCK} ` : '';

const stages = {
  studio: { run: 'npx tsx studio/main.ts', after: [] },
  typecheck: { run: 'npx tsc -b', after: [] },
  lint: { run: 'npx eslint . --max-warnings=0', after: ['typecheck'] },
  // After the studio: the catalogue's unit tests read the rendered files' content hashes.
  unit: { run: 'npx vitest run', after: ['lint', 'studio'] },
  build: { run: 'npx vite build', after: ['studio'] },
  audit: { run: 'npx tsx studio/audit/run.ts && npx tsx studio/lofi/music-audit.ts', after: ['studio'] },
  e2e: { run: `node tests/e2e/ensure-chromium.mjs && ${lock}npx playwright test -c tests/e2e/playwright.config.ts`, after: ['build', 'unit', 'audit'] },
  // The offline renders of the engine's graph (walk, levels, sleep fade): after the recordings, which they would starve.
  renders: { run: `${lock}E2E_RENDERS=1 npx playwright test -c tests/e2e/playwright.config.ts`, after: ['e2e'] },
  // Chromium, Firefox and WebKit heard at the OS (PulseAudio null sink), after the Chromium suites: recordings need the cores.
  engines: { run: `node tests/engines/ensure-engines.mjs && ${lock}npx tsx tests/engines/run.ts`, after: ['renders'] },
};

const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
const state = Object.fromEntries(Object.keys(stages).map((name) => [name, { status: 'waiting' }]));

function runStage(name) {
  const stage = stages[name];
  state[name] = { status: 'running', start: Date.now() };
  console.log(`[test] ${name} started at ${seconds(Date.now() - started)} s: ${stage.run}`);
  // The browser stages stream their output (long, and a person watches it); the others print in one piece when done.
  const live = name === 'e2e' || name === 'renders' || name === 'engines';
  const child = spawn(stage.run, { shell: true, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  let output = '';
  if (!live) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const s = state[name];
      s.end = Date.now();
      s.status = code === 0 ? 'passed' : 'failed';
      if (!live) process.stdout.write(`\n[test] ---- ${name} (${s.status}, ${seconds(s.end - s.start)} s) ----\n${output}\n`);
      resolve();
    });
  });
}

const ready = (name) => state[name].status === 'waiting' && stages[name].after.every((dep) => state[dep].status === 'passed');
const blocked = (name) => state[name].status === 'waiting' && stages[name].after.some((dep) => ['failed', 'skipped'].includes(state[dep].status));

async function main() {
  const running = new Map();
  for (;;) {
    for (const name of Object.keys(stages)) if (blocked(name)) state[name].status = 'skipped';
    for (const name of Object.keys(stages)) {
      if (ready(name)) running.set(name, runStage(name).then(() => running.delete(name)));
    }
    if (running.size === 0) break;
    await Promise.race(running.values());
  }
  const total = Date.now() - started;
  console.log('\n[test] stage        status    start s   time s');
  const rows = {};
  for (const [name, s] of Object.entries(state)) {
    const time = s.end ? s.end - s.start : 0;
    rows[name] = { status: s.status, startS: s.start ? Number(seconds(s.start - started)) : null, seconds: Number(seconds(time)) };
    console.log(`[test] ${name.padEnd(12)} ${s.status.padEnd(9)} ${(s.start ? seconds(s.start - started) : '-').padStart(7)}  ${seconds(time).padStart(7)}`);
  }
  console.log(`[test] total ${seconds(total)} s`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/stage-times.json', `${JSON.stringify({ totalSeconds: Number(seconds(total)), stages: rows }, null, 2)}\n`);
  process.exit(Object.values(state).every((s) => s.status === 'passed') ? 0 : 1);
}

await main();
