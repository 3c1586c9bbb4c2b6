/**
 * Issue 24: a tap before the app has hydrated is not lost. The app's entry script is held back (on
 * top of a 4× CPU slowdown) so the tap surely comes first, under iOS's gesture rules (emulated, see
 * ios-rules.ts): the tapped control shows at once that it was taken, a wait says the app is still
 * loading, and once the scripts arrive the sound plays without a second tap. A page whose scripts
 * never arrive says so.
 */
import type { Page, Route } from '@playwright/test';
import { strings } from '../../src/lib/strings';
import { FIRST_TAP } from '../../src/lib/first-paint';
import { test, expect } from './fixtures';
import { emulateIos, heard } from './ios-rules';
import { outputProbeScript } from './output-probe';

test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

/** The app's own scripts (every hashed chunk but the render-blocking first-paint one). */
const APP_SCRIPT = /\/assets\/(?!first-paint-)[^/]+\.js$/;

/** The first-paint script's note (an alert): the noise pages have an alert of their own. */
const note = (page: Page) => page.locator(`#${FIRST_TAP.noteId}[role="alert"]`);

const TARGETS = [
  { name: 'a sound card', path: '/', control: (page: Page) => page.locator('[data-testid="sound-grid"] button[data-sound-index="0"]'), playing: (page: Page) => expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'playing'), element: true },
  { name: "a noise page's Play", path: '/brown-noise', control: (page: Page) => page.locator(`main button[${FIRST_TAP.intent}="noise:brown"]`), playing: (page: Page) => expect(page.getByRole('button', { name: 'Pause Brown Noise' })).toHaveAttribute('data-status', 'playing'), element: false },
];

test.describe('the first tap, before the app has hydrated (iOS rules emulated)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(emulateIos);
    await page.addInitScript(outputProbeScript(2048));
  });

  for (const target of TARGETS) {
    test(`a tap on ${target.name} at first paint plays it once the app arrives, without a second tap`, async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      let release!: () => void;
      const scriptsMayCome = new Promise<void>((resolve) => (release = resolve));
      await page.route(APP_SCRIPT, async (route: Route) => {
        await scriptsMayCome;
        await route.continue();
      });
      // Not page.goto: the fixture's waits for hydration, which is held back here.
      await page.mainFrame().goto(target.path, { waitUntil: 'commit' });
      const control = target.control(page);
      await control.tap();
      // Taken at once, with no React on the page.
      await expect(control).toHaveAttribute('aria-busy', 'true');
      await expect(note(page)).toHaveText(strings.firstTapStillLoading);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      release();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
      await target.playing(page);
      await expect(control).not.toHaveAttribute('aria-busy');
      await expect(note(page)).toHaveCount(0);
      const now = await heard(page);
      console.log(`${target.name}, tapped before hydration: output RMS ${now.rms.toFixed(4)} over ${now.samples} samples`);
      expect(now.rms).toBeGreaterThan(0.003);
      if (target.element) expect(now.playerPlaying).toBe(true);
      // The tap's own element and context were unlocked inside it; only the bus's lock-screen output
      // element (created by the bus after hydration, outside any tap) may be refused, and the bus
      // then plays to the context's destination, as its fallback says.
      const refused = await page.evaluate(() => (window as unknown as { __ios: { refused: string[] } }).__ios.refused);
      expect(refused.filter((what) => what !== 'lull-output')).toEqual([]);
    });
  }

  test('a tap on a page whose scripts never arrive says the app could not load', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/Failed to load resource/);
    await page.route(APP_SCRIPT, (route) => route.abort('internetdisconnected'));
    await page.mainFrame().goto('/', { waitUntil: 'commit' });
    const card = page.locator('[data-testid="sound-grid"] button[data-sound-index="0"]');
    await card.tap();
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(note(page)).toHaveText(strings.firstTapCouldNotLoad);
  });
});
