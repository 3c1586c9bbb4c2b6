import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { focusHiddenUnderBars, lookProblems, type LookProblem } from './look-check';

/**
 * Issue 39, the home page's look as a test: at every width from a small phone to a wide screen,
 * in both colour schemes and at 200 % text, no text overflows its box and no two controls
 * collide, idle and with a mix playing (a track, a soundscape layer and a noise layer on the cards).
 */
const WIDTHS = [320, 390, 768, 1280, 1920];

const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });

/** Every width, light and dark, 100 % and 200 % text: the problems found, each named with its width and case. */
async function problemsEverywhere(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const text of ['100%', '200%']) {
        // 200 % text as a browser's text size sets it: the root font size, which every rem follows.
        await page.evaluate((size) => (document.documentElement.style.fontSize = size), text);
        // Let the layout (and the lazy covers it reveals) settle for a frame.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const problems: LookProblem[] = await lookProblems(page);
        found.push(...problems.map((problem) => `${colorScheme}, text ${text}: ${problem.kind}: ${problem.what}`));
      }
    }
  }
  await page.evaluate(() => (document.documentElement.style.fontSize = ''));
  return found;
}

test('home, idle: no text overflows and no controls collide at 320–1920 px, light and dark, 100 % and 200 % text', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await page.waitForLoadState('networkidle');
  expect(await problemsEverywhere(page)).toEqual([]);
});

test('home with a mix playing: the levels on the cards fit, nothing collides, the player bar covers no control at the end of the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await soundButton(page, 'Rain').click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'playing');
  await page.getByRole('button', { name: 'Add Desert under the current sound' }).click();
  await page.getByRole('button', { name: 'Add Underwater under the current sound' }).click();
  await expect(page.getByTestId('player-layers')).toHaveText('+ Desert + Underwater');
  expect(await problemsEverywhere(page)).toEqual([]);
  // A noise under it as well, from its own card.
  await page.getByRole('button', { name: 'Add Pink noise under the current sound' }).click();
  await expect(page.getByTestId('player-layers')).toHaveText('+ Desert + Underwater + Pink noise');
  expect(await problemsEverywhere(page)).toEqual([]);
});

test('phones first: at 360 × 740 with a shared mix card open, the first row of sound cards is above the fold; the disclaimer is on the page, below them', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/?mix=2&sound=chill&layers=rain:40,brown:25&volume=80');
  await expect(page.getByTestId('shared-mix')).toBeVisible();
  const firstRow = page.getByTestId('sound-grid').getByRole('button').first();
  const box = await firstRow.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(740);
  await expect(page.getByTestId('disclaimer')).toHaveCount(1);
  const disclaimer = await page.getByTestId('disclaimer').boundingBox();
  expect(disclaimer && box && disclaimer.y).toBeGreaterThan(box?.y ?? 0);
});

test('with a mix playing, every control reached by Tab, forward and back, shows whole: none under the player bar or the header, at 360 × 740 and 1280 × 800', async ({ page }) => {
  await page.goto('/');
  await soundButton(page, 'Rain').click();
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'playing');
  // A layer too, so its card's level slider and remove button are among the controls.
  await page.getByRole('button', { name: 'Add Desert under the current sound' }).click();
  await expect(page.getByTestId('player-layers')).toHaveText('+ Desert');
  const found: string[] = [];
  for (const [width, height] of [[360, 740], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    found.push(...(await focusHiddenUnderBars(page)).map((problem) => `${problem.kind}: ${problem.what}`));
  }
  expect(found).toEqual([]);
});
