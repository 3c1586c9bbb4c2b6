import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures';

// Byte budget for the first load on a low-end phone (issue 12): the JavaScript the home route fetches.
const HOME_JS_GZIP_BUDGET = 100 * 1024;

test('the home route stays within its JavaScript byte budget', async ({ page }) => {
  // The goal is not met yet: this test is expected to fail, and starts failing (as an unexpected
  // pass) the day the home route fits, so the budget cannot be forgotten at today's figure.
  test.fail(true, '211 KB gzip (35 files, measured by this test on 2026-11-23, after the router moved to declarative mode; 228 KB before): issue 12 goal not met yet');
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
