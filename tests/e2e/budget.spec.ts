import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures';

/**
 * Byte budget for the first load on a low-end phone (issue 24, decision 2 of issue 12): every script
 * the home page fetches until the network is idle, gzip -9 per file, at most 200 KB with KB = 1000
 * bytes (200,000 bytes). What the first paint itself needs (the render-blocking scripts in <head>)
 * is logged beside it and reported in docs/performance.md.
 */
const HOME_JS_GZIP_BUDGET = 200 * 1000;

test('the home route stays within its JavaScript byte budget', async ({ page }) => {
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.set(response.url(), await response.body());
    }
  });
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await page.waitForLoadState('networkidle');
  const gzipOf = (body: Buffer) => gzipSync(body, { level: 9 }).length;
  const raw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0);
  const gzip = [...scripts.values()].reduce((sum, body) => sum + gzipOf(body), 0);
  const firstPaint = await page.evaluate(() => [...document.head.querySelectorAll<HTMLScriptElement>('script[src]:not([type="module"])')].map((script) => script.src));
  const firstPaintGzip = firstPaint.reduce((sum, url) => sum + gzipOf(scripts.get(url) ?? Buffer.alloc(0)), 0);
  for (const [url, body] of [...scripts].sort((a, b) => gzipOf(b[1]) - gzipOf(a[1]))) console.log(`${gzipOf(body)}\t${new URL(url).pathname}`);
  console.log(`home route JS until idle: ${scripts.size} files, ${raw} bytes raw, ${gzip} bytes gzip; first paint: ${firstPaint.length} file(s), ${firstPaintGzip} bytes gzip`);
  expect(firstPaint.length).toBeGreaterThan(0);
  expect(gzip).toBeLessThanOrEqual(HOME_JS_GZIP_BUDGET);
});

/**
 * Issue 38: the production bundle has no test doors. The tests observe the app from outside (audio-census.ts), so
 * nothing on `window` or in a data attribute exists for them alone: each hook that once shipped, as an attribute
 * name and as the `dataset` property or global the code wrote, is found 0 times in the built JavaScript.
 */
const TEST_HOOKS = ['lullTrack', 'data-decoded-bytes', 'data-loop', 'data-layers-decoded-bytes', 'dataset.decodedBytes', 'dataset.loop', 'dataset.layersDecodedBytes'];

test('the production build carries no test hooks', () => {
  const dist = new URL('../../dist/', import.meta.url).pathname;
  const scripts = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const found: Record<string, number> = Object.fromEntries(TEST_HOOKS.map((hook) => [hook, 0]));
  for (const file of scripts) {
    const text = readFileSync(join(dist, file), 'utf8');
    for (const hook of TEST_HOOKS) found[hook] = (found[hook] ?? 0) + text.split(hook).length - 1;
  }
  console.log(`test hooks in ${scripts.length} built scripts: ${JSON.stringify(found)}`);
  expect(found).toEqual(Object.fromEntries(TEST_HOOKS.map((hook) => [hook, 0])));
});

/**
 * Images (issue 39): at most 60 KB (KB = 1000 bytes) for every image the first screen shows, on a
 * phone and a desktop; the covers below the fold wait until scrolled near (loading="lazy", with
 * their size set, so nothing moves when they arrive).
 */
const FIRST_SCREEN_IMAGE_BUDGET = 60 * 1000;

for (const [width, height] of [[360, 740], [1280, 800]] as const) {
  test(`the images the home page's first screen shows weigh at most 60 KB at ${width} × ${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const bytes = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'image' && response.ok()) bytes.set(response.url(), (await response.body()).length);
    });
    await page.goto('/');
    await expect(page.getByTestId('page-title')).toHaveText('Home');
    await page.waitForLoadState('networkidle');
    const images = await page.evaluate(() =>
      [...document.images].map((image) => {
        const box = image.getBoundingClientRect();
        return { src: image.currentSrc || image.src, loading: image.loading, width: image.getAttribute('width'), height: image.getAttribute('height'), onScreen: box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth };
      }),
    );
    const shown = images.filter((image) => image.onScreen);
    const shownBytes = shown.reduce((sum, image) => sum + (bytes.get(image.src) ?? 0), 0);
    console.log(`${width}x${height}: ${shown.length} images on the first screen, ${shownBytes} bytes; ${bytes.size} images fetched until idle, ${[...bytes.values()].reduce((a, b) => a + b, 0)} bytes`);
    expect(shown.length).toBeGreaterThan(0);
    expect(shownBytes).toBeLessThanOrEqual(FIRST_SCREEN_IMAGE_BUDGET);
    // Every image has its size (no shift as it loads); those below the first screen are lazy.
    for (const image of images) expect(image.width && image.height, image.src).toBeTruthy();
    for (const image of images.filter((each) => !each.onScreen)) expect(image.loading, image.src).toBe('lazy');
  });
}
