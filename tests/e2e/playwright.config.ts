import { defineConfig } from '@playwright/test';
import { chromiumArgs, executablePath } from './chromium';
// A port per run (inherited by the workers through the environment), so parallel runs on one machine don't collide.
process.env.E2E_PORT ??= String(4174 + (process.pid % 400));
export const E2E_PORT = Number(process.env.E2E_PORT);
// The run's name for the lock its workers share (live-lock.ts).
process.env.E2E_RUN ??= String(process.pid);
// The render server's (tests/render: the offline render page, served from src/, never built into dist/).
process.env.RENDER_PORT ??= String(E2E_PORT + 1000);

/** The specs checked on offline renders of the engine's graph (tests/render). */
const RENDERS = /(walk|mix-levels|sleep-fade|own-sound)-render\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  // The offline renders (walk, levels, sleep fade, own sound) run as their own stage (E2E_RENDERS=1, tests/run-all.mjs): they
  // keep both cores busy decoding, and beside them the real-time recordings of the other specs drop quanta.
  testMatch: process.env.E2E_RENDERS === '1' ? RENDERS : '**/*.spec.ts',
  testIgnore: process.env.E2E_RENDERS === '1' ? [] : RENDERS,
  outputDir: '../../test-results',
  fullyParallel: true,
  workers: 2,
  // No retries, in CI too: a flaky test must show, not pass on its second try.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // Chrome's real autoplay policy, as users meet it; specs that switch it off say why.
      args: chromiumArgs,
    },
    serviceWorkers: 'block',
    trace: 'off',
  },
  webServer: [
    {
      command: `npx vite preview --port ${E2E_PORT} --strictPort`,
      cwd: '../..',
      url: `http://localhost:${E2E_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx vite --config tests/render/vite.config.ts --port ${process.env.RENDER_PORT} --strictPort`,
      cwd: '../..',
      url: `http://localhost:${process.env.RENDER_PORT}/tests/render/offline-render.html`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
