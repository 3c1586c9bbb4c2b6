// Finds what the cross-engine suite needs: Chromium (the reference), Firefox ESR, WebKitGTK's
// WebKitWebDriver and MiniBrowser, Xvfb, PulseAudio with parec, GStreamer's media plugins and a
// colour emoji font. As root, installs whatever is missing with apt; otherwise names the packages.
// Never skips silently: a missing engine fails `npm test` with what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const MINI_BROWSERS = [
  process.env.MINIBROWSER_PATH,
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser',
].filter(Boolean);

/** Where dpkg says the driver's packages put MiniBrowser (another architecture or API version). */
function miniBrowserFromDpkg() {
  for (const pkg of ['webkit2gtk-driver', 'libwebkit2gtk-4.1-0', 'libwebkitgtk-6.0-4']) {
    try {
      const found = execSync(`dpkg -L ${pkg} 2>/dev/null | grep '/MiniBrowser$' || true`, { encoding: 'utf8' }).trim().split('\n')[0];
      if (found && existsSync(found)) return found;
    } catch {
      // Not installed.
    }
  }
  return undefined;
}

const findMiniBrowser = () => MINI_BROWSERS.find((path) => existsSync(path)) ?? miniBrowserFromDpkg();
const dpkgInstalled = (pkg) => {
  try {
    return execSync(`dpkg-query -W -f='\${Status}' ${pkg} 2>/dev/null`, { encoding: 'utf8' }).includes('install ok installed');
  } catch {
    return false;
  }
};

/** Package → how to tell it is there (a file, else dpkg's record). */
const needs = [
  ['chromium', () => existsSync('/usr/bin/chromium')],
  ['firefox-esr', () => existsSync('/usr/bin/firefox-esr')],
  ['webkit2gtk-driver', () => existsSync('/usr/bin/WebKitWebDriver') && !!findMiniBrowser()],
  ['xvfb', () => existsSync('/usr/bin/xvfb-run')],
  ['pulseaudio', () => existsSync('/usr/bin/pulseaudio')],
  ['pulseaudio-utils', () => existsSync('/usr/bin/parec') && existsSync('/usr/bin/pactl')],
  ['gstreamer1.0-plugins-base', () => dpkgInstalled('gstreamer1.0-plugins-base')],
  ['gstreamer1.0-plugins-good', () => dpkgInstalled('gstreamer1.0-plugins-good')],
  ['gstreamer1.0-plugins-bad', () => dpkgInstalled('gstreamer1.0-plugins-bad')],
  ['gstreamer1.0-plugins-ugly', () => dpkgInstalled('gstreamer1.0-plugins-ugly')],
  ['gstreamer1.0-libav', () => dpkgInstalled('gstreamer1.0-libav')],
  ['gstreamer1.0-pulseaudio', () => dpkgInstalled('gstreamer1.0-pulseaudio')],
  ['fonts-noto-color-emoji', () => dpkgInstalled('fonts-noto-color-emoji')],
];

const missing = () => needs.filter(([, present]) => !present()).map(([pkg]) => pkg);

let absent = missing();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (absent.length && isRoot) {
  console.log(`engines: installing ${absent.join(' ')} with apt (a few minutes)...`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${absent.join(' ')}`, { stdio: 'inherit' });
  } catch {
    // Reported below.
  }
  absent = missing();
}
if (absent.length) {
  console.error(`engines: the cross-engine suite needs ${absent.join(', ')}. Install them (Debian/Ubuntu: \`sudo apt-get install ${absent.join(' ')}\`), or set MINIBROWSER_PATH to WebKitGTK's MiniBrowser.`);
  process.exit(1);
}
console.log(`engines: Chromium /usr/bin/chromium, Firefox /usr/bin/firefox-esr, WebKit ${findMiniBrowser()} (WebKitWebDriver, Xvfb), PulseAudio + parec`);
