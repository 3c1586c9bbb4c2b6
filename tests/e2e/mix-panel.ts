import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { recordPower } from './record-rms';

/** The mix panel (issue 23) as a listener reaches it, and its sliders driven by keyboard. */

export const playerBar = (page: Page) => page.getByTestId('player-bar');
export const mixPanel = (page: Page) => page.getByRole('dialog', { name: 'Mix and volume' });
export const layerSlider = (page: Page, name: string) => mixPanel(page).getByRole('slider', { name: `${name} level` });
export const masterSlider = (page: Page) => mixPanel(page).getByRole('slider', { name: 'Master volume' });

export async function openMixPanel(page: Page) {
  await playerBar(page).getByRole('button', { name: 'Mix and volume' }).click();
  await expect(mixPanel(page)).toBeVisible();
}

/** A slider to a multiple of 10 %: Home or End, then PageUp or PageDown (10 % each) from the nearer end. */
export async function setSliderPercent(page: Page, slider: Locator, percent: number) {
  await slider.focus();
  const fromTop = percent > 50;
  await page.keyboard.press(fromTop ? 'End' : 'Home');
  for (let i = 0; i < (fromTop ? 100 - percent : percent) / 10; i++) await page.keyboard.press(fromTop ? 'PageDown' : 'PageUp');
  await expect(slider).toHaveAttribute('aria-valuenow', String(percent));
}

/** A layer's level slider in the panel, by the layer's name ('Rain', 'Brown noise'). */
export const setLayerPercent = (page: Page, name: string, percent: number) => setSliderPercent(page, layerSlider(page, name), percent);

/** An amplitude ratio in dB. */
export const db = (ratio: number) => 20 * Math.log10(ratio);

/** The output's power (2 s each) with the layer `name` at its level now, then at 0 %; the layer is put back at 100 %. */
export async function powerWithAndWithout(page: Page, name: string): Promise<{ withLayer: number; without: number }> {
  const withLayer = await recordPower(page, 2000);
  await setLayerPercent(page, name, 0);
  const without = await recordPower(page, 2000);
  await setLayerPercent(page, name, 100);
  return { withLayer, without };
}
