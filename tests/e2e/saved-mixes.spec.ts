import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectTrackPlaying } from './track-state';

/**
 * Issue 23: links v2, saved mixes and Surprise me, as a listener meets them. What the levels do to
 * the sound is measured in the layers' own specs; here: what is offered, played, stored and kept.
 */

const masterVolume = (page: Page) => page.getByRole('slider', { name: 'Master volume' });
const mixPanel = (page: Page) => page.getByRole('dialog', { name: 'Mix and volume' });

async function openMixPanel(page: Page) {
  await page.getByTestId('player-bar').getByRole('button', { name: 'Mix and volume' }).click();
  await expect(mixPanel(page)).toBeVisible();
}

test.describe('mix links', () => {
  test('a link without a volume plays the mix and leaves the saved master volume as it was', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('masterVolume', '0.3'));
    await page.goto('/?mix=1&sound=rain&noise=pink');
    await expect(page.getByTestId('shared-mix')).toBeVisible();
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expectTrackPlaying(page, 'rain.mp3');
    await openMixPanel(page);
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '30');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => localStorage.getItem('masterVolume'))).toBe('0.3');
  });
});
