import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { layerSlider, mixPanel, openMixPanel, setSliderPercent } from './mix-panel';

/**
 * Issue 39, the mix on the home cards: the track's and every layer's card shows its level (a
 * labelled slider, keyboard operable) and a way out, reading the same stores as the player bar
 * and the mix panel, so all three agree; the noises are cards of their own.
 */
const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });
const bar = (page: Page) => page.getByTestId('player-bar');
const cardLevel = (page: Page, name: string) => page.getByRole('main').getByRole('slider', { name: `${name} level` });

test('a layer added from its card shows its level there, moved by keyboard, and the panel agrees both ways; its × takes it out everywhere', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await soundButton(page, 'Ocean').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  // The track's own card: its level, at 100 % of the level it starts at.
  await expect(cardLevel(page, 'Ocean')).toHaveAttribute('aria-valuenow', '100');
  const add = page.getByRole('button', { name: 'Add Rain under the current sound' });
  const box = await add.boundingBox();
  expect(box && box.width >= 48 && box.height >= 48).toBe(true);
  await add.click();
  await expect(bar(page).getByTestId('player-layers')).toHaveText('+ Rain');
  await expect(cardLevel(page, 'Rain')).toHaveAttribute('aria-valuenow', '50');
  // The name is whole and clear of the controls: the card's button still says just what it plays.
  await expect(soundButton(page, 'Rain')).toHaveAccessibleName('Rain');

  await setSliderPercent(page, cardLevel(page, 'Rain'), 30);
  await openMixPanel(page);
  await expect(layerSlider(page, 'Rain')).toHaveAttribute('aria-valuenow', '30');
  await setSliderPercent(page, layerSlider(page, 'Rain'), 70);
  await page.keyboard.press('Escape');
  await expect(mixPanel(page)).toHaveCount(0);
  await expect(cardLevel(page, 'Rain')).toHaveAttribute('aria-valuenow', '70');

  const remove = page.getByRole('button', { name: 'Remove Rain from under the current sound' });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  await remove.click();
  await expect(bar(page).getByTestId('player-layers')).toHaveCount(0);
  await expect(cardLevel(page, 'Rain')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Rain under the current sound' })).toBeFocused();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
});

test('the track level on its card moves the player volume and stays through a pause', async ({ page }) => {
  await page.goto('/');
  await soundButton(page, 'Fire').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  await setSliderPercent(page, cardLevel(page, 'Fire'), 40);
  await soundButton(page, 'Fire').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'paused');
  await expect(cardLevel(page, 'Fire')).toHaveAttribute('aria-valuenow', '40');
});

test('noise cards: a tap plays the colour alone, and under a track the corner button adds it with its level', async ({ page }) => {
  await page.goto('/');
  const white = page.getByTestId('noise-grid').getByRole('button', { name: /^White noise\b/ });
  await white.click();
  await expect(white).toHaveAttribute('data-state', 'playing');
  await expect(bar(page)).toBeVisible();
  await white.click();
  await expect(white).toHaveAttribute('data-state', 'stopped');

  await soundButton(page, 'River').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  await page.getByRole('button', { name: 'Add Brown noise under the current sound' }).click();
  await expect(bar(page).getByTestId('player-layers')).toHaveText('+ Brown noise');
  await expect(cardLevel(page, 'Brown noise')).toHaveAttribute('aria-valuenow', '50');
  await openMixPanel(page);
  await expect(layerSlider(page, 'Brown noise')).toHaveAttribute('aria-valuenow', '50');
});

test('the covers of the sounds heard breathe, and only while heard; never for a listener who asks for less motion', async ({ page }) => {
  /** Running animations on a card's cover. */
  const breathing = (name: string) => soundButton(page, name).evaluate((card) => card.querySelector('[data-cover]')?.getAnimations().filter((animation) => animation.playState === 'running').length ?? 0);
  await page.goto('/');
  await soundButton(page, 'Rain').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  await page.getByRole('button', { name: 'Add Desert under the current sound' }).click();
  await expect(bar(page).getByTestId('player-layers')).toHaveText('+ Desert');
  await expect.poll(() => breathing('Rain')).toBe(1);
  await expect.poll(() => breathing('Desert')).toBe(1);
  expect(await breathing('Ocean')).toBe(0);
  // Paused: the track and its layer are still.
  await soundButton(page, 'Rain').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'paused');
  await expect.poll(() => breathing('Rain')).toBe(0);
  expect(await breathing('Desert')).toBe(0);
  // Playing again, with reduced motion asked for: still.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await soundButton(page, 'Rain').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  await expect(soundButton(page, 'Rain')).toHaveAttribute('aria-pressed', 'true');
  expect(await breathing('Rain')).toBe(0);
  expect(await breathing('Desert')).toBe(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(() => breathing('Rain')).toBe(1);
});
