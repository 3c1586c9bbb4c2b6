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
import { outputLevel, startRecording, takeRecording } from './record-rms';

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

  test("a tap on a noise page's Play is heard at once, before the app arrives; the app takes it over with no gap at the same level, and Pause silences it @live", async ({ page }) => {
    // Issue 39: the first-paint script plays the colour itself (src/lib/first-paint.ts), and the app fades that voice
    // out once its own generator sounds (src/engine/first-tap.ts). White noise: its level over 0.8 s is steady to a
    // tenth of a dB, where brown's moves by a dB or two with its slow swell.
    let release!: () => void;
    const scriptsMayCome = new Promise<void>((resolve) => (release = resolve));
    await page.route(APP_SCRIPT, async (route: Route) => {
      await scriptsMayCome;
      await route.continue();
    });
    await page.mainFrame().goto('/white-noise', { waitUntil: 'commit' });
    await page.locator(`main button[${FIRST_TAP.intent}="noise:white"]`).tap();
    const before = await outputLevel(page, 800);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated), 'heard before the app arrived').toBeUndefined();
    expect(before.rms).toBeGreaterThan(0.01);
    // Recorded across the hand-over: the app arrives, hydrates, starts its generator and fades the script's voice.
    await startRecording(page);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Pause White Noise' })).toHaveAttribute('data-status', 'playing');
    await page.waitForTimeout(1000);
    const { samples, sampleRate } = await takeRecording(page);
    // Every 50 ms of it holds the noise: none below half the level heard before (−6 dB), none over twice (+6 dB).
    const block = Math.round(sampleRate * 0.05);
    const blocks: number[] = [];
    for (let at = 0; at + block <= samples.length; at += block) {
      let sum = 0;
      for (let i = at; i < at + block; i++) sum += samples[i]! ** 2;
      blocks.push(Math.sqrt(sum / block));
    }
    expect(blocks.length).toBeGreaterThan(20);
    const [quietest, loudest] = [Math.min(...blocks), Math.max(...blocks)];
    console.log(`white noise across the hand-over: ${blocks.length} blocks of 50 ms, RMS ${quietest.toFixed(4)}–${loudest.toFixed(4)}, before ${before.rms.toFixed(4)}`);
    expect(quietest).toBeGreaterThan(before.rms / 2);
    expect(loudest).toBeLessThan(before.rms * 2);
    // The app's generator alone now, at the script's level within 1 dB.
    const after = await outputLevel(page, 800);
    console.log(`white noise: the script ${before.rms.toFixed(4)}, the app ${after.rms.toFixed(4)}`);
    expect(Math.abs(20 * Math.log10(after.rms / before.rms))).toBeLessThan(1);
    // The app's Pause reaches everything that sounds: the script's voice is gone.
    await page.getByRole('button', { name: 'Pause White Noise' }).click();
    await page.waitForTimeout(500);
    expect((await outputLevel(page, 500)).rms).toBeLessThan(1e-4);
  });

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
