/** The production build served by vite preview on a free port, for benchmarks that load it in Chromium. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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
