import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures';

// Byte budget for the first load on a low-end phone: the JavaScript the home route fetches.
const HOME_JS_GZIP_BUDGET = 240 * 1024;

test('the home route stays within its JavaScript byte budget', async ({ page }) => {
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.set(response.url(), await response.body());
    }
  });
  await page.goto('/');
  await expect(page.getByTestId('page-title')).toHaveText('Home');
  await page.waitForLoadState('networkidle');
  const raw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0);
  const gzip = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  console.log(`home route JS: ${scripts.size} files, ${raw} bytes raw, ${gzip} bytes gzip`);
  expect(gzip).toBeLessThan(HOME_JS_GZIP_BUDGET);
});
