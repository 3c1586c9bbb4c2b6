/**
 * Never 'Playing' over silence (issue 40). WebKit handed a soundscape whose window failed to the track element and
 * played it silent, its clock stopped, while the card, the bar and the lock screen said Playing. Emulated here from
 * outside: every media element's clock reads frozen (its sound still plays in Chromium). The clock watchdog reloads
 * it twice, then must pause it, and the bar must say paused with the reason; the output is silent while it says so,
 * and a tap on Play brings the sound back.
 */
import { test, expect } from './fixtures';
import { outputProbeScript } from './output-probe';
import { outputRms } from './record-rms';
import { strings } from '../../src/lib/strings';

const bar = (page: import('@playwright/test').Page) => page.getByTestId('player-bar');

test('an element whose clock stays stopped is paused with its reason, silent, and plays again on Play', { tag: '@live' }, async ({ page, expectConsoleErrors }) => {
  expectConsoleErrors(/playback stalled/);
  await page.addInitScript(outputProbeScript(2048));
  await page.addInitScript(() => {
    // The clock a stalled element shows: where it was when the freeze began (its sound is left alone).
    const own = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'currentTime')!;
    const frozenAt = new WeakMap<HTMLMediaElement, number>();
    const w = window as unknown as { __freezeClocks: boolean };
    w.__freezeClocks = true;
    Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
      configurable: true,
      get(this: HTMLMediaElement) {
        const real = own.get!.call(this) as number;
        if (!w.__freezeClocks) return real;
        if (!frozenAt.has(this)) frozenAt.set(this, real);
        return frozenAt.get(this)!;
      },
      set(this: HTMLMediaElement, value: number) {
        own.set!.call(this, value);
      },
    });
  });
  await page.goto('/');
  await page.getByTestId('sound-grid').getByRole('button', { name: /^Chill\b/ }).click();
  // Two reloads that cure nothing, then it gives up: paused, and why.
  await expect(bar(page)).toHaveAttribute('data-status', 'paused', { timeout: 15_000 });
  await expect(page.getByTestId('player-stopped-reason')).toHaveText(strings.playbackStalled);
  await expect(bar(page).getByRole('button', { name: strings.play })).toBeVisible();
  const whilePaused = await outputRms(page, 800);
  console.log(`stalled element: output RMS ${whilePaused.toExponential(2)} while the bar says paused`);
  expect(whilePaused).toBeLessThan(1e-4);

  // The clock moves again (the system let it): a tap on Play plays, heard, and the reason goes.
  await page.evaluate(() => ((window as unknown as { __freezeClocks: boolean }).__freezeClocks = false));
  await bar(page).getByRole('button', { name: strings.play }).click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  await expect(page.getByTestId('player-stopped-reason')).toHaveCount(0);
  await page.waitForTimeout(300);
  const playing = await outputRms(page, 800);
  console.log(`after Play: output RMS ${playing.toFixed(4)}`);
  expect(playing).toBeGreaterThan(0.003);
});
