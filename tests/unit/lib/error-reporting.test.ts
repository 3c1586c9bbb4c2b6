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
  it('without a DSN Sentry is never loaded and a reported error reaches no endpoint; the same calls with the DSN deliver it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { port } = server.address() as AddressInfo;
    let loads = 0;
    vi.doMock('@sentry/browser', async (importOriginal) => {
      loads += 1;
      return importOriginal();
    });
    try {
      vi.resetModules();
      const off = await import('../../../src/lib/error-reporting');
      expect(await off.startErrorReporting(undefined)).toBeUndefined();
      off.reportError(new Error('lull-no-dsn-error'));
      expect(loads).toBe(0);

      vi.resetModules();
      const on = await import('../../../src/lib/error-reporting');
      await on.startErrorReporting(`http://publickey@127.0.0.1:${port}/41`);
      on.reportError(new Error('lull-dsn-error'));
      // Once the reported error has arrived, the one reported without a DSN would have too.
      await vi.waitFor(() => expect(received.some((r) => r.includes('lull-dsn-error'))).toBe(true), { timeout: 5000 });
      expect(loads).toBe(1);
      expect(received.some((r) => r.includes('lull-no-dsn-error'))).toBe(false);
    } finally {
      vi.doUnmock('@sentry/browser');
    }
  });

  it('a production build without VITE_SENTRY_DSN sends nothing even when handed a DSN; built with it, the same call sends', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { port } = server.address() as AddressInfo;
    const dsn = `http://publickey@127.0.0.1:${port}/43`;
    vi.stubEnv('PROD', true);
    try {
      vi.stubEnv('VITE_SENTRY_DSN', '');
      vi.resetModules();
      const unconfigured = await import('../../../src/lib/error-reporting');
      expect(await unconfigured.startErrorReporting(dsn)).toBeUndefined();
      unconfigured.reportError(new Error('lull-unconfigured-build-error'));

      vi.stubEnv('VITE_SENTRY_DSN', dsn);
      vi.resetModules();
      const configured = await import('../../../src/lib/error-reporting');
      expect(await configured.startErrorReporting(dsn)).toBeDefined();
      configured.reportError(new Error('lull-configured-build-error'));
      await vi.waitFor(() => expect(received.some((r) => r.includes('lull-configured-build-error'))).toBe(true), { timeout: 5000 });
      expect(received.some((r) => r.includes('lull-unconfigured-build-error'))).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
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
