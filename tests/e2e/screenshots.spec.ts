import { test } from './fixtures';
import { readmeViewport, writeHomeScreenshot, writeMixScreenshots } from './write-screenshots';

// The README's screenshots, written by every e2e run so they always show the build under test.
test.use({ viewport: readmeViewport, colorScheme: 'dark' });

test('writes the README screenshot of the home page', async ({ page }) => {
  await writeHomeScreenshot(page);
});

test('writes the README screenshots of a shared mix and its mix panel', async ({ page }) => {
  await writeMixScreenshots(page);
});
