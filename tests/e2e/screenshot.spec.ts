import { test, expect } from './fixtures';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('./screenshots/home.png', import.meta.url));

// The README's screenshot of the home page comes from this test.
test('home page screenshot for the README', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: target });
});
