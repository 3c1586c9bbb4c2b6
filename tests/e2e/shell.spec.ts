import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures';
import { appRoutes } from './routes';



for (const [path, header, title] of appRoutes) {
  test(`${path} shows its header title and document title`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('page-title')).toHaveText(header);
    await expect(page).toHaveTitle(title);
  });
}

test('an unknown path and /embed show the not-found page', async ({ page, expectConsoleErrors }) => {
  // An unknown path is answered with the prerendered 404 page and status 404, which Chromium logs.
  expectConsoleErrors(/status of 404 .*\/no\/such\/page/);
  for (const path of ['/no/such/page', '/embed']) {
    await page.goto(path);
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  }
});

test('the sidebar has the brand, Home, the Noises and About groups, Settings and the source link', async ({ page }) => {
  await page.goto('/privacy');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Lull home' })).toHaveAttribute('href', '/');
  for (const name of ['Home', 'White Noise', 'Pink Noise', 'Brown Noise', 'Settings', 'Privacy', 'Changelog', 'Credits']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // SPEC's order stays: Home, the Noises group, then (issue 13) Settings, then the About group.
  const order = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''));
  expect(order.slice(1, 9)).toEqual(['Home', 'White Noise', 'Pink Noise', 'Brown Noise', 'Settings', 'Privacy', 'Changelog', 'Credits']);
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute('href', '/settings');
  await expect(nav.getByText('Noises')).toBeVisible();
  await expect(nav.getByText('About')).toBeVisible();
  const source = nav.getByRole('link', { name: /Source code/ });
  await expect(source).toHaveAttribute('target', '_blank');
  await expect(source).toHaveAttribute('href', /^https:\/\//);
  await nav.getByRole('link', { name: 'Changelog', exact: true }).click();
  await expect(page).toHaveURL(/\/changelog$/);
  await expect(page.getByTestId('page-title')).toHaveText('Changelog');
});

/** The credits page's own chunk (src/pages/credits/credits-page.tsx), fetched when the page is first shown. */
const CREDITS_CHUNK = /\/assets\/credits-page-[^/]+\.js$/;
const PAGE_FAILED = 'This page could not be loaded. Check your connection and reload.';

test('a link in the app shows the next page once its chunk arrives, with the page, header, sidebar and player bar in place meanwhile', async ({ page }) => {
  await page.goto('/');
  const ocean = page.getByTestId('sound-grid').getByRole('button', { name: /Ocean/ });
  await ocean.click();
  await expect(ocean).toHaveAttribute('data-state', 'playing');
  await expect(page.getByTestId('player-bar')).toBeVisible();
  // The credits chunk is held until the test lets it go: a slow network, made certain.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(CREDITS_CHUNK, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  // From here on: the layout's nodes must stay the same ones, and the main area must never be
  // empty or show the loading spinner.
  await page.evaluate(() => {
    const w = window as unknown as { __layout: (Element | null)[]; __blank: string[] };
    w.__layout = ['header', 'nav[aria-label="Main"]', '[data-testid="player-bar"]'].map((selector) => document.querySelector(selector));
    w.__blank = [];
    new MutationObserver(() => {
      const main = document.querySelector('main');
      if (!main || main.childElementCount === 0 || main.querySelector('[aria-label="Loading page"]')) w.__blank.push(main?.innerHTML.slice(0, 120) ?? 'no main');
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits', exact: true }).click();
  await expect.poll(() => requested).toBe(true);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('sound-grid')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  release();
  await expect(page.getByTestId('page-title')).toHaveText('Credits');
  await expect(page).toHaveTitle('Credits - Lull');
  await expect(page.getByTestId('credit-card')).toHaveCount(24);
  const after = await page.evaluate(() => {
    const w = window as unknown as { __layout: (Element | null)[]; __blank: string[] };
    const now = ['header', 'nav[aria-label="Main"]', '[data-testid="player-bar"]'].map((selector) => document.querySelector(selector));
    return { sameNodes: now.map((node, at) => node !== null && node === w.__layout[at]), blank: w.__blank };
  });
  expect(after).toEqual({ sameNodes: [true, true, true], blank: [] });
  await expect(ocean).toHaveCount(0);
  expect(await page.evaluate(() => [...document.querySelectorAll('audio')].some((a) => !a.paused))).toBe(true);
});

test('a page whose chunk cannot load on a first load shows the error with Reload inside the layout, and Reload brings the page', async ({ page, expectConsoleErrors, allowConsoleErrors }) => {
  expectConsoleErrors(/^Page load failed: TypeError: Failed to fetch dynamically imported module/, /^Route error: TypeError: Failed to fetch dynamically imported module/);
  // The aborted request itself, and React's own log of the error its boundary caught.
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED .*credits-page-/, /^TypeError: Failed to fetch dynamically imported module/);
  await page.route(CREDITS_CHUNK, (route) => route.abort());
  await page.goto('/credits');
  const alert = page.getByRole('alert').filter({ hasText: PAGE_FAILED });
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Credits');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByTestId('credit-card')).toHaveCount(0);
  await page.unroute(CREDITS_CHUNK);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('credit-card')).toHaveCount(24);
  await expect(alert).toHaveCount(0);
});

test('a page whose chunk cannot load when a link leads to it shows the error inside the layout, and the next link works', async ({ page, expectConsoleErrors, allowConsoleErrors }) => {
  expectConsoleErrors(/^Route error: TypeError: Failed to fetch dynamically imported module/);
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED .*credits-page-/, /^TypeError: Failed to fetch dynamically imported module/);
  await page.goto('/');
  await page.route(CREDITS_CHUNK, (route) => route.abort());
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Credits', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: PAGE_FAILED });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('Credits');
  await nav.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Privacy');
  await expect(page.getByText('Last updated 22 April 2025')).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('Ctrl+B and Cmd+B toggle the sidebar, and the state survives a reload', async ({ page }) => {
  await page.goto('/');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  const width = async () => (await sidebar.boundingBox())?.width ?? 0;
  expect(await width()).toBeCloseTo(256, -1);
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(width).toBeCloseTo(48, -1);
  expect(await page.evaluate(() => localStorage.getItem('sidebarOpen'))).toBe('0');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Meta+b');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  expect(await page.evaluate(() => localStorage.getItem('sidebarOpen'))).toBe('1');
});

test('Ctrl+B pressed while the app is still starting, with the sidebar stored collapsed, expands it and writes sidebarOpen', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('sidebarOpen', '0');
  });
  // The app's code arrives late, as on a slow phone: the key is pressed on the prerendered page.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The frame's own goto: the fixture's page.goto would wait for hydration.
  await page.mainFrame().goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-sidebar-collapsed', '');
  await page.keyboard.press('Control+b');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  // The prerendered markup says expanded until React renders the stored state: judge after hydration.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sidebarOpen'))).toBe('1');
  // Once started, the app's own listener answers (the early one is gone: one press, one toggle).
  await page.keyboard.press('Meta+b');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  expect(await page.evaluate(() => localStorage.getItem('sidebarOpen'))).toBe('0');
});

test('at 768px wide the sidebar is a drawer 18rem wide that Ctrl+B opens', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/');
  // The shortcut listens once the layout has mounted: wait for its menu button, not for an absence.
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);
  await page.keyboard.press('Control+b');
  const drawer = page.getByTestId('sidebar-drawer');
  await expect(drawer).toBeVisible();
  await expect.poll(async () => (await drawer.boundingBox())?.width ?? 0).toBeCloseTo(288, -1);
  await drawer.getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);
  // Wider than the breakpoint, the permanent sidebar is back.
  await page.setViewportSize({ width: 769, height: 900 });
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('the menu button toggles the sidebar by keyboard and says whether it is expanded', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Collapse sidebar' });
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByTestId('page-title')).toHaveText('Privacy');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the podcasts page lists saved feed URLs one per line, read-only, as text', async ({ page }) => {
  const hostile = 'https://example.com/feed?x=<img src=x onerror="window.__pwned=1">';
  await page.addInitScript((feeds) => localStorage.setItem('podcastData', JSON.stringify(feeds)), [
    { feedUrl: 'https://example.com/a.xml' },
    { feedUrl: hostile },
    { title: 'no feed url' },
  ]);
  await page.goto('/podcasts');
  await expect(page.getByText('Podcasts are being discontinued').first()).toBeVisible();
  const feeds = page.getByTestId('podcast-feeds');
  await expect(feeds).toHaveValue(`https://example.com/a.xml\n${hostile}`);
  await expect(feeds).toHaveAttribute('readonly', '');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('main img')).toHaveCount(0);
});

test('corrupt or foreign values in every storage key never break a page and are kept aside', async ({ page, expectConsoleErrors }) => {
  // SPEC 8: a preferences load failure is logged with this message (on every page load until the next write).
  expectConsoleErrors(/^Error loading listening preferences: TypeError: listeningPreferences is not an object/);
  const corrupt: Record<string, string> = {
    sidebarOpen: 'yes please',
    podcastData: '{not json',
    soundscapePlaylists: '"a string, not a list"',
    listeningPreferences: '[1,2,3]',
  };
  await page.addInitScript((values) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
  }, corrupt);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  for (const path of ['/', '/podcasts', '/settings', '/white-noise', '/credits']) {
    await page.goto(path);
    await expect(page.getByTestId('page-title')).toBeVisible();
  }
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  // Every corrupt value is kept aside under '<key>.corrupt', and a console warning names its key.
  const aside = await page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(`${key}.corrupt`)])), Object.keys(corrupt));
  expect(aside).toEqual(corrupt);
  for (const key of Object.keys(corrupt)) expect(warnings.some((text) => text.includes(key)), `a warning names ${key}`).toBe(true);
});

test('the changelog shows the entry with an en-US short date', async ({ page }) => {
  await page.goto('/changelog');
  await expect(page.getByTestId('changelog-date').first()).toHaveText('Apr 21, 2025');
  await expect(page.getByRole('heading', { name: 'Offline Mode + Lo-fi Radio' })).toBeVisible();
});

test('privacy, support and credits say what SPEC requires', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText('Last updated 22 April 2025')).toBeVisible();
  for (const section of ['Quick summary', 'Scope', 'Data we collect', 'Definitions', 'Third-party providers', 'Your rights under the GDPR', 'Retention', 'Third-party links', 'Changes to this policy', 'Support']) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(page.getByText('No account is needed')).toBeVisible();
  await expect(page.getByText('No third-party cookies are used.')).toBeVisible();
  await expect(page.getByText('This deployment does not use an error-tracking service.').first()).toBeVisible();
  await expect(page.getByText('This deployment does not use an analytics provider.').first()).toBeVisible();
  await page.goto('/support');
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await page.goto('/credits');
  await expect(page.getByTestId('credit-card')).toHaveCount(24);
  await expect(page.getByText(/implies no endorsement/)).toBeVisible();
  // Every card shows its sound's 512×512 cover, loaded from the media host.
  const covers = page.getByTestId('credit-cover');
  await expect(covers).toHaveCount(24);
  for (const cover of await covers.all()) {
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  }
  await expect(covers.first()).toHaveAttribute('src', /\/media\/ocean\.png(\?v=[0-9a-f]{12})?$/);
});

test('the settings page hides Install until the browser offers it, and after install', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Install' })).toHaveCount(0);
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt') as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    event.prompt = async () => undefined;
    event.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
  });
  await expect(page.getByRole('button', { name: 'Install' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(page.getByRole('button', { name: 'Install' })).toHaveCount(0);
});

test('production responses carry the security and caching headers', async ({ request }) => {
  const html = await request.get('/');
  const h = html.headers();
  // Parsed, not searched: each directive by name, so 'unsafe-inline' in style-src (Emotion needs
  // it) is allowed while the same in script-src fails.
  const csp = new Map(
    (h['content-security-policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources] as const),
  );
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc, 'script-src (or default-src) is set').toBeDefined();
  expect(scriptSrc).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    expect(scriptSrc, `script-src allows ${unsafe}`).not.toContain(unsafe);
  }
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy']).toContain('camera=()');
  expect(h['cache-control']).toBe('no-cache');
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(script).toBeTruthy();
  expect((await request.get(script!)).headers()['cache-control']).toContain('immutable');
  expect(await html.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});

test('dist/_headers gives each path one Cache-Control when a CDN applies every matching rule', () => {
  const file = readFileSync(fileURLToPath(new URL('../../dist/_headers', import.meta.url)), 'utf8');
  const rules = file
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const [path = '', ...lines] = block.split('\n');
      return { path: path.trim(), headers: lines.map((line) => line.trim().split(/:\s*/, 1)[0]!.toLowerCase()), text: lines.join('\n') };
    });
  const matches = (pattern: string, path: string) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern);
  const cacheControl = (path: string) =>
    rules.filter((rule) => matches(rule.path, path)).flatMap((rule) => /Cache-Control: (.+)/.exec(rule.text)?.[1] ?? []);
  expect(cacheControl('/assets/index-abc123.js')).toEqual(['public, max-age=31536000, immutable']);
  expect(cacheControl('/')).toEqual(['no-cache']);
  expect(cacheControl('/index.html')).toEqual(['no-cache']);
  expect(cacheControl('/sw.js')).toEqual(['no-cache']);
  // Media URLs carry their content hash (?v=), so they never change: immutable.
  expect(cacheControl('/media/ocean.mp3')).toEqual(['public, max-age=31536000, immutable']);
  // The security headers apply everywhere.
  const everywhere = rules.find((rule) => rule.path === '/*');
  expect(everywhere?.headers).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy']));
});

test('nothing is sent to another origin when error reporting and analytics are off', async ({ page, pageErrors }) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith('http://localhost:') && !req.url().startsWith('data:')) foreign.push(req.url());
  });
  await page.goto('/');
  await page.evaluate(() => setTimeout(() => { throw new Error('boom'); }, 0));
  await expect.poll(() => pageErrors.length).toBe(1);
  pageErrors.length = 0;
  await page.waitForTimeout(300);
  expect(foreign).toEqual([]);
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /sentry/i.test(n)));
  expect(scripts).toEqual([]);
});

test('text only screen readers see takes a 1 px box, so no page scrolls sideways (WebKit measured 2111 px in a 1280 px window)', async ({ page }) => {
  const hiddenBoxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => getComputedStyle(element).clip === 'rect(0px, 0px, 0px, 0px)')
        .map((element) => ({ text: element.textContent ?? '', width: element.getBoundingClientRect().width, height: element.getBoundingClientRect().height })),
    );
  for (const sidebarOpen of ['1', '0']) {
    await page.addInitScript((open) => localStorage.setItem('sidebarOpen', open), sidebarOpen);
    for (const path of ['/', '/white-noise']) {
      await page.goto(path);
      const boxes = await hiddenBoxes();
      expect(boxes.length, `${path}: visually hidden text exists`).toBeGreaterThan(0);
      for (const box of boxes) expect(box, `${path} sidebarOpen=${sidebarOpen}`).toMatchObject({ width: 1, height: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
    }
  }
});
