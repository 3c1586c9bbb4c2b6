import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';

/**
 * Issue #2: a production build with error reporting and analytics configured, both pointing at a
 * local endpoint. An error thrown in the page must arrive there through Sentry's own global
 * handler, and the analytics script must load, both past the build's Content-Security-Policy
 * (which adds their origins); /privacy names both providers.
 */
// One build for the file: its tests share a worker.
test.describe.configure({ mode: 'serial' });

const root = fileURLToPath(new URL('../..', import.meta.url));

let endpoint: Server;
const received: string[] = [];
let preview: ChildProcess | undefined;
let outDir = '';
let baseUrl = '';

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(`${req.method} ${req.url}\n${body}`);
      if (req.url === '/js/script.js') {
        // A stand-in for the provider's script: it records the site domain it was given.
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end('window.__analyticsDomain = document.currentScript && document.currentScript.dataset.domain;');
        return;
      }
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' }).end('{}');
    });
  });
  const endpointPort = await listen(endpoint);
  outDir = mkdtempSync(join(tmpdir(), 'lull-sentry-'));
  const env = {
    ...process.env,
    VITE_SENTRY_DSN: `http://publickey@127.0.0.1:${endpointPort}/42`,
    VITE_ANALYTICS_SRC: `http://127.0.0.1:${endpointPort}/js/script.js`,
    VITE_ANALYTICS_DOMAIN: 'lull.test',
  };
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, env, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const probe = createServer();
  const port = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  baseUrl = `http://localhost:${port}`;
  preview = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort'], { cwd: root, env, stdio: 'ignore', detached: true });
  await expect
    .poll(async () => (await fetch(baseUrl).then((r) => r.status).catch(() => 0)), { timeout: 30_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (preview?.pid) process.kill(-preview.pid);
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  rmSync(outDir, { recursive: true, force: true });
});

test('with a DSN configured, an uncaught error reaches the endpoint, without personal data', async ({ page, pageErrors }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(baseUrl);
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  // Sentry loads lazily; give it its chunk, then throw where nothing catches.
  await expect.poll(() => page.evaluate(() => '__SENTRY__' in window)).toBe(true);
  await page.evaluate(() => setTimeout(() => { throw new Error('lull-e2e-uncaught'); }, 0));
  await expect.poll(() => pageErrors.length).toBe(1);
  pageErrors.length = 0;
  await expect.poll(() => received.find((r) => r.includes('lull-e2e-uncaught')) ?? '', { timeout: 15_000 }).toMatch(/^POST \/api\/42\/envelope\//);
  const report = received.find((r) => r.includes('lull-e2e-uncaught')) ?? '';
  expect(report).not.toMatch(/"ip_address"|"cookies"/);
  expect(blocked).toEqual([]);
});

test('with analytics configured, its script loads with the site domain, and /privacy names both providers', async ({ page }) => {
  await page.goto(baseUrl);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __analyticsDomain?: string }).__analyticsDomain)).toBe('lull.test');
  expect(received.filter((r) => r.startsWith('GET /js/script.js'))).not.toHaveLength(0);
  await page.goto(`${baseUrl}/privacy`);
  await expect(page.getByText('This deployment uses Sentry')).not.toHaveCount(0);
  await expect(page.getByText('This deployment uses Plausible Analytics')).not.toHaveCount(0);
});

test('error reports carry no user text: click breadcrumbs and the event are scrubbed of playlist names', async ({ page, pageErrors }) => {
  const name = 'Moonlit walk to Anna';
  await page.addInitScript(
    ({ raw }) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('soundscapePlaylists', raw);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { raw: JSON.stringify([{ id: 'p1', name, description: 'Anna likes rain', items: [{ index: 2, duration: 5 }] }]) },
  );
  await page.goto(baseUrl);
  await expect.poll(() => page.evaluate(() => '__SENTRY__' in window)).toBe(true);
  // Clicks that Sentry records as breadcrumbs, on elements whose aria-labels hold the name. From the
  // keyboard, so the click's target is the labelled button itself (a mouse click lands on its icon).
  await page.getByRole('button', { name: `Edit playlist ${name}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Play playlist ${name}` }).click();
  await page.evaluate((text) => setTimeout(() => { throw new Error(`lull-e2e-breadcrumbs while playing ${text}`); }, 0), name);
  await expect.poll(() => pageErrors.length).toBe(1);
  pageErrors.length = 0;
  await expect.poll(() => received.find((r) => r.includes('lull-e2e-breadcrumbs')) ?? '', { timeout: 15_000 }).toMatch(/^POST \/api\/42\/envelope\//);
  const report = received.find((r) => r.includes('lull-e2e-breadcrumbs')) ?? '';
  // The breadcrumbs are there (the test would pass vacuously without them), their labels filtered.
  expect(report).toContain('"category":"ui.click"');
  expect(report).toContain('[aria-label=\\"[Filtered]\\"]');
  expect(report).not.toContain('Moonlit');
  expect(report).not.toContain('Anna');
});
