import { test, expect, axeViolations } from './fixtures';

const paths = ['/', '/white-noise', '/pink-noise', '/brown-noise', '/podcasts', '/embed', '/privacy', '/support', '/settings', '/credits', '/changelog', '/missing-page'];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    for (const path of paths) {
      test(`axe-core finds no violations on ${path}`, async ({ page, expectConsoleErrors }) => {
        // An unknown path is answered with the prerendered 404 page and status 404, which Chromium logs.
        if (path === '/missing-page') expectConsoleErrors(/status of 404 .*\/missing-page/);
        await page.goto(path);
        await expect(page.getByTestId('page-title')).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test('the collapsed rail and the mobile drawer have no violations either', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
