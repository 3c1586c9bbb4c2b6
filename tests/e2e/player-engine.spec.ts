/**
 * Issue 14, the player engine's truths in Chromium against the production build:
 * - 8: rapid Next across saved sounds: the last one plays, no media error, no object URL left behind;
 * - 12: a saved copy that fails after a network error says 'Failed to play cached audio' (or the
 *   playlist wording), never "Playing cached version of" while nothing plays;
 * - 13: iOS's gesture rule emulated (below): the first tap on a saved sound after a reload plays,
 *   and a press that plays nothing (it prepares the audio graph, suspended) stays silent;
 * - 15: when the OS pauses the output element, the noise button, the player bar and the lock-screen
 *   state say paused, and playing again when it resumes.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { outputProbeScript, type OutputProbe } from './output-probe';
import { emulateIos, heard } from './ios-rules';
import { pressMediaKeys, recordMediaSessionHandlers } from './media-session';
import { dataUrlOf, mediaUrl, putRecord } from './saved-audio';
import { expectTrackPlaying, recordStatuses, statuses, trackState } from './track-state';
import { withoutAutoplayPolicy } from './chromium';

// Chrome's own autoplay policy is off here: this file emulates iOS's stricter rules itself, and Chrome's
// (which allows play() once the page had any tap) would refuse or allow by rules that are not the ones under test.
test.use(withoutAutoplayPolicy);

const OCEAN = 0;
const FOREST = 1;
const RAIN = 2;
const RIVER = 3;
const FIRE = 5;

/** Saves the real file of each sound as its copy on this device. */
async function saveCopies(page: Page, sounds: [id: number, file: string][]) {
  for (const [soundscapeId, file] of sounds) {
    const dataUrl = await dataUrlOf(page, `/media/${file}`);
    await putRecord(page, { soundscapeId, dataUrl, originalUrl: mediaUrl(file), savedAt: new Date().toISOString() });
  }
}

const soundButton = (page: Page, index: number) => page.locator(`[data-testid="sound-grid"] button[data-sound-index="${index}"]`);
const bar = (page: Page) => page.getByTestId('player-bar');
const statusLine = (page: Page) => page.getByTestId('offline-status-message');


/** Counts the page's live blob: URLs (created and not yet revoked), and revocations of the one the player keeps playing. */
function countObjectUrls() {
  const live = new Set<string>();
  const w = window as unknown as { __objectUrls: { live: Set<string>; revokedWhilePlayed: string[] } };
  w.__objectUrls = { live, revokedWhilePlayed: [] };
  const create = URL.createObjectURL.bind(URL);
  const revoke = URL.revokeObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = create(object);
    live.add(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    const player = document.getElementById('lull-player') as HTMLAudioElement | null;
    // Revoked while the element holds it and still holds it a task later: the track heard lost its file.
    if (player?.src === url) setTimeout(() => player.src === url && w.__objectUrls.revokedWhilePlayed.push(url));
    live.delete(url);
    revoke(url);
  };
}
const objectUrls = (page: Page) =>
  page.evaluate(() => {
    const { live, revokedWhilePlayed } = (window as unknown as { __objectUrls: { live: Set<string>; revokedWhilePlayed: string[] } }).__objectUrls;
    return { live: [...live], revokedWhilePlayed };
  });

/** Init script: `__skipWallClock(ms)` moves Date.now forward, as a night's pause would (timers and the audio clock are untouched). */
function skippableWallClock() {
  const realNow = Date.now.bind(Date);
  let skipped = 0;
  Date.now = () => realNow() + skipped;
  (window as unknown as { __skipWallClock: (ms: number) => void }).__skipWallClock = (ms) => (skipped += ms);
}

/** A tap that should play was heard (see `heard`), and the emulated iOS refused nothing on its way. */
async function expectHeardNothingRefused(page: Page) {
  const now = await heard(page);
  expect(now).toMatchObject({ playerPlaying: true, outputPlaying: true });
  expect(now.rms).toBeGreaterThan(0.003);
  expect(await page.evaluate(() => (window as unknown as { __ios: { refused: string[] } }).__ios.refused)).toEqual([]);
}

/** Opens the home page and holds a press on a sound card (the finger resting before its tap). */
async function pressWithoutRelease(page: Page, index: number) {
  await page.goto('/');
  await expect(soundButton(page, index)).toBeEnabled();
  // The saved list is read after hydration: a press before it knows nothing is saved fetches nothing.
  await page.waitForLoadState('networkidle');
  const card = (await soundButton(page, index).boundingBox())!;
  await page.mouse.move(card.x + card.width / 2, card.y + card.height / 2);
  await page.mouse.down();
}

test.describe("iOS's gesture rule (emulated): play() runs inside the tap on every path", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(emulateIos);
    await page.addInitScript(outputProbeScript(2048));
  });

  test('the first tap on a saved sound after a reload plays: elements playing, context running, output not silent', async ({ page }) => {
    await page.goto('/');
    await expect(soundButton(page, RAIN)).toBeEnabled();
    await saveCopies(page, [[RAIN, 'rain.mp3']]);
    await page.reload();
    await soundButton(page, RAIN).click();
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
    await expectTrackPlaying(page, 'rain.mp3', 'cache');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.taps)).toBeGreaterThan(0);
    const now = await heard(page);
    console.log(`first tap on saved Rain after a reload: output RMS ${now.rms.toFixed(4)} over ${now.samples} samples`);
    expect(now).toMatchObject({ playerPlaying: true, outputPlaying: true });
    expect(now.rms).toBeGreaterThan(0.003);
    const ios = await page.evaluate(() => (window as unknown as { __ios: { refused: string[]; volumeWrites: number[] } }).__ios);
    expect(ios.refused).toEqual([]);
    // Levels never went through element.volume (read-only on iOS).
    expect(ios.volumeWrites.filter((v) => v !== 1)).toEqual([]);
  });

  test('a press that plays nothing (the audio graph is prepared then, suspended) stays silent, and the tap after it plays', async ({ page }) => {
    await page.goto('/');
    await expect(soundButton(page, RAIN)).toBeEnabled();
    // A press and release on the page's title: pointerdown prepares the graph outside any gesture iOS honours.
    const title = await page.getByTestId('page-title').boundingBox();
    await page.mouse.click(title!.x + 2, title!.y + 2);
    await expect(page.locator('#lull-output')).toHaveCount(1);
    expect(await heard(page)).toMatchObject({ playerPlaying: false, outputPlaying: false, rms: 0 });
    await soundButton(page, RAIN).click();
    await expectTrackPlaying(page, 'rain.mp3', 'network');
    await expectHeardNothingRefused(page);
  });

  test('the first tap after a reload plays a streamed sound and a saved playlist item too', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('soundscapePlaylists', JSON.stringify([{ id: 'f', name: 'Forest first', description: '', items: [{ index: 1, duration: 5 }, { index: 0, duration: 5 }] }]));
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await expect(soundButton(page, FOREST)).toBeEnabled();
    await saveCopies(page, [[FOREST, 'forest.mp3']]);
    await page.reload();
    await page.getByTestId('playlists-section').getByRole('button', { name: 'Play playlist Forest first' }).click();
    await expectTrackPlaying(page, 'forest.mp3', 'cache');
    expect((await heard(page)).rms).toBeGreaterThan(0.003);

    await page.reload();
    await soundButton(page, RIVER).click();
    await expectTrackPlaying(page, 'river.mp3', 'network');
    await expectHeardNothingRefused(page);
  });
  test('a press on an unsaved sound starts its stream before the tap, and the tap plays that same load: one download (issue 24)', async ({ page }) => {
    const loads: { range: string; beforeRelease: boolean }[] = [];
    let released = false;
    page.on('request', (request) => {
      if (['media', 'fetch'].includes(request.resourceType()) && new URL(request.url()).pathname === '/media/river.mp3') loads.push({ range: request.headers().range ?? '', beforeRelease: !released });
    });
    await pressWithoutRelease(page, RIVER);
    await expect.poll(() => loads.length, { message: 'the press started the stream' }).toBeGreaterThan(0);
    expect(await heard(page)).toMatchObject({ playerPlaying: false, rms: 0 });
    released = true;
    await page.mouse.up();
    await expectTrackPlaying(page, 'river.mp3', 'network');
    await expectHeardNothingRefused(page);
    // The file's read from its start happened once, at the press (the loop track's one download); the tap did not start another.
    const fromStart = loads.filter((load) => load.range === '' || load.range === 'bytes=0-');
    expect(fromStart).toEqual([{ range: fromStart[0]!.range, beforeRelease: true }]);
  });

  test('a press that becomes a scroll (pointercancel) stops its stream and leaves the player empty', async ({ page }) => {
    const reads: string[] = [];
    const stopped: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/media/river.mp3' && reads.push(request.url()));
    page.on('requestfailed', (request) => new URL(request.url()).pathname === '/media/river.mp3' && stopped.push(request.failure()?.errorText ?? ''));
    // A slow network: the file's bytes have not come when the press is cancelled.
    await page.route('**/media/river.mp3*', () => undefined);
    await pressWithoutRelease(page, RIVER);
    await expect.poll(() => reads.length, { message: 'the press started the stream' }).toBe(1);
    await page.evaluate(() => window.dispatchEvent(new PointerEvent('pointercancel', { pointerId: 1 })));
    await expect.poll(() => stopped, { message: 'the read was aborted' }).toEqual(['net::ERR_ABORTED']);
    expect(await page.evaluate(() => document.querySelector('#lull-player')?.hasAttribute('src'))).toBe(false);
    // Nothing holds the file and nothing sounds (the bar shows no track).
    expect(await trackState(page)).toMatchObject({ src: '', paused: true });
    await page.mouse.move(0, 0);
    await page.mouse.up();
    await soundButton(page, RAIN).click();
    await expectTrackPlaying(page, 'rain.mp3', 'network');
    await expectHeardNothingRefused(page);
  });
});

test.describe("the lock screen's Play after a long pause (iOS's gesture rule emulated)", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(emulateIos);
    await page.addInitScript(outputProbeScript(2048));
    await page.addInitScript(recordMediaSessionHandlers);
    await page.addInitScript(skippableWallClock);
  });

  for (const pausedBy of ['the lock screen', 'the OS (an interruption)'] as const) {
    test(`paused by ${pausedBy} for over 10 minutes, Play from the lock screen is heard through the output element`, async ({ page }) => {
      await page.goto('/');
      await soundButton(page, RAIN).click();
      await expectTrackPlaying(page, 'rain.mp3', 'network');
      await expectHeardNothingRefused(page);
      if (pausedBy === 'the lock screen') await pressMediaKeys(page, ['pause']);
      else await page.evaluate(() => (document.getElementById('lull-output') as HTMLAudioElement).pause());
      await expect(bar(page)).toHaveAttribute('data-status', 'paused');
      // The bus idles (suspends its context) a second after nothing plays; then the night goes by.
      await expect.poll(() => page.evaluate(() => (document.getElementById('lull-output') as HTMLAudioElement).paused)).toBe(true);
      await page.waitForTimeout(1500);
      await page.evaluate(() => (window as unknown as { __skipWallClock: (ms: number) => void }).__skipWallClock(11 * 60 * 1000));
      await pressMediaKeys(page, ['play']);
      await expect(bar(page)).toHaveAttribute('data-status', 'playing');
      await expectTrackPlaying(page, 'rain.mp3', 'network');
      await expectHeardNothingRefused(page);
    });
  }
});

test('rapid Next across saved sounds: the last one plays, no media error, no object URL left behind', async ({ page }) => {
  await page.addInitScript(countObjectUrls);
  // The bar hides Next while a track loads; the lock screen's and the keyboard's media keys do not.
  await page.addInitScript(recordMediaSessionHandlers);
  await recordStatuses(page);
  await page.goto('/');
  await expect(soundButton(page, OCEAN)).toBeEnabled();
  // River is not saved: it streams at once while the reads of the saved ones may still be under way.
  await saveCopies(page, [[OCEAN, 'ocean.mp3'], [FOREST, 'forest.mp3'], [RAIN, 'rain.mp3'], [4, 'wind.mp3']]);
  await page.reload();
  await soundButton(page, OCEAN).click();
  await expectTrackPlaying(page, 'ocean.mp3', 'cache');

  // Ocean → Forest → Rain → River (streamed): media-key Next, 15 ms apart.
  await pressMediaKeys(page, ['nexttrack', 'nexttrack', 'nexttrack'], 15);
  await expectTrackPlaying(page, 'river.mp3', 'network');
  await page.waitForTimeout(1000);
  expect((await objectUrls(page)).live).toEqual([]);
  // River → Wind → Fire → Wind again (Previous), each quickly: Wind, saved, is the last.
  await pressMediaKeys(page, ['nexttrack', 'nexttrack', 'previoustrack'], 15);
  await expectTrackPlaying(page, 'wind.mp3', 'cache');
  await page.waitForTimeout(1000);
  const state = await trackState(page);
  expect(state.error).toBeNull();
  const urls = await objectUrls(page);
  // One blob: URL is left: the saved copy of Wind that plays (a soundscape plays its bytes on the audio clock).
  expect(state.src).toBe('');
  expect(urls.live).toHaveLength(1);
  expect(urls.revokedWhilePlayed).toEqual([]);
  expect((await statuses(page)).filter((text) => !text.startsWith('Playing cached version of: '))).toEqual([]);
  await expect(statusLine(page)).toHaveText('Playing cached version of: Wind');
});

test.describe('a saved copy that fails after a network error (issue 14, point 12)', () => {
  /**
   * Fire's saved copy: a readable record whose bytes are not audio, saved from an earlier render of
   * Fire (another content hash). Online, Lull then tries the stream first whether or not it has read
   * its list of saved sounds yet; with the current URL, a list read after this write (a slow worker
   * start) would send the first play to the copy instead, and the test would race the app's start.
   */
  const corruptFire = (page: Page) =>
    putRecord(page, { soundscapeId: FIRE, dataUrl: `data:audio/mpeg;base64,${Buffer.from('not audio at all '.repeat(64)).toString('base64')}`, originalUrl: '/media/fire.mp3?v=000000000000', savedAt: new Date().toISOString() });

  test('a track: the statuses in SPEC order end with "Failed to play cached audio", and the bar shows paused', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED .*\/media\/fire\.mp3/);
    await recordStatuses(page);
    await page.goto('/');
    await expect(soundButton(page, FIRE)).toBeEnabled();
    await corruptFire(page);
    await page.route('**/media/fire.mp3*', (route) => route.abort('internetdisconnected'));
    await soundButton(page, FIRE).click();
    await expect(statusLine(page)).toHaveText('Failed to play cached audio');
    expect(await statuses(page)).toEqual(['Network error: Attempting to load from cache...', 'Playing cached version of: Fire', 'Failed to play cached audio']);
    await expect(bar(page)).toHaveAttribute('data-status', 'paused');
    expect((await trackState(page)).paused).toBe(true);
  });

  test('a playlist item: "Failed to play cached playlist audio"', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED .*\/media\/fire\.mp3/);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('soundscapePlaylists', JSON.stringify([{ id: 'f', name: 'Fireside', description: '', items: [{ index: 5, duration: 5 }, { index: 0, duration: 5 }] }]));
        sessionStorage.setItem('seeded', '1');
      }
    });
    await recordStatuses(page);
    await page.goto('/');
    await page.clock.install();
    await expect(soundButton(page, FIRE)).toBeEnabled();
    await corruptFire(page);
    await page.route('**/media/fire.mp3*', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('playlists-section').getByRole('button', { name: 'Play playlist Fireside' }).click();
    await expect(statusLine(page)).toHaveText('Failed to play cached playlist audio');
    expect(await statuses(page)).toEqual(['Network error: Attempting to load from cache...', 'Playing cached version of: Fire', 'Failed to play cached playlist audio']);
  });
});

test.describe('the engines follow the output element when the OS pauses it (issue 14, point 15)', () => {
  const output = (page: Page, action: 'pause' | 'play') =>
    page.evaluate(async (what) => {
      const element = document.getElementById('lull-output') as HTMLAudioElement;
      if (what === 'pause') element.pause();
      else await element.play();
    }, action);
  const playbackState = (page: Page) => page.evaluate(() => navigator.mediaSession.playbackState);

  test('a noise on its own: the button and the lock screen show paused, then playing again', async ({ page }) => {
    await page.goto('/white-noise');
    const button = page.getByRole('button', { name: /^(Play|Pause) White Noise$/ });
    await button.click();
    await expect(button).toHaveAttribute('data-status', 'playing');
    await expect.poll(() => playbackState(page)).toBe('playing');
    await output(page, 'pause');
    await expect(button).toHaveText('Play');
    await expect.poll(() => playbackState(page)).toBe('paused');
    await output(page, 'play');
    await expect(button).toHaveAttribute('data-status', 'playing');
    await expect(button).toHaveText('Pause');
    await expect.poll(() => playbackState(page)).toBe('playing');
    expect(await page.evaluate(() => !(document.getElementById('lull-output') as HTMLAudioElement).paused)).toBe(true);
  });

  test('a track: the player bar, the element and the lock screen show paused, then playing again', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, OCEAN).click();
    await expectTrackPlaying(page, 'ocean.mp3', 'network');
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
    await output(page, 'pause');
    await expect(bar(page)).toHaveAttribute('data-status', 'paused');
    await expect.poll(async () => (await trackState(page)).paused).toBe(true);
    await expect.poll(() => playbackState(page)).toBe('paused');
    await output(page, 'play');
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
    await expectTrackPlaying(page, 'ocean.mp3', 'network');
    await expect.poll(() => playbackState(page)).toBe('playing');
  });
});
