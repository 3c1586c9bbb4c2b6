/**
 * A listener's own sound as the track (issue 41), in Chromium, heard: the player bar shows it, a catalogue layer joins
 * under it and is heard, the bar's Pause silences both and its Play brings both back, the sleep timer pauses it for
 * good (it does not come back when the timer's fade gain is restored), and a catalogue track takes its place with the
 * layer still under it.
 */
import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { outputProbeScript } from './output-probe';
import { db as dB, mixPanel, openMixPanel, playerBar, setLayerPercent } from './mix-panel';
import { recordPower } from './record-rms';
import { recording, wav } from './audio-files';

/** Under this the output is silence (nothing connected renders exact zeros; a fade's tail is far above it). */
const SILENT = 1e-8;

const sounding = (page: Page) => page.evaluate(() => (window as unknown as { __audioCensus: { now(): { sounding: number } } }).__audioCensus.now().sounding);

test.describe('your sound as the track', { tag: '@live' }, () => {
  test('the bar shows it; Rain joins under it and is heard; Pause silences both, Play brings both back; the sleep timer pauses it for good; a catalogue track takes its place', async ({ page }) => {
    await page.addInitScript(outputProbeScript(1024));
    await page.goto('/');
    await page.getByTestId('own-sounds-input').setInputFiles([{ name: 'fan.wav', mimeType: 'audio/wav', buffer: wav([recording(8, 5), recording(8, 6)], 48_000) }]);
    const row = page.getByTestId('own-sound').filter({ hasText: 'fan' });
    await expect(row).toHaveCount(1, { timeout: 45_000 });

    await row.getByRole('button', { name: 'Play fan' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect(playerBar(page).getByTestId('player-title')).toHaveText(/fan$/);
    await expect(row.getByRole('button', { name: 'Pause fan' })).toHaveAttribute('aria-pressed', 'true');
    // No previous or next: an own sound is not in the catalogue's order.
    await expect(playerBar(page).getByRole('button', { name: 'Next track' })).toHaveCount(0);
    const alone = await recordPower(page, 1500);
    expect(alone).toBeGreaterThan(1e-4);

    await openMixPanel(page);
    await mixPanel(page).getByRole('combobox', { name: 'Add a layer' }).selectOption({ label: 'Rain' });
    await mixPanel(page).getByLabel('Alive: levels drift slowly').uncheck();
    await setLayerPercent(page, 'Rain', 100);
    await expect(playerBar(page).getByTestId('player-layers')).toHaveText('+ Rain');
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('fan + Rain');
    expect(await axeViolations(page), 'axe, the mix panel under an own sound').toEqual([]);
    // Its chunks and Rain's windows sound together (audio-census.ts counts every source sounding).
    await expect.poll(() => sounding(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const both = await recordPower(page, 2000);
    await setLayerPercent(page, 'Rain', 0);
    const ownOnly = await recordPower(page, 2000);
    await setLayerPercent(page, 'Rain', 100);
    console.log(`own track: alone ${dB(Math.sqrt(alone)).toFixed(1)} dBFS, with Rain ${dB(Math.sqrt(both)).toFixed(1)}, Rain at 0 % ${dB(Math.sqrt(ownOnly)).toFixed(1)}`);
    // Rain carries a real share of the mix, and the own sound plays on under its slider at 0 %.
    expect((both - ownOnly) / both).toBeGreaterThan(0.1);
    expect(ownOnly).toBeGreaterThan(0.3 * alone);
    await page.keyboard.press('Escape');

    // The bar's Pause: both fade out and stay out; the bar keeps the sound, paused.
    await playerBar(page).getByRole('button', { name: 'Pause' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'paused');
    await expect(row.getByRole('button', { name: 'Play fan' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => recordPower(page, 500, 0), { timeout: 5_000 }).toBeLessThan(SILENT);
    // Space plays it again, as it would a catalogue track (focus on the page, not on a control).
    await page.locator('main').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Space');
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect.poll(async () => (await recordPower(page, 1000)) / both, { timeout: 10_000 }).toBeGreaterThan(0.5);

    // The sleep timer (3 s): at its end it fades and pauses, and the sound does not come back when the fade gain is restored.
    await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
    const timer = page.getByRole('dialog', { name: 'Sleep timer' });
    await timer.getByLabel('Minutes').fill('0.05');
    await timer.getByRole('button', { name: 'Start timer' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'paused', { timeout: 10_000 });
    await expect(page.getByTestId('sleep-timer-chip')).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(await recordPower(page, 1500, 0), 'after the sleep timer, the restored fade gain').toBeLessThan(SILENT);

    // A catalogue track takes its place: the bar shows it, Rain still under it.
    await page.getByTestId('sound-grid').getByRole('button', { name: /^Crickets\b/ }).click();
    await expect(playerBar(page)).not.toHaveAttribute('data-own');
    await expect(playerBar(page).getByTestId('player-title')).toHaveText(/Crickets$/);
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect(playerBar(page).getByTestId('player-layers')).toHaveText('+ Rain');
  });
});
