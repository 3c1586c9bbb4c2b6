/**
 * The README's screenshots (tests/e2e/screenshots/home.png, mix-link.png, mix-panel.png). The e2e run
 * writes them every time (`screenshots.spec.ts` calls `writeReadmeScreenshots`), so they show the
 * build under test. `npm run screenshots` (after a build) writes them too, and with `--manifest` also
 * the web app manifest's install-dialog screenshots in public/screenshots/ (sizes as in vite.config.ts;
 * rebuild afterwards, they ship).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';

export const readmeViewport = { width: 1280, height: 800 };
const shotPath = (name: string) => fileURLToPath(new URL(`./screenshots/${name}`, import.meta.url));

/** The home page as it first shows, at `path`; `page` is dark, 1280 × 800, with a base URL. */
export async function writeHomeScreenshot(page: Page, path = shotPath('home.png')) {
  await page.goto('/');
  await page.getByTestId('page-title').filter({ hasText: 'Home' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path });
  return path;
}

/** A shared mix ready to play (mix-link.png), then the mix panel over it playing (mix-panel.png). */
export async function writeMixScreenshots(page: Page) {
  await page.goto('/?mix=2&sound=chill&layers=rain:40,brown:25&volume=80');
  await page.getByTestId('shared-mix').waitFor();
  await page.waitForLoadState('networkidle');
  const mixLink = shotPath('mix-link.png');
  await page.screenshot({ path: mixLink });
  await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
  await page.locator('[data-testid="player-bar"][data-status="playing"]').waitFor();
  await page.getByTestId('player-bar').getByRole('button', { name: 'Mix and volume' }).click();
  await page.getByRole('slider', { name: 'Brown noise level' }).waitFor();
  await page.mouse.move(0, 0);
  const mixPanel = shotPath('mix-panel.png');
  await page.screenshot({ path: mixPanel });
  return [mixLink, mixPanel];
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 4180));
    });
  });

async function main() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
  if (!existsSync(new URL('../../dist/index.html', import.meta.url))) {
    console.error('screenshots: build first (npm run build).');
    process.exit(1);
  }
  const port = await freePort();
  const preview = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true });
  const baseURL = `http://localhost:${port}/`;
  try {
    for (let tries = 0; ; tries++) {
      if ((await fetch(baseURL).then((r) => r.ok).catch(() => false)) || tries > 100) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    const newPage = (viewport: { width: number; height: number }) => browser.newPage({ viewport, baseURL, colorScheme: 'dark', serviceWorkers: 'block' });
    try {
      const written = [await writeHomeScreenshot(await newPage(readmeViewport))];
      if (process.argv.includes('--manifest')) {
        written.push(await writeHomeScreenshot(await newPage({ width: 540, height: 960 }), fileURLToPath(new URL('../../public/screenshots/home-narrow.png', import.meta.url))));
        written.push(await writeHomeScreenshot(await newPage(readmeViewport), fileURLToPath(new URL('../../public/screenshots/home-wide.png', import.meta.url))));
      }
      written.push(...(await writeMixScreenshots(await newPage(readmeViewport))));
      for (const path of written) console.log(`screenshots: wrote ${path}`);
    } finally {
      await browser.close();
    }
  } finally {
    if (preview.pid) process.kill(-preview.pid);
  }
}

// Run as a script (`npm run screenshots`), not when screenshots.spec.ts imports it.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
