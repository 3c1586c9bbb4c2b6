import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogueEntries } from '../../src/catalogue/entries.ts';
import { test, expect } from './fixtures';
import { appRoutes } from './routes';

/** Every route's first HTML response, as a browser without JavaScript (or a crawler) gets it. */
const routes: typeof appRoutes = [...appRoutes, ['/no/such/page', 'Page not found', 'Page not found - Lull']];

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [path, header, title] of routes) {
  test(`${path}: the first HTML response carries its title, header, sidebar and styles`, async ({ request }) => {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(header === 'Page not found' ? 404 : 200);
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*data-testid="page-title"[^>]*>${escapeRe(header)}</h1>`));
    expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
    // The markup's CSS is in the page (Emotion's extracted critical styles), not injected by script later.
    expect(html).toMatch(/<style data-emotion="css [^"]+">[^<]+<\/style>/);
    // Nothing inline for scripts: the CSP allows none.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
}

test('the home page HTML holds the 24 sound buttons by name, without running JavaScript', async ({ request }) => {
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const grid = /<ul[^>]*data-testid="sound-grid"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  const names = [...grid.matchAll(/<button[^>]*data-sound-index="\d+"[\s\S]*?<\/button>/g)].map((m) => m[0]);
  expect(names).toHaveLength(24);
  for (const entry of catalogueEntries) expect(grid).toContain(`>${entry.name}<`);
  expect(html).toContain('>Soundscapes<');
});

test('a page with JavaScript disabled still shows the header, the sidebar and the sound grid', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'White Noise', exact: true })).toBeVisible();
  await expect(page.getByTestId('sound-grid').getByRole('button')).toHaveCount(24);
  // Styled: the buttons are laid out in a grid of MUI outlined buttons, not unstyled defaults.
  expect(await page.getByTestId('sound-grid').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
  await context.close();
});

for (const [path, header] of routes) {
  test(`${path}: React hydrates the prerendered page without a warning or a replaced node`, async ({ page, expectConsoleErrors }) => {
    if (header === 'Page not found') expectConsoleErrors(/status of 404 \(Not Found\)/);
    const messages: string[] = [];
    page.on('console', (message) => {
      // The harness blocks service workers (playwright.config.ts); the app reports that, which is not about hydration.
      if (/Service Worker registration blocked|service worker could not be registered/i.test(message.text())) return;
      // The not-found page's own document is answered with status 404, as it should be.
      if (header === 'Page not found' && message.location().url.endsWith(path) && /status of 404/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
    });
    // Counts element nodes taken out of #root while the page loads: a hydration mismatch makes
    // React throw the server markup away and render again, a flash users see.
    await page.addInitScript(() => {
      const w = window as unknown as { __removedFromRoot: string[] };
      w.__removedFromRoot = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const inRoot = (record.target as Element).closest?.('#root') ?? (record.target as Element).id === 'root';
          if (!inRoot) continue;
          record.removedNodes.forEach((node) => {
            if (node.nodeType === Node.ELEMENT_NODE) w.__removedFromRoot.push((node as Element).outerHTML.slice(0, 120));
          });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    // Hydrated: React has attached itself to the prerendered header button.
    const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
    await expect.poll(() => toggle.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('page-title')).toHaveText(header);
    const removed = await page.evaluate(() => (window as unknown as { __removedFromRoot: string[] }).__removedFromRoot);
    expect(messages).toEqual([]);
    expect(removed).toEqual([]);
    // And it works: the toggle answers.
    await toggle.click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  });
}

test('a sound tapped on the prerendered home page plays', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const ocean = page.getByTestId('sound-grid').getByRole('button', { name: /Ocean/ });
  await ocean.click();
  await expect(ocean).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('audio')].some((a) => !a.paused && a.currentTime > 0))).toBe(true);
});

/** Console errors and warnings, and the layout shift score (CLS) the page accumulates without input. */
async function watchLoad(page: import('@playwright/test').Page) {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Service Worker registration blocked|service worker could not be registered/i.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    messages,
    cls: async () => {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    },
  };
}

const hydrated = (page: import('@playwright/test').Page) =>
  expect
    .poll(() => page.getByTestId('page-title').evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);

test('markup written for another route (a host answering every path with index.html) is replaced by a fresh render of the right page', async ({ page }) => {
  const home = readFileSync(fileURLToPath(new URL('../../dist/index.html', import.meta.url)), 'utf8');
  expect(home).toContain('data-route="/"');
  await page.route(/\/credits$/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: home }));
  const load = await watchLoad(page);
  await page.goto('/credits');
  await expect(page.getByTestId('page-title')).toHaveText('Credits');
  await expect(page).toHaveTitle('Credits - Lull');
  await expect(page.getByTestId('credit-card')).toHaveCount(24);
  await expect(page.getByTestId('sound-grid')).toHaveCount(0);
  // Hydrating the home markup as the credits page would log React's mismatch error.
  await page.waitForLoadState('networkidle');
  expect(load.messages).toEqual([]);
});

test('on a phone the prerendered page hides the sidebar by CSS and hydrates into the drawer layout without a shift', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const load = await watchLoad(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect(await load.cls()).toBeLessThanOrEqual(0.02);
  expect(load.messages).toEqual([]);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
});

test('what the device stored (playlists, podcast feeds, stats) appears after hydration without a hydration error', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('soundscapePlaylists', JSON.stringify([{ name: 'Evening', description: '', items: [{ index: 0, duration: 5 }] }]));
    localStorage.setItem('podcastData', JSON.stringify([{ feedUrl: 'https://example.com/feed.xml' }]));
    localStorage.setItem('listeningPreferences', JSON.stringify({ ocean: { totalMinutes: 12.5, sessionCount: 3 } }));
  });
  const load = await watchLoad(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByTestId('playlists-section').getByText('Evening')).toBeVisible();
  await page.goto('/podcasts');
  await hydrated(page);
  await expect(page.getByTestId('podcast-feeds')).toHaveValue('https://example.com/feed.xml');
  await page.goto('/settings');
  await hydrated(page);
  await expect(page.getByTestId('listening-stats').getByText('Ocean')).toBeVisible();
  expect(load.messages).toEqual([]);
});

test('on the reversed host the prerendered page shows the reversed list from the first paint and hydrates without a shift or a hydration error', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const load = await watchLoad(page);
  await page.goto(`http://reversed.localhost:${process.env.E2E_PORT}/`);
  await hydrated(page);
  await expect(page.getByTestId('soundscapes-heading')).toHaveText('Reversed soundscapes');
  const reversible = catalogueEntries.filter((entry) => entry.reversedURL).length;
  await expect(page.getByTestId('sound-grid').getByRole('button')).toHaveCount(reversible);
  const cls = await load.cls();
  console.log(`reversed host, 412x823: CLS ${cls.toFixed(4)}`);
  expect(cls).toBeLessThanOrEqual(0.02);
  expect(load.messages).toEqual([]);
});

for (const [width, height] of [[360, 740], [1280, 800]] as const) {
  test(`offline at ${width} px, the banner and the badge have their space from the first paint: the grid does not move (issue 39)`, async ({ page }) => {
    // Before the held places were the size of what replaces them: 0.0266 at 360 px, 0.0133 at 1280 px (the badge came 24 px
    // below its space, the status line 4 px above its own); with no held place at all: 0.1163 and 0.0472. The issue asks ≤ 0.02.
    await page.setViewportSize({ width, height });
    // The browser says offline (as a phone without signal does) while the files still come from the server: the layout alone is measured.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }));
    const load = await watchLoad(page);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByTestId('offline-status-message')).toHaveText('You are offline - only cached sounds are available');
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    const cls = await load.cls();
    console.log(`offline, ${width}x${height}: CLS ${cls.toFixed(4)}`);
    expect(cls).toBeLessThan(0.01);
    expect(load.messages).toEqual([]);
  });
}

test('a collapsed sidebar stored on a desktop shows collapsed from the first paint and hydrates without a shift', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sidebarOpen', '0'));
  const load = await watchLoad(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  const cls = await load.cls();
  console.log(`stored collapsed sidebar, 1280x720: CLS ${cls.toFixed(4)}`);
  expect(cls).toBeLessThanOrEqual(0.02);
  expect(load.messages).toEqual([]);
  // The first-paint CSS lets go once React renders the state: expanding works and shows the labels.
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  await expect(page.getByTestId('sidebar').getByText('Settings')).toBeVisible();
});
