import { existsSync } from 'node:fs';

/** The system Chromium the suite drives (Playwright cannot download its own here): $CHROMIUM_PATH, then Debian's. */
export const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));

/** Chrome's real autoplay policy stays on: a spec that turns it off says why (see noAutoplayPolicy). */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** For `test.use(...)` in a spec that must not meet Chrome's autoplay policy, with its reason beside it. */
export const withoutAutoplayPolicy = {
  launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required'] },
};
