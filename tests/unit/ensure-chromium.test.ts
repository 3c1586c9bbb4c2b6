// @vitest-environment node
/** `npm test`'s browser check (tests/e2e/ensure-chromium.mjs) against fake browsers that print a version. */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'lull-chromium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeChromium(version: string): string {
  const path = join(dir, `chromium-${version}`);
  writeFileSync(path, `#!/bin/sh\necho "Chromium ${version} built on Debian GNU/Linux 12 (bookworm)"\n`);
  chmodSync(path, 0o755);
  return path;
}

// CHROMIUM_PATH is the user's choice: the check never runs apt for it, so these runs install nothing.
const check = (path: string) => spawnSync(process.execPath, ['tests/e2e/ensure-chromium.mjs'], { env: { ...process.env, CHROMIUM_PATH: path }, encoding: 'utf8' });

describe('ensure-chromium', () => {
  it("refuses Debian's older Chromium 150 and says what to install", () => {
    const result = check(fakeChromium('150.0.7871.100'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Chromium 156 or newer is required');
    expect(result.stderr).toContain('apt-get update');
  });

  it('accepts Chromium 156', () => {
    const result = check(fakeChromium('156.0.8078.108'));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('using Chromium 156');
  });
});
