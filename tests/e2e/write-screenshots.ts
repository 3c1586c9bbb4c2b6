/**
 * `npm run screenshots`: writes the README's screenshots (tests/e2e/screenshots/home.png, and the
 * Mixes section's mix-link.png and mix-panel.png) from the production build; with `--manifest` also the web app manifest's install-dialog
 * screenshots in public/screenshots/ (sizes as in vite.config.ts; rebuild afterwards, they ship).
 * A script, not a test: it checks nothing, it writes files.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
const shots = [
  { path: fileURLToPath(new URL('./screenshots/home.png', import.meta.url)), width: 1280, height: 800 },
  ...(process.argv.includes('--manifest')
    ? [
        { path: fileURLToPath(new URL('../../public/screenshots/home-narrow.png', import.meta.url)), width: 540, height: 960 },
        { path: fileURLToPath(new URL('../../public/screenshots/home-wide.png', import.meta.url)), width: 1280, height: 800 },
      ]
    : []),
];

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 4180));
    });
  });

if (!existsSync(new URL('../../dist/index.html', import.meta.url))) {
  console.error('screenshots: build first (npm run build).');
  process.exit(1);
}
const port = await freePort();
const preview = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true });
const baseUrl = `http://localhost:${port}/`;
try {
  for (let tries = 0; ; tries++) {
    if ((await fetch(baseUrl).then((r) => r.ok).catch(() => false)) || tries > 100) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    for (const shot of shots) {
      const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, colorScheme: 'dark', serviceWorkers: 'block' });
      await page.goto(baseUrl);
      await page.getByTestId('page-title').filter({ hasText: 'Home' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot.path });
      console.log(`screenshots: wrote ${shot.path}`);
      await page.close();
    }
    // The README's 'Mixes' screenshots: a shared mix ready to play, then the mix panel over it playing.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark', serviceWorkers: 'block' });
    await page.goto(`${baseUrl}?mix=2&sound=chill&layers=rain:40,brown:25&volume=80`);
    await page.getByTestId('shared-mix').waitFor();
    await page.waitForLoadState('networkidle');
    const mixLink = fileURLToPath(new URL('./screenshots/mix-link.png', import.meta.url));
    await page.screenshot({ path: mixLink });
    console.log(`screenshots: wrote ${mixLink}`);
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await page.locator('[data-testid="player-bar"][data-status="playing"]').waitFor();
    await page.getByTestId('player-bar').getByRole('button', { name: 'Mix and volume' }).click();
    await page.getByRole('slider', { name: 'Brown noise level' }).waitFor();
    await page.mouse.move(0, 0);
    const mixPanel = fileURLToPath(new URL('./screenshots/mix-panel.png', import.meta.url));
    await page.screenshot({ path: mixPanel });
    console.log(`screenshots: wrote ${mixPanel}`);
    await page.close();
  } finally {
    await browser.close();
  }
} finally {
  if (preview.pid) process.kill(-preview.pid);
}
