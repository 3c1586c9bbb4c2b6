import { catalogueEntries } from '../../src/catalogue/entries.ts';
import { test, expect } from './fixtures';

/** Every route's first HTML response, as a browser without JavaScript (or a crawler) gets it. */
const routes: [path: string, header: string, documentTitle: string][] = [
  ['/', 'Home', 'Lull'],
  ['/white-noise', 'White Noise', 'White Noise - Lull'],
  ['/pink-noise', 'Pink Noise', 'Pink Noise - Lull'],
  ['/brown-noise', 'Brown Noise', 'Brown Noise - Lull'],
  ['/podcasts', 'Podcasts', 'Podcasts - Lull'],
  ['/embed', 'Embed', 'Embed - Lull'],
  ['/privacy', 'Privacy', 'Privacy - Lull'],
  ['/support', 'Support', 'Support - Lull'],
  ['/settings', 'Settings', 'Settings - Lull'],
  ['/credits', 'Credits', 'Credits - Lull'],
  ['/changelog', 'Changelog', 'Changelog - Lull'],
  ['/no/such/page', 'Page not found', 'Page not found - Lull'],
];

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
  test(`${path}: React hydrates the prerendered page without a warning or a replaced node`, async ({ page }) => {
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
