/**
 * `npm run screenshots`: writes the README's screenshots (readme-shots.ts: home, phone, mix-cards, mix-panel
 * and mix-link, light and dark, as every e2e run does) from the production build; with `--manifest` also the web app manifest's install-dialog
 * screenshots in public/screenshots/ (sizes as in vite.config.ts; rebuild afterwards, they ship).
 * A script, not a test: it checks nothing, it writes files.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { SCHEMES, writeReadmeShots } from './readme-shots';

const root = fileURLToPath(new URL('../..', import.meta.url));
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
const manifestShots = [
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
    for (const shot of manifestShots) {
      const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, colorScheme: 'dark', serviceWorkers: 'block' });
      await page.goto(baseUrl);
      await page.getByTestId('page-title').filter({ hasText: 'Home' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot.path });
      console.log(`screenshots: wrote ${shot.path}`);
      await page.close();
    }
    // The README's own, as the e2e run writes them (screenshots.spec.ts).
    for (const scheme of SCHEMES) for (const path of await writeReadmeShots(browser, baseUrl, scheme)) console.log(`screenshots: wrote ${path}`);
  } finally {
    await browser.close();
  }
} finally {
  if (preview.pid) process.kill(-preview.pid);
}
