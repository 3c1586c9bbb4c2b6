/**
 * The click measure's floor in the sound itself (issue 42): scape-clicks.bench.ts calls a jump over 3× an 8 s
 * recording's own p99.9 a click. A soundscape with loud, sparse events (a cricket's chirp close by) can reach that
 * with nothing wrong in playback, where the walk puts an event after a quieter segment. This renders each walking
 * soundscape's seeded walk offline (the engine's own loop voice in an OfflineAudioContext, tests/render, no live clock)
 * and measures every 8 s stretch of it as a recording is measured (left channel, its largest jump over its own p99.9,
 * stretches 0.5 s apart), with how far the worst jump sits from the nearest join's crossfade.
 * A live recording over 3× whose sound reaches as much here, away from any join, is the sound's; one that does not
 * is playback's.
 * Usage: `npx tsx bench/scape-stretches.bench.ts`; environment: FILES (comma-separated, default every walking
 * soundscape), SEEDS (default 1–6), SECONDS (per render, default 300), STRETCHES_OUT (default scape-stretches.json).
 * Reported, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { freePort, launchBenchChromium, waitForServer } from './preview-server.ts';
import { loopSegments } from '../src/catalogue/loop-segments';
import { walkable } from '../src/engine/soundscape/loop-pieces';
import type { LoopRender, LullRender } from '../tests/e2e/render-api';

const root = new URL('../', import.meta.url).pathname;
const FILES = process.env.FILES?.split(',').map((f) => f.trim()) ?? Object.keys(loopSegments).filter((f) => walkable(loopSegments[f]!, loopSegments[f]!.length));
const SEEDS = process.env.SEEDS?.split(',').map(Number) ?? [1, 2, 3, 4, 5, 6];
const SECONDS = Number(process.env.SECONDS ?? 300);
const OUT = process.env.STRETCHES_OUT ?? 'scape-stretches.json';
const STRETCH_S = 8;
const CLICK_RATIO = 3;

async function main() {
  const port = await freePort(5400 + (process.pid % 200));
  const server = spawn('npx', ['vite', '--config', 'tests/render/vite.config.ts', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true });
  const url = `http://localhost:${port}/tests/render/offline-render.html`;
  const browser = await launchBenchChromium();
  const rows: { file: string; seed: number; worst: NonNullable<LoopRender['stretches']>; over: number; renderMs: number }[] = [];
  try {
    await waitForServer(url, server, 240);
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.title === 'offline render ready', null, { timeout: 60_000 });
    for (const file of FILES) {
      for (const seed of SEEDS) {
        const render = await page.evaluate((o) => (window as unknown as { lullRender: LullRender }).lullRender.loop(o), { file, seconds: SECONDS, seed, stretchSeconds: STRETCH_S });
        const worst = render.stretches ?? [];
        const row = { file, seed, worst, over: worst.filter((s) => s.maxJumpRatio > CLICK_RATIO).length, renderMs: Math.round(render.renderMs) };
        rows.push(row);
        console.log(`${file} seed ${seed}: worst ${worst.map((s) => `${s.maxJumpRatio.toFixed(2)}× at ${s.jumpAt.toFixed(2)} s (${(s.jumpAt - s.at).toFixed(2)} s into its stretch, centred ${s.centredRatio.toFixed(2)}×, ${s.fromJoinS.toFixed(2)} s from a join)`).join('; ')}`);
      }
    }
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
  }
  const summary = FILES.map((file) => {
    const mine = rows.filter((r) => r.file === file);
    const worst = mine.flatMap((r) => r.worst.slice(0, 1).map((s) => ({ ...s, seed: r.seed }))).sort((a, b) => b.maxJumpRatio - a.maxJumpRatio)[0];
    return {
      file,
      renders: mine.length,
      rendersOver3: mine.filter((r) => r.over > 0).length,
      worstRatio: worst ? Number(worst.maxJumpRatio.toFixed(2)) : null,
      worstSeed: worst?.seed ?? null,
      worstFromJoinS: worst ? Number(worst.fromJoinS.toFixed(2)) : null,
    };
  });
  console.log('\n| Soundscape | Renders | With an 8 s stretch over 3× | Worst (×, seed, s from a join) |\n|---|---|---|---|');
  for (const s of summary) console.log(`| ${s.file} | ${s.renders} | ${s.rendersOver3} | ${s.worstRatio}, ${s.worstSeed}, ${s.worstFromJoinS} |`);
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(`${root}bench/results/${OUT}`, JSON.stringify({ date: new Date().toISOString(), machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`, seconds: SECONDS, stretchSeconds: STRETCH_S, summary, rows }, null, 2) + '\n');
}

await main();
