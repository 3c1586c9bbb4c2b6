// Finds Chromium for the end-to-end suite: $CHROMIUM_PATH, then Debian's /usr/bin/chromium.
// When missing and running as root, installs it with apt; otherwise says what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((path) => existsSync(path));
if (found) {
  console.log(`e2e: using Chromium at ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot) {
  console.log('e2e: Chromium not found; installing Debian\'s chromium with apt (about a minute)...');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core fonts-noto-color-emoji', { stdio: 'inherit' });
  } catch {
    // Reported below.
  }
  if (existsSync('/usr/bin/chromium')) process.exit(0);
}
console.error('e2e: Chromium is required. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium binary.');
process.exit(1);
