// Finds Chromium for the end-to-end suite ($CHROMIUM_PATH, then Debian's /usr/bin/chromium) and
// checks its version: the offline tests need Chromium >= 156 (on Debian's older 150, what
// `apt-get install chromium` gives without `apt-get update`, `context.setOffline(true)` is not seen
// by navigator.onLine after a reload and five tests fail). Missing or too old: as root, `apt-get
// update` then install or upgrade it; otherwise say exactly what to install.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const MIN_CHROMIUM_MAJOR = 156;

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const find = () => candidates.find((path) => existsSync(path));

/** The major version `chromium --version` prints ("Chromium 156.0.8078.108 built on Debian ..."), or 0. */
function majorVersion(path) {
  try {
    const text = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
    return Number(/(\d+)\.\d+\.\d+/.exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const ok = (path) => {
  const major = majorVersion(path);
  if (major >= MIN_CHROMIUM_MAJOR) {
    console.log(`e2e: using Chromium ${major} at ${path}`);
    return true;
  }
  console.warn(`e2e: Chromium at ${path} is version ${major || 'unknown'}; the suite needs ${MIN_CHROMIUM_MAJOR} or newer.`);
  return false;
};

let found = find();
if (found && ok(found)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && !process.env.CHROMIUM_PATH) {
  console.log(`e2e: ${found ? 'upgrading' : 'installing'} Debian's chromium with apt (apt-get update first, so the newest is installed; about a minute)...`);
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core fonts-noto-color-emoji', { stdio: 'inherit' });
  } catch {
    // Reported below.
  }
  found = find();
  if (found && ok(found)) process.exit(0);
}
console.error(
  `e2e: Chromium ${MIN_CHROMIUM_MAJOR} or newer is required. Debian/Ubuntu: \`sudo apt-get update && sudo apt-get install chromium\` ` +
    `(without the update apt may install an older 150, on which five offline tests fail), or set CHROMIUM_PATH to a Chromium ${MIN_CHROMIUM_MAJOR}+ binary.`,
);
process.exit(1);
