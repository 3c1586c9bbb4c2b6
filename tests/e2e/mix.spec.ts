import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { audioCensusScript } from './audio-census';
import { expectTrackPlaying, trackState } from './track-state';
import { savedAudioRecords } from './saved-audio';

/**
 * Issue 13's controls: the master volume, the layers (issue 23), mix links and the small things.
 * What the levels do to the sound (gain measured from the output) is the audio graph's part and
 * is checked in its own specs; here: the stores as the UI shows them, persistence, the shared
 * player element playing, hostile links, the clipboard, the sleep timer and Settings everywhere.
 */

/** The shared element plays `file`: not paused, its clock moving. */
async function expectPlaying(page: Page, file: string) {
  await expectTrackPlaying(page, file);
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'playing');
}

const masterVolume = (page: Page) => page.getByRole('slider', { name: 'Master volume' });
const storedVolume = (page: Page) => page.evaluate(() => localStorage.getItem('masterVolume'));
const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });
const mixPanel = (page: Page) => page.getByRole('dialog', { name: 'Mix and volume' });

async function openMixPanel(page: Page) {
  await page.getByTestId('player-bar').getByRole('button', { name: 'Mix and volume' }).click();
  await expect(mixPanel(page)).toBeVisible();
}

test.describe('master volume', () => {
  test('on a noise page: labelled, operable by keyboard with a visible focus, and kept across a reload', async ({ page }) => {
    await page.goto('/brown-noise');
    const slider = masterVolume(page);
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await expect(slider).toHaveAttribute('aria-valuetext', '100 %');
    await expect(slider).toHaveAttribute('aria-valuemin', '0');
    await expect(slider).toHaveAttribute('aria-valuemax', '100');

    // Reach it with Tab like a keyboard user: the thumb then shows its focus ring.
    await page.getByRole('button', { name: 'Play Brown Noise' }).focus();
    await page.keyboard.press('Tab');
    await expect(slider).toBeFocused();
    const thumb = page.locator('.MuiSlider-thumb').filter({ has: slider });
    await expect(thumb).toHaveClass(/Mui-focusVisible/);
    expect(await thumb.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');

    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '95');
    await page.keyboard.press('PageDown');
    await expect(slider).toHaveAttribute('aria-valuenow', '85');
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '71');
    await expect(slider).toHaveAttribute('aria-valuetext', '71 %');

    // Written in its own key once the slider rests.
    await expect.poll(() => storedVolume(page)).toBe('0.71');
    await page.reload();
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '71');
    // The same value everywhere it is shown.
    await page.goto('/white-noise');
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '71');
  });

  test('a corrupt saved volume is kept aside with a warning, the default is used, and it is not overwritten until the listener moves the slider', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('masterVolume', '"very loud"');
      localStorage.setItem('noiseBedLevels', '{"brown":7}');
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/pink-noise');
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '100');
    const kept = await page.evaluate(() => ({
      volume: localStorage.getItem('masterVolume'),
      volumeAside: localStorage.getItem('masterVolume.corrupt'),
      levels: localStorage.getItem('noiseBedLevels'),
      levelsAside: localStorage.getItem('noiseBedLevels.corrupt'),
    }));
    expect(kept).toEqual({ volume: '"very loud"', volumeAside: '"very loud"', levels: '{"brown":7}', levelsAside: '{"brown":7}' });
    expect(warnings.some((text) => text.includes('"masterVolume"'))).toBe(true);
    expect(warnings.some((text) => text.includes('"noiseBedLevels"'))).toBe(true);
    await page.waitForTimeout(600);
    expect(await storedVolume(page)).toBe('"very loud"');
    await masterVolume(page).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => storedVolume(page)).toBe('0.99');
    expect(await page.evaluate(() => localStorage.getItem('masterVolume.corrupt'))).toBe('"very loud"');
  });
});

test.describe('layers', () => {
  test('the mix panel adds layers under the track, each with its own level and Remove, shows them, and removes exactly one', async ({ page }) => {
    await page.goto('/');
    await soundButton(page, 'Rain').click();
    await expectPlaying(page, 'rain.mp3');
    await expect(page.getByTestId('player-layers')).toHaveCount(0);
    await openMixPanel(page);
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '100');
    const add = mixPanel(page).getByRole('combobox', { name: 'Add a layer' });
    await add.selectOption('brown');
    const level = mixPanel(page).getByRole('slider', { name: 'Brown noise level' });
    await expect(level).toHaveAttribute('aria-valuenow', '50');
    await level.focus();
    await page.keyboard.press('PageDown');
    await expect(level).toHaveAttribute('aria-valuenow', '40');
    await expect(page.getByTestId('player-layers')).toHaveText('+ Brown noise');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('noiseBedLevels'))).toBe('{"white":0.5,"pink":0.5,"brown":0.4}');
    // A second layer, a soundscape, beside the first: the bar names the mix.
    await add.selectOption({ label: 'Fire' });
    await expect(mixPanel(page).getByRole('slider', { name: 'Fire level' })).toHaveAttribute('aria-valuenow', '50');
    await expect(page.getByTestId('player-layers')).toHaveText('+ Brown noise + Fire');
    // A sound already in the mix is not offered again.
    await expect(add.locator('option[value="brown"]')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await mixPanel(page).getByRole('button', { name: 'Remove Brown noise' }).click();
    await expect(page.getByTestId('player-layers')).toHaveAttribute('data-sounds', 'fire');
    // The removed row does not take the focus out of the panel (Escape then closes it).
    await expect(add).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mixPanel(page)).toBeHidden();
    // Focus goes back to the button that opened the panel.
    await expect(page.getByTestId('player-bar').getByRole('button', { name: 'Mix and volume' })).toBeFocused();
    await openMixPanel(page);
    await mixPanel(page).getByRole('button', { name: 'Remove Fire' }).click();
    await expect(page.getByTestId('player-layers')).toHaveCount(0);
    // The track itself played on throughout.
    await expectPlaying(page, 'rain.mp3');
  });

  test('a noise page plays its colour under the current sound, and says what to do without one', async ({ page }) => {
    await page.goto('/pink-noise');
    await expect(page.getByTestId('play-under-unavailable')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play under the current sound' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pink Noise', exact: true }).click();
    const under = page.getByRole('button', { name: 'Play under the current sound' });
    await expect(under).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Pink noise plays quietly under Ocean, with its own level.')).toBeVisible();
    await under.click();
    await expect(page.getByTestId('player-layers')).toHaveAttribute('data-sounds', 'pink');
    const remove = page.getByRole('button', { name: 'Remove from under the current sound' });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    // The page's own Play/Pause is untouched by the bed.
    await expect(page.getByRole('button', { name: 'Play Pink Noise' })).toHaveAttribute('data-status', 'stopped');
    await remove.click();
    await expect(page.getByTestId('player-layers')).toHaveCount(0);
    await expectPlaying(page, 'ocean.mp3');
  });
});

test.describe('a noise on its own', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`plays on across pages in the player bar, with the master volume and Copy link but no bed (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/white-noise');
      await page.getByRole('button', { name: 'Play White Noise' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
      const bar = page.getByTestId('player-bar');
      await expect(bar).toHaveAttribute('data-noise', 'white');
      expect(await axeViolations(page)).toEqual([]);
      await openMixPanel(page);
      await expect(masterVolume(page)).toBeVisible();
      await expect(mixPanel(page).getByRole('button', { name: 'Copy link' })).toBeVisible();
      await expect(mixPanel(page).getByTestId('layer-controls')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await bar.getByRole('button', { name: 'Pause' }).click();
      await expect(bar).toHaveCount(0);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'White Noise', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Play White Noise' })).toHaveAttribute('data-status', 'stopped');
    });
  }
});

test.describe('mix links', () => {
  test('a link opened in a fresh context offers the mix, and one tap plays it with its levels', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    // A context of its own: the track is observed as in every other (fixtures.ts).
    await context.addInitScript(audioCensusScript);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/?mix=1&sound=rain&noise=brown&volume=80&noiseLevel=40');
    const card = page.getByTestId('shared-mix');
    await expect(card.getByRole('heading', { name: 'A mix was shared with you' })).toBeVisible();
    await expect(card.getByTestId('shared-mix-sound')).toHaveText('Sound: 🌧️ Rain');
    await expect(card.getByTestId('shared-mix-layer')).toHaveText('With: Brown noise at 40 %');
    await expect(card.getByText('Master volume: 80 %')).toBeVisible();
    await expect(page.getByTestId('mix-link-notice')).toHaveCount(0);
    // Nothing plays and nothing is stored before the tap.
    expect((await trackState(page)).paused).toBe(true);
    await expect(page.getByTestId('player-bar')).toHaveCount(0);
    expect(await page.evaluate(() => [localStorage.getItem('masterVolume'), localStorage.getItem('noiseBedLevels')])).toEqual([null, null]);
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Play this mix' }).click();
    await expectPlaying(page, 'rain.mp3');
    await expect(page.getByTestId('player-title')).toContainText('Rain');
    await expect(page.getByTestId('player-layers')).toHaveAttribute('data-sounds', 'brown');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('shared-mix')).toHaveCount(0);
    await openMixPanel(page);
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '80');
    await expect(mixPanel(page).getByRole('slider', { name: 'Brown noise level' })).toHaveAttribute('aria-valuenow', '40');
    await expect.poll(() => storedVolume(page)).toBe('0.8');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a noise-only link plays the noise alone; Dismiss forgets a link', async ({ page }) => {
    await page.goto('/?mix=1&noise=white&volume=30');
    await expect(page.getByTestId('shared-mix-layer')).toHaveText('With: White noise at 50 %');
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'White Noise', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pause White Noise' })).toHaveAttribute('data-status', /starting|playing/);
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '30');

    await page.goto('/?mix=1&sound=ocean');
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('shared-mix')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    expect((await trackState(page)).paused).toBe(true);
  });

  const hostile: [label: string, query: string, notice: 'invalid' | 'partly'][] = [
    ['script as the sound', '?mix=1&sound=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&volume=50', 'invalid'],
    ['markup as the noise', '?mix=1&noise=%22%3E%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E', 'invalid'],
    ['__proto__ and NaN with a real sound', '?mix=1&sound=rain&volume=NaN&noiseLevel=-1&__proto__%5Bpolluted%5D=1&constructor=x', 'partly'],
    ['out-of-range levels', '?mix=1&sound=rain&noise=pink&volume=1000&noiseLevel=1e9', 'partly'],
    ['an unknown version', '?mix=9&sound=rain', 'invalid'],
    ['a huge string', `?mix=1&sound=${'r'.repeat(8000)}`, 'invalid'],
    ['an unknown sound', '?mix=1&sound=thunder&volume=10', 'invalid'],
  ];
  for (const [label, query, notice] of hostile) {
    test(`hostile parameters (${label}) change nothing and show a short notice`, async ({ page }) => {
      await page.goto(`/${query}`);
      await expect(page.getByTestId('page-title')).toHaveText('Home');
      const shown = page.getByTestId('mix-link-notice');
      await expect(shown).toHaveText(notice === 'invalid' ? 'This mix link could not be used, so it was ignored.' : 'Part of this mix link could not be used, so it was ignored.');
      if (notice === 'invalid') await expect(page.getByTestId('shared-mix')).toHaveCount(0);
      else await expect(page.getByTestId('shared-mix-sound')).toHaveText('Sound: 🌧️ Rain');
      await page.waitForTimeout(500);
      const effects = await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
        polluted: ({} as Record<string, unknown>).polluted ?? null,
        injected: document.querySelectorAll('main script, main img[src="x"]').length,
        storage: Object.keys(localStorage).sort(),
        playing: [...document.querySelectorAll('audio')].some((audio) => !audio.paused),
      }));
      expect(effects).toEqual({ pwned: null, polluted: null, injected: 0, storage: [], playing: false });
      // Nothing of the link's text is rendered.
      expect(await page.locator('main').textContent()).not.toMatch(/script|onerror|thunder|NaN|rrrrrrrr/);
      await expect(page.getByTestId('player-bar')).toHaveCount(0);
      // The notice can be dismissed, and the app works on.
      await shown.getByRole('button', { name: 'Dismiss' }).click();
      await expect(shown).toHaveCount(0);
      await soundButton(page, 'Ocean').click();
      await expectPlaying(page, 'ocean.mp3');
    });
  }

  test('Copy link puts the current mix on the clipboard and confirms it', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await soundButton(page, 'Crickets').click();
    await expectPlaying(page, 'crickets.mp3');
    await openMixPanel(page);
    await masterVolume(page).focus();
    await page.keyboard.press('PageDown');
    await mixPanel(page).getByRole('combobox', { name: 'Add a layer' }).selectOption('pink');
    await mixPanel(page).getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByTestId('mix-link-snackbar')).toHaveText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // Links v2 (issue 23): every layer, the volume, and the drift's seed.
    expect(copied).toMatch(new RegExp(`^${baseURL}/\\?mix=2&sound=crickets&layers=pink:50&volume=90&alive=1&seed=\\d+$`));
    // The copied link reproduces the mix.
    await page.goto(copied.replace(baseURL ?? '', ''));
    await expect(page.getByTestId('shared-mix-sound')).toHaveText('Sound: 🦗 Crickets');
    await expect(page.getByTestId('shared-mix-layer')).toHaveText('With: Pink noise at 50 %');
  });

  test('without a working clipboard the snackbar shows the link to copy by hand', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
      document.execCommand = () => false;
    });
    await page.goto('/brown-noise');
    await page.getByRole('button', { name: 'Play Brown Noise' }).click();
    await page.getByRole('button', { name: 'Copy link' }).click();
    const snackbar = page.getByTestId('mix-link-snackbar');
    await expect(snackbar).toContainText('Copy this link:');
    await expect(snackbar.getByRole('textbox', { name: 'Mix link' })).toHaveValue(`${baseURL}/?mix=2&layers=brown:50&volume=100`);
    await snackbar.getByRole('button', { name: 'Close' }).click();
    await expect(snackbar).toHaveCount(0);
  });
});

test.describe('mix links offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a link to a saved sound plays offline; an unsaved one says so and the noise still plays', async ({ page, context }) => {
    await page.goto('/');
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
    await soundButton(page, 'Ocean').click();
    await expectPlaying(page, 'ocean.mp3');
    await expect.poll(async () => (await savedAudioRecords(page)).length, { timeout: 20_000 }).toBe(1);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause' }).click();

    await context.setOffline(true);
    await page.goto('/?mix=1&sound=rain');
    await expect(page.getByTestId('shared-mix-unavailable')).toHaveText('Rain is not available offline: play it once while online to save it.');
    await expect(page.getByRole('button', { name: 'Play this mix' })).toBeDisabled();

    await page.goto('/?mix=1&sound=rain&noise=pink&volume=40');
    await expect(page.getByTestId('shared-mix-unavailable')).toBeVisible();
    await page.getByRole('button', { name: 'Play this mix' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pink Noise', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pause Pink Noise' })).toBeVisible();
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '40');
    await page.getByRole('button', { name: 'Pause Pink Noise' }).click();

    await page.goto('/?mix=1&sound=ocean&noise=brown&volume=70');
    await expect(page.getByTestId('shared-mix-unavailable')).toHaveCount(0);
    await page.getByRole('button', { name: 'Play this mix' }).click();
    await expectPlaying(page, 'ocean.mp3');
    expect((await trackState(page)).from).toBe('cache');
    await expect(page.getByTestId('player-layers')).toHaveAttribute('data-sounds', 'brown');
    await context.setOffline(false);
  });
});

test.describe('small things', () => {
  test('the sleep timer can be set from a noise page, and its dialog closes when it starts', async ({ page }) => {
    await page.goto('/brown-noise');
    await page.getByRole('button', { name: 'Play Brown Noise' }).click();
    const button = page.getByRole('banner').getByRole('button', { name: 'Sleep timer', exact: true });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Sleep timer' });
    await dialog.getByLabel('Minutes').fill('15');
    await dialog.getByRole('button', { name: 'Start timer' }).click();
    await expect(dialog).toBeHidden();
    const chip = page.getByTestId('sleep-timer-chip');
    await expect(chip).toHaveText(/^Sleep timer: (15:00|14:5\d) left$/);
    // Focus returns to the control that opened the dialog, now showing the time left.
    await expect(chip).toBeFocused();
    await expect(page.getByRole('button', { name: 'Pause Brown Noise' })).toBeVisible();
    await chip.click();
    await dialog.getByRole('button', { name: 'Stop timer' }).click();
    await expect(page.getByTestId('sleep-timer-chip')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sleep timer', exact: true })).toBeVisible();
  });

  test('Settings is in the sidebar, in the rail and in the mobile drawer', async ({ page }) => {
    await page.goto('/pink-noise');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId('page-title')).toHaveText('Settings');
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute('href', '/settings');
    await page.setViewportSize({ width: 400, height: 800 });
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar-drawer').getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  });
});

test.describe('accessibility of the new controls', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds nothing: mix prompt, notice, mix panel, noise page with a track (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/?mix=1&sound=forest&noise=pink&volume=60&noiseLevel=30&junk=1');
      await expect(page.getByTestId('shared-mix')).toBeVisible();
      await expect(page.getByTestId('mix-link-notice')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
      await expectPlaying(page, 'forest.mp3');
      await openMixPanel(page);
      await expect(mixPanel(page).getByRole('slider', { name: 'Pink noise level' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await mixPanel(page).getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByTestId('mix-link-snackbar')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brown Noise', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Play under the current sound' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
