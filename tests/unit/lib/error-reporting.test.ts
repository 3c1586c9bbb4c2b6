import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

let server: Server;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(`${req.method} ${req.url}\n${body}`);
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('error reporting', () => {
  it('sends nothing and loads nothing without a DSN', async () => {
    vi.resetModules();
    const { startErrorReporting, reportError } = await import('../../../src/lib/error-reporting');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await startErrorReporting(undefined)).toBeUndefined();
    reportError(new Error('not sent'));
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual([]);
  });

  it('delivers reported and uncaught errors to the configured DSN, without personal data', async () => {
    vi.resetModules();
    const { startErrorReporting, reportError } = await import('../../../src/lib/error-reporting');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { port } = server.address() as AddressInfo;
    await startErrorReporting(`http://publickey@127.0.0.1:${port}/42`);
    reportError(new Error('lull-test-error'));
    // An uncaught error reaches window.onerror, the global handler Sentry installs.
    const thrown = new Error('lull-thrown-error');
    window.onerror?.call(window, thrown.message, 'app.js', 1, 1, thrown);
    await vi.waitFor(() => expect(received.some((r) => r.includes('lull-thrown-error'))).toBe(true), { timeout: 5000 });
    await vi.waitFor(() => expect(received.some((r) => r.includes('lull-test-error'))).toBe(true), { timeout: 5000 });
    const envelope = received.find((r) => r.includes('lull-test-error')) ?? '';
    expect(envelope).toMatch(/^POST \/api\/42\/envelope\//);
    expect(envelope).not.toMatch(/"ip_address"|"cookies"/);
  });
});
