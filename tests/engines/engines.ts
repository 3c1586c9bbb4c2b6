/**
 * One small page interface over three engines: Chromium (puppeteer-core, CDP), Firefox ESR
 * (puppeteer-core, WebDriver BiDi) and WebKitGTK (WebDriver classic, webdriver-classic.ts).
 * Page-side code is passed as source text: tsx would otherwise rewrite functions with helpers
 * (`__name`) that do not exist in the page.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createServer } from 'node:net';
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer-core';
import { WebDriverSession } from './webdriver-classic';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export type Key = 'Space' | 'End' | 'PageDown' | 'Escape' | 'Enter';

export interface EnginePage {
  goto(url: string): Promise<void>;
  /** `fn` is a function expression's source, called with `args`; a returned promise is awaited. */
  run<T>(fn: string, ...args: unknown[]): Promise<T>;
  /** A real click (a user gesture) on the first element matching `css`. */
  click(css: string): Promise<void>;
  /** Key presses to the focused element. */
  press(...keys: Key[]): Promise<void>;
  close(): Promise<void>;
}

export const CHROMIUM = '/usr/bin/chromium';
export const FIREFOX = '/usr/bin/firefox-esr';
export const MINI_BROWSERS = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser'];
export const miniBrowser = (): string | undefined => [process.env.MINIBROWSER_PATH, ...MINI_BROWSERS].find((path): path is string => !!path && existsSync(path));

const BROWSER_NICE = -10;
/**
 * The test machine's audio, as BROWSER_NICE: Firefox's graph writes to PulseAudio in callbacks of 2048 frames (43 ms)
 * instead of its default few hundred, so another job taking a core for a moment is not heard as Firefox's own output
 * running dry (exact zeros at the OS that no window join explains: 25 ms at 36.2 s of Ocean's minute, 1.2 s from any
 * join, 2026-11-28). A gap Lull leaves in what it schedules is still a run of zeros, whatever the buffer.
 */
const FIREFOX_PREFS = { 'media.cubeb_latency_mtg_frames': 2048 };
/**
 * The same for Chromium: its PulseAudio output in buffers of 2048 frames. Without it, 2 of 7 runs of Ocean's minute
 * read 9.8 and 11.0 ms of exact zeros at the OS (CI: 3.6 ms at 17.8 s) with no window started after its time
 * (2026-11-28, logged by the step).
 */
const CHROMIUM_AUDIO = ['--audio-buffer-size=2048'];
const VIEWPORT = { width: 1280, height: 900 };
const WEBDRIVER_KEYS: Record<Key, string> = { Space: '\uE00D', End: '\uE010', PageDown: '\uE00F', Escape: '\uE00C', Enter: '\uE007' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Every process `rootPid` started, and theirs, with `rootPid` itself. */
function processTree(rootPid: number): Set<number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) if (tree.has(parent) && !tree.has(pid)) grew = !!tree.add(pid);
  }
  return tree;
}

/** Each thread of each process in `tree`, with its name (`comm`, cut to 15 characters by the kernel). */
function* threads(tree: Set<number>): Generator<{ tid: number; name: string }> {
  for (const pid of tree) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) yield { tid: Number(tid), name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() };
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * Raises a browser's process tree above the machine's other work (as root; elsewhere a no-op), so
 * a gap measured in its output is the engine's and the app's, not another job's compiler taking the
 * audio thread's core. Processes the browser starts later inherit it from their parents.
 */
export function prioritise(rootPid: number | undefined): void {
  if (!rootPid || process.getuid?.() !== 0) return;
  // Linux keeps a nice value per thread: every thread of every process, the audio threads included.
  for (const { tid } of threads(processTree(rootPid))) {
    try {
      setPriority(tid, BROWSER_NICE);
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * The threads that carry an engine's audio to the device, by name: Firefox's AudioIPC callback (content process),
 * its graph runner and its PulseAudio mainloop (`threaded-ml`, where the audio server's data callback runs);
 * WebKitGTK's Web Audio source task (`webaudioSrc…`, its render thread) and its PulseAudio mainloop.
 */
const AUDIO_THREADS: Partial<Record<EngineName, RegExp>> = {
  firefox: /^(AudioIP~allback|GraphRunner|threaded-ml)$/,
  webkit: /^(webaudioSrc|threaded-ml)/,
};
/** What rtkit grants a desktop browser's audio thread by default (Firefox asks for 10). */
const AUDIO_RT_PRIORITY = '10';
const AUDIO_THREAD_POLL_MS = 200;

/**
 * On a listener's machine the audio thread runs realtime: Chromium makes its own so (seen here as root: SCHED_RR 8),
 * Firefox asks the desktop's rtkit over D-Bus, and Safari, whom WebKitGTK stands in for, renders Web Audio on
 * CoreAudio's realtime IO thread. This machine has no rtkit, so Firefox's and WebKitGTK's audio threads ran at
 * ordinary priority, and a decode or a paint on the other core of two could keep them waiting 18-43 ms: a 30 ms gap
 * at the OS at 36.7 s of Ocean's minute in Firefox, and 30 ms in WebKit's saved Rain, in CI's run of ca3dcdc, with
 * nothing Lull scheduled missing. So, as root, the harness does what rtkit would: each such thread, as it appears,
 * runs SCHED_RR at AUDIO_RT_PRIORITY. A gap Lull leaves (a window started late, a join short of samples) is still a
 * run of zeros however fast the thread runs. The sound server's own thread: pulse.ts. `LULL_AUDIO_RT=0` leaves them as
 * they are (to compare; docs/engines.md has the runs). Returns the stopper.
 */
export function keepAudioRealtime(engine: EngineName, rootPid: number | undefined): () => void {
  const names = AUDIO_THREADS[engine];
  if (!names || !rootPid || process.getuid?.() !== 0 || process.env.LULL_AUDIO_RT === '0') return () => undefined;
  let done = new Set<number>();
  const timer = setInterval(() => {
    const now = new Set<number>();
    for (const { tid, name } of threads(processTree(rootPid))) {
      if (!names.test(name)) continue;
      now.add(tid);
      if (!done.has(tid)) execFile('chrt', ['-r', '-p', AUDIO_RT_PRIORITY, String(tid)], () => undefined);
    }
    // A thread that ended may lend its id to a new one.
    done = now;
  }, AUDIO_THREAD_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function openEngine(engine: EngineName, env: NodeJS.ProcessEnv): Promise<EnginePage> {
  if (engine === 'webkit') {
    const binary = miniBrowser();
    if (!binary) throw new Error('MiniBrowser not found: run node tests/engines/ensure-engines.mjs');
    // No GPU here: in compositing mode Mesa's llvmpipe draws WebKit's layers on the CPU, and after each page load
    // it composited Lull's page on every frame for 2.75 s or more at 114-145 % of one core of two (80-96 % with one
    // rasterizer thread), starving WebKit's audio thread into 25-155 ms dropouts (docs/engines.md, "Early
    // dropouts"). Without compositing mode WebKit paints what changed on the CPU, as it does on a machine without
    // a GPU, and the audio keeps its core.
    const session = await WebDriverSession.start({ port: await freePort(), miniBrowser: binary, env: { ...env, WEBKIT_DISABLE_COMPOSITING_MODE: '1' }, ...VIEWPORT });
    prioritise(session.pid);
    const stopRealtime = keepAudioRealtime(engine, session.pid);
    return {
      goto: async (url) => {
        await session.goto(url);
        prioritise(session.pid);
      },
      run: async <T>(fn: string, ...args: unknown[]) => (await session.execute(`return (${fn}).apply(null, arguments);`, args)) as T,
      click: (css) => session.click(css),
      press: async (...keys) => void (await session.keys(keys.map((key) => WEBDRIVER_KEYS[key]))),
      close: () => {
        stopRealtime();
        return session.close();
      },
    };
  }
  const browser: Browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', protocol: 'webDriverBiDi', executablePath: FIREFOX, headless: true, env, defaultViewport: VIEWPORT, extraPrefsFirefox: FIREFOX_PREFS })
      : await puppeteer.launch({
          executablePath: CHROMIUM,
          headless: true,
          env,
          // Puppeteer mutes headless Chromium; the point here is to hear it.
          ignoreDefaultArgs: ['--mute-audio'],
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...CHROMIUM_AUDIO],
          defaultViewport: VIEWPORT,
        });
  prioritise(browser.process()?.pid);
  const stopRealtime = keepAudioRealtime(engine, browser.process()?.pid);
  const page: Page = (await browser.pages())[0] ?? (await browser.newPage());
  return {
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
      // Content and audio processes started for the page.
      prioritise(browser.process()?.pid);
    },
    run: <T>(fn: string, ...args: unknown[]) => page.evaluate(`(${fn}).apply(null, ${JSON.stringify(args)})`) as Promise<T>,
    click: async (css) => {
      const element = await page.waitForSelector(css, { timeout: 5000 });
      await element!.click();
    },
    press: async (...keys) => {
      for (const key of keys) await page.keyboard.press(key === 'Space' ? ' ' : (key as KeyInput));
    },
    close: () => {
      stopRealtime();
      return browser.close();
    },
  };
}
