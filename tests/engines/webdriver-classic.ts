/**
 * The few WebDriver-classic commands the engines suite needs, over HTTP to WebKitWebDriver (WebKitGTK's
 * MiniBrowser). About 100 lines instead of webdriverio's ~150 packages: the suite navigates, runs
 * scripts, clicks elements and types keys, nothing more.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

interface Reply {
  value: unknown;
}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    private readonly driver: ChildProcess,
  ) {}

  /** Starts `xvfb-run -a WebKitWebDriver --port=<port>` and a session with MiniBrowser in automation mode. */
  static async start(options: { port: number; miniBrowser: string; env: NodeJS.ProcessEnv; width: number; height: number }): Promise<WebDriverSession> {
    const driver = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x900x24', 'WebKitWebDriver', `--port=${options.port}`], { env: options.env, stdio: 'ignore', detached: true });
    const root = `http://127.0.0.1:${options.port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        const status = await fetch(`${root}/status`);
        if (status.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline || driver.exitCode !== null) {
        killGroup(driver);
        throw new Error(`WebKitWebDriver did not answer on port ${options.port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const created = (await request('POST', `${root}/session`, {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: options.miniBrowser, args: ['--automation'] } } },
    })) as { sessionId: string };
    const session = new WebDriverSession(`${root}/session/${created.sessionId}`, driver);
    // The other engines' viewport; MiniBrowser opens at 1024 x 730.
    await request('POST', `${session.base}/window/rect`, { width: options.width, height: options.height });
    return session;
  }

  /** The driver's process group leader (xvfb-run), for prioritise(). */
  get pid(): number | undefined {
    return this.driver.pid;
  }

  goto(url: string): Promise<unknown> {
    return request('POST', `${this.base}/url`, { url });
  }

  /** Runs `body` (a function body; arguments in `arguments`), awaiting a returned promise. */
  execute(body: string, args: unknown[] = []): Promise<unknown> {
    return request('POST', `${this.base}/execute/sync`, { script: body, args });
  }

  async click(css: string): Promise<void> {
    const found = (await request('POST', `${this.base}/element`, { using: 'css selector', value: css })) as Record<string, string>;
    await request('POST', `${this.base}/element/${found[ELEMENT_KEY]}/click`, {});
  }

  /** Key presses to the focused element (W3C key codes, e.g. '\uE00D' for Space). */
  keys(codes: string[]): Promise<unknown> {
    const actions = codes.flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    return request('POST', `${this.base}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  async close(): Promise<void> {
    try {
      await request('DELETE', this.base);
    } finally {
      killGroup(this.driver);
    }
  }
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function request(method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const reply = (await response.json()) as Reply;
  if (!response.ok) throw new Error(`WebDriver ${method} ${url.replace(/^.*\/session\/[^/]+/, '')}: ${JSON.stringify(reply.value).slice(0, 400)}`);
  return reply.value;
}
