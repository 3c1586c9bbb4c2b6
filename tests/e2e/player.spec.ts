import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { audioCensusScript } from './audio-census';
import { expectTrackPlaying, trackState } from './track-state';
import { catalogueEntries } from '../../src/catalogue/entries';

// The catalogue as data (the app module reads Vite's import.meta.env, which Node lacks).
const soundscapes = catalogueEntries.map((entry) => ({ ...entry, kind: entry.type ?? (entry.index >= 13 ? 'lofi' : 'ambient') }));
const byName = (list: readonly { name: string }[]) => list.map((sound) => sound.name).sort((a, b) => a.localeCompare(b, 'en'));

/** The one shared <audio> element, as the user hears it. */
const grid = (page: Page) => page.getByTestId('sound-grid');
const soundButton = (page: Page, name: string) => grid(page).getByRole('button', { name: new RegExp(`^${name}\\b`) });
const bar = (page: Page) => page.getByTestId('player-bar');

/** Waits until the element is really playing: not paused and its clock moving. */
async function expectPlaying(page: Page, file: string) {
  await expectTrackPlaying(page, file);
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
}

async function expectPaused(page: Page) {
  await expect.poll(async () => (await trackState(page)).paused).toBe(true);
  await expect(bar(page)).toHaveAttribute('data-status', 'paused');
  const at = (await trackState(page)).currentTime;
  await page.waitForTimeout(300);
  expect((await trackState(page)).currentTime).toBe(at);
}

type Stored = Record<string, { totalMinutes: number; sessionCount: number; [field: string]: unknown }>;
const storedStats = (page: Page): Promise<Stored> => page.evaluate(() => JSON.parse(localStorage.getItem('listeningPreferences') ?? '{}') as Stored);

test.describe('home page and player', () => {
  test('lists every sound alphabetically with its emoji; the bar is hidden until a sound plays', async ({ page }) => {
    await page.goto('/');
    const buttons = grid(page).getByRole('button');
    await expect(buttons).toHaveCount(24);
    const expected = byName(soundscapes);
    const names = await buttons.evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
    expect(names.map((text) => text.replace(/^[^A-Za-z]+/, ''))).toEqual(expected);
    await expect(soundButton(page, 'Ocean')).toContainText('🌊');
    await expect(bar(page)).toHaveCount(0);
    await expect(page.getByTestId('soundscapes-heading')).toHaveText('Soundscapes');
    // The one audio element exists outside the React root from the start.
    expect(await page.evaluate(() => document.querySelectorAll('audio').length)).toBe(1);
    expect(await page.evaluate(() => document.getElementById('root')?.contains(document.getElementById('lull-player')))).toBe(false);
  });

  test('tap plays, tap again pauses, another sound switches the source; the state is on the button', async ({ page }) => {
    await page.goto('/');
    await page.waitForSelector('#lull-player', { state: 'attached' });
    // Click-to-playing, measured inside the page for a streamed (uncached) track.
    await page.evaluate(() => {
      const w = window as unknown as Record<string, number | undefined>;
      document.addEventListener('click', () => { w.clickAt ??= performance.now(); }, { capture: true });
      const audio = document.getElementById('lull-player');
      for (const type of ['loadstart', 'canplay', 'playing']) audio?.addEventListener(type, () => { w[`${type}At`] ??= performance.now(); });
    });
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    const times = await page.evaluate(() => {
      const w = window as unknown as Record<string, number>;
      return { loadstart: w.loadstartAt! - w.clickAt!, canplay: w.canplayAt! - w.clickAt!, playing: w.playingAt! - w.clickAt! };
    });
    console.log(`click-to-playing (streamed ocean.mp3): ${times.playing.toFixed(1)} ms (loadstart ${times.loadstart.toFixed(1)} ms, canplay ${times.canplay.toFixed(1)} ms)`);
    await expect(soundButton(page, 'Ocean')).toHaveAttribute('aria-pressed', 'true');
    await expect(soundButton(page, 'Ocean')).toContainText('Playing');
    await expect(bar(page).getByTestId('player-title')).toHaveText(/Ocean/);
    expect((await trackState(page)).loop).toBe(true);

    await soundButton(page, 'Ocean').click();
    await expectPaused(page);
    await expect(soundButton(page, 'Ocean')).toHaveAttribute('aria-pressed', 'false');
    await expect(soundButton(page, 'Ocean')).toContainText('Paused');

    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');

    await soundButton(page, 'River').click();
    await expectPlaying(page, 'river.mp3');
    await expect(soundButton(page, 'Ocean')).toHaveAttribute('aria-pressed', 'false');
    await expect(soundButton(page, 'Ocean')).not.toContainText('Paused');
    await expect(soundButton(page, 'River')).toHaveAttribute('aria-pressed', 'true');
    const river = await trackState(page);
    // Levels are Web Audio gains (issue 13), never element.volume: measured in mix.spec.ts.
    expect(river.volume).toBe(1);
    expect(river.count).toBe(1);

    // The bar's own play/pause button.
    await bar(page).getByRole('button', { name: 'Pause' }).click();
    await expectPaused(page);
    await bar(page).getByRole('button', { name: 'Play' }).click();
    await expectPlaying(page, 'river.mp3');
  });

  test('loops only for non-lofi sounds; the element stays at volume 1 (the catalogue volume is a gain, measured in mix.spec.ts)', async ({ page }) => {
    await page.goto('/');
    const checks: [name: string, volume: number, loop: boolean][] = [
      ['Crickets', 0.2, true],
      ['Arctic', 0.6, true],
      ['Fire', 1, true],
      ['Chill', 1, false],
      ['Morning', 1, false],
    ];
    for (const [name, volume, loop] of checks) {
      await soundButton(page, name).click();
      const file = soundscapes.find((sound) => sound.name === name)!.url.replace(/^media\//, '');
      await expectPlaying(page, file);
      const state = await trackState(page);
      expect(state.volume, `${name} (catalogue volume ${volume})`).toBe(1);
      expect(state.loop, name).toBe(loop);
    }
  });

  test('navigating between pages keeps the track playing on the same element', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, 'Rain').click();
    await expectPlaying(page, 'rain.mp3');
    await page.evaluate(() => ((window as unknown as { audioMark: unknown }).audioMark = document.getElementById('lull-player')));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credits', exact: true }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Credits');
    await expectPlaying(page, 'rain.mp3');
    expect(await page.evaluate(() => (window as unknown as { audioMark: unknown }).audioMark === document.getElementById('lull-player'))).toBe(true);
  });

  test('while loading the bar shows a spinner with the title; a load error clears loading with no message', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/Failed to load resource: net::ERR_FAILED .*\/media\/wind\.mp3/);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/forest.mp3*', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/media/wind.mp3*', (route) => route.abort('failed'));
    await page.goto('/');
    await soundButton(page, 'Forest').click();
    await expect(bar(page)).toHaveAttribute('data-status', 'loading');
    await expect(bar(page).getByRole('status')).toContainText('Forest');
    await expect(bar(page).getByTestId('player-spinner')).toBeVisible();
    await expect(soundButton(page, 'Forest')).toContainText('Loading');
    release();
    await expectPlaying(page, 'forest.mp3');

    await soundButton(page, 'Wind').click();
    await expect(bar(page)).toHaveAttribute('data-status', 'paused');
    await expect(bar(page).getByRole('button', { name: 'Play' })).toBeVisible();
    expect((await trackState(page)).paused).toBe(true);
  });

  test('an ended lofi track starts another lofi track from the shuffled queue', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, 'Chill').click();
    await expectPlaying(page, 'chill.mp3');
    const lofiFiles = soundscapes.filter((sound) => sound.kind === 'lofi').map((sound) => sound.url.replace(/^media\//, ''));
    for (let round = 0; round < 2; round++) {
      const before = (await trackState(page)).file;
      await page.evaluate(() => {
        const audio = document.getElementById('lull-player') as HTMLAudioElement;
        audio.currentTime = Math.max(0, audio.duration - 0.4);
      });
      await expect.poll(async () => (await trackState(page)).file, { timeout: 15_000 }).not.toBe(before);
      const after = (await trackState(page)).file;
      expect(lofiFiles).toContain(after);
      await expectPlaying(page, after);
      expect((await trackState(page)).loop).toBe(false);
    }
  });

  test('previous and next wrap through the catalogue, and among lofi tracks only on a lofi track', async ({ page }) => {
    await page.goto('/');
    const previous = () => bar(page).getByRole('button', { name: 'Previous' }).click();
    const next = () => bar(page).getByRole('button', { name: 'Next' }).click();
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    await next();
    await expectPlaying(page, 'forest.mp3');
    await previous();
    await expectPlaying(page, 'ocean.mp3');
    // Ocean is index 0: previous wraps to the end of the catalogue (Morning, a lofi track).
    await previous();
    await expectPlaying(page, 'morning.mp3');
    // On a lofi track next stays among lofi tracks: from the last it wraps to the first lofi.
    await next();
    await expectPlaying(page, 'groovy.mp3');
    await previous();
    await expectPlaying(page, 'morning.mp3');
    await previous();
    await expectPlaying(page, 'uplifting.mp3');
  });

  test('Space toggles play and pause when focus is not on a control', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    await page.getByTestId('soundscapes-heading').click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(' ');
    await expectPaused(page);
    await page.keyboard.press(' ');
    await expectPlaying(page, 'ocean.mp3');
    // On a focused button Space presses that button (here: River), not the shortcut.
    await soundButton(page, 'River').focus();
    await page.keyboard.press(' ');
    await expectPlaying(page, 'river.mp3');
  });

  test('after Next and Previous, a click on the page then Space pauses and resumes the same song (focus stays on the page)', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, 'Chill').click();
    await expectPlaying(page, 'chill.mp3');
    // Next and Previous from the keyboard (a click does not focus a button in WebKit; a key press does everywhere).
    await bar(page).getByRole('button', { name: 'Next', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectPlaying(page, 'retro.mp3');
    await bar(page).getByRole('button', { name: 'Previous', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectPlaying(page, 'chill.mp3');
    // A click on the page's header (not focusable): focus leaves the bar for the page, as the listener meant.
    await page.getByTestId('page-title').click();
    await page.keyboard.press(' ');
    await expectPaused(page);
    expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest('[data-testid="player-bar"]') === null)).toBe(true);
    await page.keyboard.press(' ');
    await expectPlaying(page, 'chill.mp3');
  });
});

test.describe('media session', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const handlers: Record<string, MediaSessionActionHandler | null> = {};
      (window as unknown as { mediaHandlers: typeof handlers }).mediaHandlers = handlers;
      const original = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        handlers[action] = handler;
        original(action, handler);
      };
    });
  });

  const callHandler = (page: Page, action: string) =>
    page.evaluate((name) => {
      const handler = (window as unknown as { mediaHandlers: Record<string, ((details: { action: string }) => void) | null> }).mediaHandlers[name];
      if (!handler) throw new Error(`no ${name} handler`);
      handler({ action: name });
    }, action);

  const session = (page: Page) =>
    page.evaluate(() => {
      const { metadata, playbackState } = navigator.mediaSession;
      return { title: metadata?.title, artist: metadata?.artist, artwork: metadata?.artwork.map((art) => ({ src: art.src, sizes: art.sizes, type: art.type })), playbackState };
    });

  test('metadata, playback state and the play, pause, next and previous handlers behave like the bar', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    const playing = await session(page);
    expect(playing).toMatchObject({ title: 'Ocean', artist: 'Lull', playbackState: 'playing' });
    expect(playing.artwork).toHaveLength(1);
    expect(playing.artwork?.[0]).toMatchObject({ sizes: '512x512', type: 'image/png' });
    expect(new URL(playing.artwork?.[0]?.src ?? '').pathname).toBe('/media/ocean.png');
    const cover = await page.request.get(playing.artwork?.[0]?.src ?? '');
    expect(cover.headers()['content-type']).toBe('image/png');

    await callHandler(page, 'pause');
    await expectPaused(page);
    expect((await session(page)).playbackState).toBe('paused');
    await callHandler(page, 'play');
    await expectPlaying(page, 'ocean.mp3');
    expect((await session(page)).playbackState).toBe('playing');

    await callHandler(page, 'nexttrack');
    await expectPlaying(page, 'forest.mp3');
    expect((await session(page)).title).toBe('Forest');
    await callHandler(page, 'previoustrack');
    await expectPlaying(page, 'ocean.mp3');
    await callHandler(page, 'previoustrack');
    await expectPlaying(page, 'morning.mp3');
    await callHandler(page, 'nexttrack');
    await expectPlaying(page, 'groovy.mp3');
    expect(await session(page)).toMatchObject({ title: 'Groovy', artist: 'Lull', playbackState: 'playing' });
  });
});

test.describe('listening stats', () => {
  test('time and sessions are stored, counted once, announced and shown on /settings', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.evaluate(() => {
      const w = window as unknown as { updates: unknown[] };
      w.updates = [];
      window.addEventListener('listening-preferences-update', (event) => w.updates.push((event as CustomEvent).detail));
    });
    // The installed clock also runs on in real time, and a sound that plays for those real seconds is listened to:
    // the upper bounds below allow the real minutes that passed since the first tap (a few seconds), no more.
    const firstTap = Date.now();
    const realMinutes = () => Math.ceil(((Date.now() - firstTap) / 60_000) * 100) / 100;
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    // One minute of ticks, then a pause: the pause adds only what the ticks have not.
    await page.clock.runFor(60_000);
    await soundButton(page, 'Ocean').click();
    await expectPaused(page);
    // Stats are written at most every 5 s (issue 14): the next write carries the minute.
    await page.clock.runFor(5_000);
    const afterMinute = await storedStats(page);
    expect(afterMinute.ocean?.sessionCount).toBe(1);
    expect(afterMinute.ocean?.totalMinutes).toBeGreaterThanOrEqual(1);
    expect(afterMinute.ocean?.totalMinutes).toBeLessThanOrEqual(1 + realMinutes() + 0.01);

    // Paused time does not count.
    await page.clock.runFor(120_000);
    expect((await storedStats(page)).ocean?.totalMinutes).toBe(afterMinute.ocean?.totalMinutes);

    // Resuming the same sound is the same session; a different sound is a new one.
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    await page.clock.runFor(30_000);
    await soundButton(page, 'River').click();
    await expectPlaying(page, 'river.mp3');
    await page.clock.runFor(6_000);
    await soundButton(page, 'River').click();
    await expectPaused(page);
    await page.clock.runFor(5_000);
    const stats = await storedStats(page);
    expect(stats.ocean?.sessionCount).toBe(1);
    expect(stats.ocean?.totalMinutes).toBeGreaterThanOrEqual(1.5);
    expect(stats.ocean?.totalMinutes).toBeLessThanOrEqual(1.5 + realMinutes() + 0.01);
    expect(stats.river?.sessionCount).toBe(1);
    expect(stats.river?.totalMinutes).toBeGreaterThanOrEqual(0.1);
    expect(stats.river?.totalMinutes).toBeLessThanOrEqual(0.1 + realMinutes() + 0.01);
    for (const entry of Object.values(stats)) expect(Math.round(entry.totalMinutes * 100) / 100).toBe(entry.totalMinutes);

    const lastUpdate = await page.evaluate(() => {
      const w = window as unknown as { updates: unknown[] };
      return w.updates.at(-1);
    });
    expect(lastUpdate).toEqual(stats);

    // The global lets other parts add a session.
    await page.evaluate(() => (window as unknown as { incrementSessionCount: (key: string) => void }).incrementSessionCount('ocean'));
    await page.clock.runFor(5_000);
    await expect.poll(async () => (await storedStats(page)).ocean?.sessionCount).toBe(2);

    await page.goto('/settings');
    const table = page.getByTestId('listening-stats');
    await expect(table.locator('[data-stats-key="ocean"] [data-testid="stats-sessions"]')).toHaveText('2');
    await expect(table.locator('[data-stats-key="river"] [data-testid="stats-sessions"]')).toHaveText('1');
    await expect(table.locator('[data-stats-key="ocean"]')).toContainText('Ocean');
  });

  test('SPEC 3: older lists of sessions are converted to sessionCount on load and the stored entry is rewritten', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('listeningPreferences', JSON.stringify({ ocean: { totalMinutes: 2, sessions: [1, 2, 3] }, rain: { totalMinutes: 1, listeningSessions: [{}, {}] } }));
    });
    await page.goto('/');
    // Nothing played: the load alone converts it.
    await expect.poll(() => storedStats(page)).toEqual({ ocean: { totalMinutes: 2, sessionCount: 3 }, rain: { totalMinutes: 1, sessionCount: 2 } });
  });

  test('SPEC 4: the OS pausing the player (the output element, or the track element of a song) stops the minute tick: the stored total is final at once', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // A soundscape plays with no element of its own (issue 22): the OS pauses the output element; a song's own element can be paused too.
    for (const [id, name, key] of [['lull-output', 'Ocean', 'ocean'], ['lull-player', 'Chill', 'chill']] as const) {
      // The installed clock also flows with real time (a loaded machine takes a second or more to start a sound):
      // the page's own clock says how long the sound could have been heard in all.
      const before = await page.evaluate(() => Date.now());
      await soundButton(page, name).click();
      await expectPlaying(page, `${key}.mp3`);
      await page.clock.runFor(7_000);
      // As the lock screen or an interruption would: the element is paused from outside the app.
      const pausedAt = await page.evaluate((elementId) => {
        (document.getElementById(elementId) as HTMLAudioElement).pause();
        return Date.now();
      }, id);
      await expectPaused(page);
      const atPause = (await storedStats(page))[key]?.totalMinutes ?? 0;
      await page.clock.runFor(20_000);
      expect((await storedStats(page))[key]?.totalMinutes, `after ${id} paused`).toBe(atPause);
      // The 7 s stretch was counted, and nothing after the pause: no more than the page's clock ran from the tap to
      // the pause (stored to 2 decimals).
      expect(atPause).toBeGreaterThanOrEqual(0.11);
      expect(atPause).toBeLessThanOrEqual((pausedAt - before) / 60_000 + 0.005);
    }
  });

  test('SPEC 4: the global window.incrementSessionCount adds 1 to a track\'s sessionCount, stored at once', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('listeningPreferences', JSON.stringify({ ocean: { totalMinutes: 2, sessionCount: 1 } }));
    });
    await page.goto('/');
    const seen = await page.evaluate(() => {
      (window as unknown as { incrementSessionCount: (key: string) => void }).incrementSessionCount('ocean');
      return JSON.parse(localStorage.getItem('listeningPreferences') ?? '{}') as Stored;
    });
    expect(seen.ocean).toEqual({ totalMinutes: 2, sessionCount: 2 });
    await page.goto('/settings');
    await expect(page.getByTestId('listening-stats').locator('[data-stats-key="ocean"] [data-testid="stats-sessions"]')).toHaveText('2');
  });

  test('older stored data with a list of sessions is converted and keeps its other fields', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('listeningPreferences', JSON.stringify({ rain: { totalMinutes: 3.456, sessions: [{ at: 1 }, { at: 2 }, { at: 3 }], favourite: true } }));
    });
    await page.goto('/');
    await soundButton(page, 'Rain').click();
    await expectPlaying(page, 'rain.mp3');
    await soundButton(page, 'Rain').click();
    await expectPaused(page);
    // Written within 5 s (issue 14: at most every few seconds).
    await expect.poll(async () => (await storedStats(page)).rain?.sessionCount, { timeout: 10_000 }).toBe(4);
    const rain = (await storedStats(page)).rain;
    expect(rain?.sessionCount).toBe(4);
    expect(rain?.favourite).toBe(true);
    expect(rain?.totalMinutes).toBeGreaterThanOrEqual(3.46);
    expect(rain?.totalMinutes).toBeLessThan(3.6);
  });
});

test.describe('reversed host', () => {
  const reversedUrl = () => `http://reversed.localhost:${process.env.E2E_PORT}/`;
  const reversedNames = soundscapes.filter((sound) => sound.reversedURL).map((sound) => sound.name);

  test('lists only reversed sounds, says so, and every way of starting a sound plays the reversed file', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true });
    // A context of its own: the track is observed as in every other (fixtures.ts).
    await context.addInitScript(audioCensusScript);
    await context.addInitScript(() => {
      const handlers: Record<string, MediaSessionActionHandler | null> = {};
      (window as unknown as { mediaHandlers: typeof handlers }).mediaHandlers = handlers;
      const original = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        handlers[action] = handler;
        original(action, handler);
      };
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(reversedUrl());
    await expect(page.getByTestId('soundscapes-heading')).toHaveText('Reversed soundscapes');
    await expect(page.getByTestId('disclaimer')).toContainText('reversed');
    const buttons = grid(page).getByRole('button');
    await expect(buttons).toHaveCount(reversedNames.length);
    expect(await buttons.evaluateAll((elements) => elements.map((element) => (element.textContent ?? '').replace(/^[^A-Za-z]+/, '')))).toEqual(byName(reversedNames.map((name) => ({ name }))));

    // Keyboard: Enter and Space on a focused button.
    await soundButton(page, 'Chill').focus();
    await page.keyboard.press('Enter');
    await expectPlaying(page, 'chill-reversed.mp3');
    await soundButton(page, 'Deep').focus();
    await page.keyboard.press(' ');
    await expectPlaying(page, 'deep-reversed.mp3');
    // Pointer and touch.
    await soundButton(page, 'Piano').click();
    await expectPlaying(page, 'piano-reversed.mp3');
    await soundButton(page, 'Retro').tap();
    await expectPlaying(page, 'retro-reversed.mp3');
    // Previous and next (Retro is index 16 among the lofi tracks).
    await bar(page).getByRole('button', { name: 'Next' }).click();
    await expectPlaying(page, 'classic-reversed.mp3');
    await bar(page).getByRole('button', { name: 'Previous' }).click();
    await expectPlaying(page, 'retro-reversed.mp3');
    // Media keys.
    await page.evaluate(() => (window as unknown as { mediaHandlers: Record<string, (d: { action: string }) => void> }).mediaHandlers.nexttrack?.({ action: 'nexttrack' }));
    await expectPlaying(page, 'classic-reversed.mp3');
    // An ended lofi track moves on to another reversed file.
    await page.evaluate(() => {
      const audio = document.getElementById('lull-player') as HTMLAudioElement;
      audio.currentTime = Math.max(0, audio.duration - 0.4);
    });
    await expect.poll(async () => (await trackState(page)).file, { timeout: 15_000 }).not.toBe('classic-reversed.mp3');
    expect((await trackState(page)).file).toMatch(/-reversed\.mp3$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe('one thing at a time', () => {
  test('a noise and a track never play together', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    // The track keeps playing across navigation until the noise starts.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'White Noise', exact: true }).click();
    await expect(page.getByTestId('page-title')).toHaveText('White Noise');
    await expectPlaying(page, 'ocean.mp3');
    const noiseToggle = page.locator('main').getByRole('button', { name: /^(Play|Pause) White Noise$/ });
    await noiseToggle.click();
    await expect(page.locator('main').getByRole('button', { name: 'Pause White Noise' })).toBeVisible();
    await expectPaused(page);
    // The player bar's Play takes the speakers back: the noise stops.
    await bar(page).getByRole('button', { name: 'Play' }).click();
    await expectPlaying(page, 'ocean.mp3');
    await expect(page.locator('main').getByRole('button', { name: 'Play White Noise' })).toBeVisible();
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Ocean');
    // And the noise again pauses the track.
    await page.locator('main').getByRole('button', { name: 'Play White Noise' }).click();
    await expectPaused(page);
  });
});

test.describe('accessibility with the player bar', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe-core finds nothing with the bar visible (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      await soundButton(page, 'Ocean').click();
      await expectPlaying(page, 'ocean.mp3');
      await expect(bar(page)).toBeVisible();
      const box = await bar(page).boundingBox();
      expect(box?.height).toBe(58);
      expect(await axeViolations(page)).toEqual([]);
      await soundButton(page, 'Ocean').click();
      await expectPaused(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
