/**
 * Issue 24: a tap before the app has hydrated is not lost. The app's entry script is held back (on
 * top of a 4× CPU slowdown) so the tap surely comes first, under iOS's gesture rules (emulated, see
 * ios-rules.ts): the tapped control shows at once that it was taken, a wait says the app is still
 * loading, and once the scripts arrive the sound plays without a second tap. A page whose scripts
 * never arrive says so.
 */
import type { Page, Route } from '@playwright/test';
import { strings } from '../../src/lib/strings';
import { FIRST_TAP, type FirstTapHandover } from '../../src/lib/first-paint';
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

  test("a tap on a soundscape's card is heard from its file before the app arrives; the app's track takes over at the same sample, and Pause silences it @live", async ({ page }) => {
    // Issue 39: the first-paint script reads the file and plays what has come; the app's track starts at the sample the
    // script's voice has reached and crossfades it out. Heard as one unbroken reading of the file: the recording across
    // the hand-over matches the file, decoded here, sample by sample. Ocean's first segment join is at 7.4 s.
    let release!: () => void;
    const scriptsMayCome = new Promise<void>((resolve) => (release = resolve));
    await page.route(APP_SCRIPT, async (route: Route) => {
      await scriptsMayCome;
      await route.continue();
    });
    await page.mainFrame().goto('/', { waitUntil: 'commit' });
    const card = page.locator('[data-testid="sound-grid"] button[data-sound-index="0"]');
    const src = await card.getAttribute(FIRST_TAP.src);
    expect(src).toMatch(/\/media\/ocean\.mp3/);
    await card.tap();
    await expect.poll(async () => (await outputLevel(page, 200)).rms, { message: 'heard before the app arrived', timeout: 10_000 }).toBeGreaterThan(0.003);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await startRecording(page);
    // Where the script's voice is in the file as the recording starts (to find the recording in the file).
    const from = await page.evaluate(() => {
      const q = (window as unknown as { __lullFirstTap: FirstTapHandover }).__lullFirstTap;
      return q.voice!.position!(q.context!.currentTime)!;
    });
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
    await expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'playing');
    await page.waitForTimeout(2000);
    // The track took the script's voice over (nothing is left for the app to fade).
    expect(await page.evaluate(() => (window as unknown as { __lullFirstTap: FirstTapHandover }).__lullFirstTap.voice)).toBeNull();
    const { samples, sampleRate } = await takeRecording(page);
    const match = await page.evaluate(
      async ({ src, rate, from, recorded }) => {
        const file = await new OfflineAudioContext(1, 1, rate).decodeAudioData(await (await fetch(src)).arrayBuffer());
        const ref = file.getChannelData(0);
        const rec = Float32Array.from(recorded);
        // Where in the file 4096 recorded samples from `at` are: the lag within ±0.3 s of `around` that matches them best.
        const place = (at: number, around: number) => {
          const n = 4096;
          let best = { lag: 0, correlation: -Infinity };
          for (let lag = Math.max(0, around - Math.round(0.3 * rate)); lag < around + Math.round(0.3 * rate); lag++) {
            let [dot, a, b] = [0, 0, 0];
            for (let i = 0; i < n; i++) {
              dot += rec[at + i]! * ref[lag + at + i]!;
              a += rec[at + i]! ** 2;
              b += ref[lag + at + i]! ** 2;
            }
            const correlation = dot / Math.sqrt(a * b || 1);
            if (correlation > best.correlation) best = { lag, correlation };
          }
          return best;
        };
        const before = place(0, Math.round(from * rate));
        const after = place(rec.length - 8192, before.lag);
        // Each 50 ms block's level against the file's at the same place (the output's gain from the whole recording).
        const block = Math.round(rate * 0.05);
        const power = (x: Float32Array, at: number, n: number) => x.subarray(at, at + n).reduce((sum, v) => sum + v * v, 0);
        const gain = Math.sqrt(power(rec, 0, rec.length) / power(ref, before.lag, rec.length));
        const levelsDb: number[] = [];
        for (let at = 0; at + block <= rec.length; at += block) levelsDb.push(10 * Math.log10(power(rec, at, block) / (gain * gain * power(ref, before.lag + at, block))));
        return { before, after, gain, levelsDb };
      },
      { src: src!, rate: sampleRate, from, recorded: Array.from(samples) },
    );
    const [low, high] = [Math.min(...match.levelsDb), Math.max(...match.levelsDb)];
    console.log(
      `ocean across the hand-over: at ${(match.before.lag / sampleRate).toFixed(4)} s in the file before (the voice said ${from.toFixed(4)} s), ` +
        `${(match.after.lag / sampleRate).toFixed(4)} s after (correlation ${match.before.correlation.toFixed(3)}, ${match.after.correlation.toFixed(3)}); ` +
        `${match.levelsDb.length} blocks of 50 ms within ${low.toFixed(2)}..${high.toFixed(2)} dB of the file's, gain ${match.gain.toFixed(3)}`,
    );
    // Two seconds and more: the app arrived, took over and played on within it.
    expect(match.levelsDb.length).toBeGreaterThan(40);
    // One reading of the file: the same place in it before and after. Each hand-over (the script's voice to the track's,
    // then the walk once the file is whole) starts on the engine's sample grid, 160 file samples at 48 kHz against 44.1,
    // so each may move the place by half of that (1.67 ms): two of them, 3.3 ms at most; anywhere else is another place.
    expect(match.before.correlation).toBeGreaterThan(0.99);
    expect(match.after.correlation).toBeGreaterThan(0.9);
    expect(Math.abs(match.after.lag - match.before.lag) / sampleRate).toBeLessThan(0.0034);
    // ...at its level throughout: no gap, no dip, no doubling as the voices cross.
    expect(low).toBeGreaterThan(-1.5);
    expect(high).toBeLessThan(1.5);
    // The app's Pause (a second tap on the card) reaches everything that sounds.
    await card.click();
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
