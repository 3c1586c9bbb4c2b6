/** The production build served by vite preview on a free port, and the Chromium the benchmarks load it in. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { chromium, type Browser } from '@playwright/test';

export async function freePort(preferred: number, span = 50): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let port = preferred; port < preferred + span; port++) if (await tryPort(port)) return port;
  throw new Error('no free port');
}

/** Polls `url` every 250 ms, `attempts` times; fails at once if the preview process exits. */
export async function waitForServer(url: string, child: ChildProcess, attempts = 480): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null) throw new Error('vite preview exited');
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`preview did not start at ${url}`);
}

export interface Preview {
  readonly port: number;
  readonly baseUrl: string;
  readonly process: ChildProcess;
  /** Resolves once the server answers (started without waiting, so a browser can launch meanwhile). */
  ready(attempts?: number): Promise<void>;
  stop(): void;
}

/** `vite preview` of `dir`'s build (its own process group, so stop() ends npx and vite) on a free port from `preferred`. */
export async function servePreview(dir: string, preferred: number, span = 200, extraArgs: readonly string[] = []): Promise<Preview> {
  const port = await freePort(preferred, span);
  const child = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', ...extraArgs], { cwd: dir, stdio: 'ignore', detached: true });
  const baseUrl = `http://localhost:${port}/`;
  return {
    port,
    baseUrl,
    process: child,
    ready: (attempts) => waitForServer(baseUrl, child, attempts),
    stop: () => {
      if (child.pid) process.kill(-child.pid);
    },
  };
}

/** Quiet Chromium for measuring: no GPU, no background traffic; `extra` adds e.g. the autoplay policy. */
export function launchBenchChromium(extra: readonly string[] = [], executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extra],
  });
}
