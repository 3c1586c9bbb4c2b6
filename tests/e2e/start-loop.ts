/** Starts a soundscape as a listener does, streamed or from its saved copy, on the app's host or the reversed one (loop-seam and segment-walk specs). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { isFileSaved } from './saved-audio';
import { expectTrackPlaying } from './track-state';

export const reversedHome = () => `http://reversed.localhost:${process.env.E2E_PORT}/`;
const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });

export async function startLoop(page: Page, name: string, source: 'streamed' | 'cached', host: 'app' | 'reversed' = 'app') {
  const file = host === 'reversed' ? `${name.toLowerCase()}-reversed.mp3` : `${name.toLowerCase()}.mp3`;
  await page.goto(host === 'reversed' ? reversedHome() : '/');
  await soundButton(page, name).click();
  if (source === 'cached') {
    await expect.poll(() => isFileSaved(page, file), { timeout: 30_000 }).toBe(true);
    await page.reload();
    await soundButton(page, name).click();
  }
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'playing');
  await expectTrackPlaying(page, file, source === 'cached' ? 'cache' : 'network');
}

