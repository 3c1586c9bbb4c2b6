/**
 * The audio session choice in Settings (issue 40). Chromium has no `navigator.audioSession`, so an
 * init script gives it one as iOS 16.4+ does (a type the page sets, 'auto' until it does) and
 * records every type set. Without it, the choice is not offered.
 */
import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

interface SessionWindow {
  __sessionTypes: string[];
}

function emulateAudioSession() {
  const types: string[] = [];
  (window as unknown as SessionWindow).__sessionTypes = types;
  let type = 'auto';
  const session = {
    get type() {
      return type;
    },
    set type(value: string) {
      types.push(value);
      type = value;
    },
  };
  Object.defineProperty(Navigator.prototype, 'audioSession', { get: () => session, configurable: true });
}

const sessionTypes = (page: Page) => page.evaluate(() => (window as unknown as SessionWindow).__sessionTypes);
const sessionType = (page: Page) => page.evaluate(() => (navigator as Navigator & { audioSession: { type: string } }).audioSession.type);

const playback = 'Play with the ringer switch on and other audio paused';
const ambient = "Mix with other apps' audio";

test('where the browser has an audio session, Settings offers the choice, by keyboard, applied at once while playing and kept across a reload', async ({ page }) => {
  await page.addInitScript(emulateAudioSession);
  await page.goto('/brown-noise');
  // The default, set at start before anything plays (the module loads beside hydration).
  await expect.poll(() => sessionTypes(page)).toEqual(['playback']);
  const play = page.getByRole('button', { name: /^(Play|Pause) Brown Noise$/ });
  await play.click();
  await expect(play).toHaveAttribute('data-status', 'playing');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const group = page.getByRole('radiogroup', { name: 'Sound with other apps' });
  await expect(group).toBeVisible();
  await expect(group.getByRole('radio', { name: playback })).toBeChecked();
  await expect(group.getByRole('radio', { name: ambient })).not.toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard: Tab reaches the group's checked radio; an arrow key chooses the other.
  await page.getByRole('heading', { name: 'Sound with other apps' }).click();
  await page.keyboard.press('Tab');
  await expect(group.getByRole('radio', { name: playback })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: ambient })).toBeChecked();
  await expect(group.getByRole('radio', { name: ambient })).toBeFocused();
  // Applied at once, while the noise plays on.
  await expect.poll(() => sessionType(page)).toBe('ambient');
  await expect(page.getByTestId('player-bar').getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('audioSessionType'))).toBe('"ambient"');

  await page.reload();
  await expect(page.getByRole('radio', { name: ambient })).toBeChecked();
  await expect.poll(() => sessionTypes(page)).toEqual(['ambient']);
  await page.getByRole('radio', { name: ambient }).press('ArrowUp');
  await expect(page.getByRole('radio', { name: playback })).toBeChecked();
  await expect.poll(() => sessionType(page)).toBe('playback');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('audioSessionType'))).toBe('"playback"');
});

test('without navigator.audioSession (Chromium, Firefox, desktop Safari) the choice is not shown', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByTestId('listening-stats')).toBeVisible();
  expect(await page.evaluate(() => 'audioSession' in navigator)).toBe(false);
  await expect(page.getByTestId('audio-session-setting')).toHaveCount(0);
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
});
