import { statSync } from 'node:fs';
import { test, expect } from './fixtures';
import { SCHEMES, writeReadmeShots } from './readme-shots';

/**
 * Writes the README's screenshots on every e2e run (issue 39), so the README shows the build that
 * was tested: home, a phone, a mix with its levels on the cards, the mix panel and a mix link,
 * light and dark. A screenshot that cannot be taken (a control gone, nothing playing) fails here.
 */
for (const scheme of SCHEMES) {
  test(`the README's screenshots, ${scheme}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const started = Date.now();
    const written = await writeReadmeShots(browser, `${baseURL}/`, scheme);
    expect(written).toHaveLength(5);
    for (const path of written) expect(statSync(path).mtimeMs).toBeGreaterThanOrEqual(started - 1000);
  });
}
