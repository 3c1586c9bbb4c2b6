import { test, expect } from './fixtures';
import { fileURLToPath } from 'node:url';

const readmeShot = fileURLToPath(new URL('./screenshots/home.png', import.meta.url));
const manifestShot = (name: string) => fileURLToPath(new URL(`../../public/screenshots/${name}.png`, import.meta.url));

// The README's screenshot of the home page comes from this test.
test('home page screenshot for the README', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: readmeShot });
});

// The web app manifest's install-dialog screenshots (sizes as in vite.config.ts). They ship in
// public/, so they are rewritten only on request: UPDATE_MANIFEST_SCREENSHOTS=1, then rebuild.
for (const { name, width, height } of [
  { name: 'home-narrow', width: 540, height: 960 },
  { name: 'home-wide', width: 1280, height: 800 },
]) {
  test(`manifest screenshot ${name} (${width}x${height})`, async ({ page }) => {
    test.skip(!process.env.UPDATE_MANIFEST_SCREENSHOTS, 'set UPDATE_MANIFEST_SCREENSHOTS=1 to rewrite public/screenshots');
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByTestId('page-title')).toHaveText('Home');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: manifestShot(name) });
  });
}
