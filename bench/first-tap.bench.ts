/**
 * The first tap on a phone's first visit (issue 24): cold load (fresh context, empty cache) of the
 * production build at 390×844 with touch, CPU 4× slower (CDP), DevTools' "Slow 4G" network preset
 * and Chromium's real autoplay rule (`--autoplay-policy=user-gesture-required`). One real touch
 * (CDP Input.dispatchTouchEvent through Playwright's touchscreen) on a sound card (the grid's first, on /) at
 * first paint +0 / +300 / +800 / +1500 / +3000 ms, on a song's card (Chill), and on /brown-noise's Play at the same offsets.
 * Measured: touch → first audible block in what the page outputs (tests/e2e/output-probe.ts), or
 * "lost" when nothing is heard within LOST_AFTER_MS of hydration, with no second tap; touch → the
 * first frame in which the touched control changed (the first-paint script's mark, a ripple, its
 * state), the visible response. Also when the page hydrated (from first paint), to show which taps
 * fell before it.
 * Usage: `npx vite build && flock /tmp/lull-browser.lock npx tsx bench/first-tap.bench.ts [label]`
 * (label: before / after / now; FIRST_TAP_DIST=<dir> serves another build's dist, e.g. a copy of the one before).
 * Writes bench/results/first-tap-<label>.json, and with the label `now` (the default) docs/performance.md's
 * "## First tap on a cold load" section. Timings are reported, never asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { writeDocSection } from './doc-section.ts';
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { outputProbeScript, type OutputProbe } from '../tests/e2e/output-probe';
import { servePreview, launchBenchChromium } from './preview-server.ts';

const root = new URL('../', import.meta.url).pathname;
const label = process.argv[2] ?? 'now';
const RUNS = Number(process.env.FIRST_TAP_RUNS ?? 2);
const OFFSETS_MS = [0, 300, 800, 1500, 3000];
/** Nothing heard this long after hydration (and after the tap): the tap was lost. */
const LOST_AFTER_MS = 6000;
/** DevTools' "Slow 4G" preset (Chromium's network throttling presets). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

interface Target {
  readonly name: string;
  readonly path: string;
  readonly selector: string;
}
const TARGETS: readonly Target[] = [
  // The grid's first card: on the first screen at 390×844 (Ocean's card, used before, now ends at the screen's bottom edge).
  { name: 'sound card (first in the grid, /)', path: '/', selector: '[data-testid="sound-grid"] li:first-child button' },
  // A song plays on the tap's element, not decoded by the first-paint script (decision 027): Chill, the grid's third card.
  { name: 'song card (Chill, /)', path: '/', selector: '[data-testid="sound-grid"] button[data-sound-index="15"]' },
  { name: "Play (/brown-noise)", path: '/brown-noise', selector: 'main button[data-status]' },
];

/**
 * In the page from the start: first paint (rAF after FCP is observed), hydration, the touch and the
 * first frame after the touched control changed, on the page's own clock.
 */
function recordMarks() {
  const marks = { firstPaint: null as number | null, hydrated: null as number | null, touch: null as number | null, visible: null as number | null };
  (window as unknown as { __firstTapMarks: typeof marks }).__firstTapMarks = marks;
  window.addEventListener('touchstart', (event) => {
    if (marks.touch !== null) return;
    marks.touch = event.timeStamp;
    const control = event.target instanceof Element ? (event.target.closest('button') ?? event.target) : null;
    if (!control) return;
    // Any change to the control (an attribute, a child: the taken mark, a ripple, its state) is drawn in the next frame.
    const changed = new MutationObserver(() => {
      changed.disconnect();
      requestAnimationFrame(() => {
        marks.visible ??= performance.now();
      });
    });
    changed.observe(control, { attributes: true, childList: true, subtree: true, characterData: true });
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint' && marks.firstPaint === null) marks.firstPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // The init script may run before <html> exists: the document itself is observed.
  new MutationObserver(() => {
    if (marks.hydrated === null && document.documentElement?.dataset.hydrated === 'true') marks.hydrated = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
}
type Marks = { firstPaint: number | null; hydrated: number | null; touch: number | null; visible: number | null };
const marks = (page: Page) => page.evaluate(() => (window as unknown as { __firstTapMarks: Marks }).__firstTapMarks);

interface Trial {
  target: string;
  offsetMs: number;
  /** Touch → audible, or null when lost. */
  audibleMs: number | null;
  /** Touch → the first frame after the touched control changed, or null if it never did. */
  visibleMs: number | null;
  /** First paint → the touch, as the page saw it. */
  touchAfterPaintMs: number;
  /** First paint → <html data-hydrated>, or null if it never came. */
  hydratedAfterPaintMs: number | null;
}

async function trial(browser: Browser, baseUrl: string, target: Target, offsetMs: number): Promise<Trial> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1, serviceWorkers: 'block' });
  try {
    await context.addInitScript(outputProbeScript(256));
    await context.addInitScript(recordMarks);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(new URL(target.path, baseUrl).href, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __firstTapMarks?: Marks }).__firstTapMarks?.firstPaint != null, null, { timeout: 60_000, polling: 20 });
    const box = await page.locator(target.selector).boundingBox();
    if (!box) throw new Error(`${target.name}: not on the first paint`);
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // A touch off the screen (or on something above the control) would be counted as lost: the bench checks it lands.
    const lands = await page.evaluate(([px, py, selector]) => document.querySelector(selector)?.contains(document.elementFromPoint(px, py)) ?? false, [x, y, target.selector] as const);
    if (!lands) throw new Error(`${target.name}: the touch at ${x},${y} would not land on it`);
    // Measured from when Node learns of the paint; the page's own marks give the real offset.
    if (offsetMs > 0) await page.waitForTimeout(offsetMs);
    await page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.arm());
    await page.touchscreen.tap(x, y);
    // Lost: nothing audible LOST_AFTER_MS after hydration (or 40 s after the tap if it never hydrates).
    const deadline = Date.now() + 40_000;
    let hydratedAt: number | null = null;
    for (;;) {
      const state = await page.evaluate(() => ({
        audible: (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.firstAudibleAt !== null,
        hydrated: document.documentElement.dataset.hydrated === 'true',
      }));
      if (state.audible) break;
      if (state.hydrated && hydratedAt === null) hydratedAt = Date.now();
      if ((hydratedAt !== null && Date.now() - hydratedAt > LOST_AFTER_MS) || Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    const m = await marks(page);
    const probe = await page.evaluate(() => {
      const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
      return { armedAt: p.armedAt, firstAudibleAt: p.firstAudibleAt };
    });
    return {
      target: target.name,
      offsetMs,
      // From the touch (the click that arms the probe comes after it, on touchend).
      audibleMs: probe.firstAudibleAt !== null && m.touch !== null ? Math.round(probe.firstAudibleAt - m.touch) : null,
      visibleMs: m.visible !== null && m.touch !== null ? Math.round(m.visible - m.touch) : null,
      touchAfterPaintMs: Math.round((m.touch ?? NaN) - (m.firstPaint ?? NaN)),
      hydratedAfterPaintMs: m.hydrated !== null && m.firstPaint !== null ? Math.round(m.hydrated - m.firstPaint) : null,
    };
  } finally {
    await context.close();
  }
}

/** docs/performance.md's section: how it was measured, this run's table, the goals (issue 39) and the history (issue 24). */
function docSection(table: string, machine: string, lost: number, taps: number): string {
  return [
    `\`npx vite build && npx tsx bench/first-tap.bench.ts\` (\`bench/results/first-tap-now.json\`, ${new Date().toISOString().slice(0, 10)}; ${machine}). Production build on vite preview, fresh context with the HTTP cache disabled, 390 × 844 with touch, 4× CPU, DevTools Slow 4G (562.5 ms latency, 1.44 Mbit/s), \`--autoplay-policy=user-gesture-required\`. One real touch (CDP) on the first sound card or Chill's (a song) on \`/\`, or on \`/brown-noise\`'s Play, at an offset from the first contentful paint. Audible = the first output block over 1e-3. Visible response = the first frame after the touched control changed (the first-paint script's mark before hydration, the ripple or its state after). Lost = nothing heard 6 s after hydration, with no second tap. ${RUNS} runs per row (the median of two is the larger); ${lost} of ${taps} taps lost. This section is rewritten by the bench.`,
    '',
    table,
    '',
    'Goals (issue 39): a first sound from any tap after first paint ≤ 1.5 s at 4× CPU and slow 4G, cold; tap → visible response ≤ 100 ms; 0 taps lost before hydration.',
    '',
    "History (issue 24, `first-tap-before.json` 2026-11-25 and `first-tap-after.json` 2026-11-26, 2 runs per row): before the first-paint listener 20 of 20 taps were lost; after it 0 of 20, a card's tap at +0 ms heard after 5.3–5.4 s and at +3000 ms after 2.3 s, hydration 4.6 s after first paint. A tap waits for hydration and then plays: a card adds its stream's fetch on Slow 4G (about 1 s), brown noise about 0.2 s.",
  ].join('\n');
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : null);

async function main() {
  const preview = await servePreview(root, 4700 + (process.pid % 200), 200, process.env.FIRST_TAP_DIST ? ['--outDir', process.env.FIRST_TAP_DIST] : []);
  const { baseUrl } = preview;
  const browser = await launchBenchChromium(['--autoplay-policy=user-gesture-required']);
  try {
    await preview.ready(120);
    const loadBefore = loadavg()[0]!;
    const trials: Trial[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const target of TARGETS) {
        for (const offsetMs of OFFSETS_MS) {
          const result = await trial(browser, baseUrl, target, offsetMs);
          console.log(JSON.stringify(result));
          trials.push(result);
        }
      }
    }
    const summary = TARGETS.flatMap((target) =>
      OFFSETS_MS.map((offsetMs) => {
        const mine = trials.filter((t) => t.target === target.name && t.offsetMs === offsetMs);
        const heard = mine.flatMap((t) => (t.audibleMs === null ? [] : [t.audibleMs]));
        return {
          target: target.name,
          offsetMs,
          lost: mine.length - heard.length,
          taps: mine.length,
          audibleMedianMs: median(heard),
          audibleMs: heard,
          visibleMedianMs: median(mine.flatMap((t) => (t.visibleMs === null ? [] : [t.visibleMs]))),
          visibleMs: mine.map((t) => t.visibleMs),
          hydratedAfterPaintMedianMs: median(mine.flatMap((t) => (t.hydratedAfterPaintMs === null ? [] : [t.hydratedAfterPaintMs]))),
        };
      }),
    );
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`;
    const lost = trials.filter((t) => t.audibleMs === null).length;
    mkdirSync(`${root}bench/results`, { recursive: true });
    writeFileSync(
      `${root}bench/results/first-tap-${label}.json`,
      JSON.stringify({ date: new Date().toISOString(), label, machine, runs: RUNS, network: 'DevTools Slow 4G', cpuSlowdown: 4, lost, taps: trials.length, summary, trials }, null, 2) + '\n',
    );
    const table = [
      '| control | tap at first paint + | lost | touch → audible, median (runs) | touch → visible response, median (runs) | hydrated after first paint, median |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...summary.map((row) => `| ${row.target} | ${row.offsetMs} ms | ${row.lost} of ${row.taps} | ${row.audibleMedianMs ?? '–'} ms (${row.audibleMs.join(', ') || '–'}) | ${row.visibleMedianMs ?? '–'} ms (${row.visibleMs.map((ms) => ms ?? '–').join(', ')}) | ${row.hydratedAfterPaintMedianMs ?? '–'} ms |`),
    ].join('\n');
    console.log(`\n${label}: lost ${lost} of ${trials.length} taps (${machine})\n\n${table}`);
    if (label === 'now') writeDocSection(`${root}docs/performance.md`, '## First tap on a cold load', docSection(table, machine, lost, trials.length));
  } finally {
    await browser.close();
    preview.stop();
  }
}

await main();
