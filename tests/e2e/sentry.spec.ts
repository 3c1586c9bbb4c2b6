import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';

/**
 * Issue #2: error reporting in a production build configured with a DSN. The DSN points at a
 * local endpoint; an error thrown in the page must arrive there through Sentry's own global
 * handler, past the build's Content-Security-Policy (which adds the DSN's origin).
 */
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
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' }).end('{}');
    });
  });
  const sentryPort = await listen(endpoint);
  outDir = mkdtempSync(join(tmpdir(), 'lull-sentry-'));
  const env = { ...process.env, VITE_SENTRY_DSN: `http://publickey@127.0.0.1:${sentryPort}/42` };
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
