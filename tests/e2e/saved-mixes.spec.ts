import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { mixPanel, openMixPanel, setLayerPercent } from './mix-panel';
import { expectTrackPlaying, trackState } from './track-state';
import { savedAudioRecords } from './saved-audio';
import { outputProbeScript } from './output-probe';
import { recordPower } from './record-rms';
import type { AudioCensus } from './audio-census';

/**
 * Issue 23: links v2, saved mixes and Surprise me, as a listener meets them. What the levels do to
 * the sound is measured in the layers' own specs; here: what is offered, played, stored and kept.
 */

const masterVolume = (page: Page) => page.getByRole('slider', { name: 'Master volume' });

const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });
const homeMixes = (page: Page) => page.getByTestId('saved-mixes-section');
const mixNames = (scope: ReturnType<Page['getByTestId']>) => scope.getByTestId('saved-mix-name');
const storedMixes = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('savedMixes') ?? 'null') as { name: string; sound: string | null; layers: { sound: string; level: number }[] }[] | null);
const nameDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const layersOf = (page: Page) => page.getByTestId('player-layers');

/** Plays `sound`, opens the panel and saves the mix as `name` (typed over the suggested name). */
async function saveCurrentMix(page: Page, name: string) {
  await openMixPanel(page);
  await mixPanel(page).getByRole('button', { name: 'Save mix' }).click();
  const dialog = nameDialog(page, 'Save this mix');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(mixPanel(page).getByTestId('mix-saved')).toHaveText(`Saved as ${name.trim()}`);
  await page.keyboard.press('Escape');
  await expect(mixPanel(page)).toBeHidden();
}

/** A mix as another version of this tab would have stored it. */
const seedMixes = (page: Page, mixes: unknown) => page.evaluate((value) => localStorage.setItem('savedMixes', JSON.stringify(value)), mixes);

test.describe('mix links', () => {
  test('a link without a volume plays the mix and leaves the saved master volume as it was', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('masterVolume', '0.3'));
    await page.goto('/?mix=1&sound=rain&noise=pink');
    await expect(page.getByTestId('shared-mix')).toBeVisible();
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expectTrackPlaying(page, 'rain.mp3');
    await openMixPanel(page);
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '30');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => localStorage.getItem('masterVolume'))).toBe('0.3');
  });
});

test.describe('mix links v2', () => {
  test('a v2 link lists its layers, and Play plays the track with them at their levels', async ({ page }) => {
    await page.goto('/?mix=2&sound=chill&layers=rain:40,brown:25&volume=80&alive=0&seed=42');
    const card = page.getByTestId('shared-mix');
    await expect(card.getByTestId('shared-mix-sound')).toHaveText('Sound: 😌 Chill');
    await expect(card.getByTestId('shared-mix-layer')).toHaveText(['With: Rain at 40 %', 'With: Brown noise at 25 %']);
    await expect(card.getByText('Master volume: 80 %')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Play this mix' }).click();
    await expectTrackPlaying(page, 'chill.mp3');
    await expect(layersOf(page)).toHaveAttribute('data-sounds', 'rain brown');
    await openMixPanel(page);
    await expect(masterVolume(page)).toHaveAttribute('aria-valuenow', '80');
    // Copy link gives the same mix back, seed and all.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await mixPanel(page).getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/\?mix=2&sound=chill&layers=rain:40,brown:25&volume=80&alive=0&seed=42$/);
  });

  test("the card reads its track's stream while it shows, before any press, and the tap plays that same load: one download", async ({ page }) => {
    const loads: { range: string; beforePress: boolean }[] = [];
    let pressed = false;
    page.on('request', (request) => {
      if (['media', 'fetch'].includes(request.resourceType()) && new URL(request.url()).pathname === '/media/ocean.mp3') loads.push({ range: request.headers().range ?? '', beforePress: !pressed });
    });
    await page.goto('/?mix=2&sound=ocean&volume=100');
    // The saved list is read after hydration: until then the card cannot know the track streams, and reads nothing.
    await expect.poll(() => loads.length, { message: 'the card started the stream' }).toBeGreaterThan(0);
    const button = (await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).boundingBox())!;
    await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
    pressed = true;
    await page.mouse.down();
    await page.mouse.up();
    await expectTrackPlaying(page, 'ocean.mp3');
    const fromStart = loads.filter((load) => load.range === '' || load.range === 'bytes=0-');
    expect(fromStart).toEqual([{ range: fromStart[0]!.range, beforePress: true }]);
  });

  test('hostile layers are ignored with the notice; the rest plays', async ({ page }) => {
    await page.goto(`/?mix=2&sound=ocean&layers=${encodeURIComponent('<img src=x onerror=window.__pwned=1>:20')},fire:999,wind:30,wind:40,__proto__:1`);
    await expect(page.getByTestId('mix-link-notice')).toHaveText(/Part of this mix link could not be used/);
    await expect(page.getByTestId('shared-mix-layer')).toHaveText(['With: Wind at 30 %']);
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expect(layersOf(page)).toHaveAttribute('data-sounds', 'wind');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

test.describe('Surprise me', () => {
  test('puts 2 to 4 layers under the track, a new mix each press, and its link plays the same mix', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await soundButton(page, 'Chill').click();
    await expectTrackPlaying(page, 'chill.mp3');
    await openMixPanel(page);
    const surprise = mixPanel(page).getByRole('button', { name: 'Surprise me' });
    const seen = new Set<string>();
    for (let press = 0; press < 4; press++) {
      await surprise.press(press === 0 ? 'Enter' : 'Space');
      await expect(layersOf(page)).toHaveAttribute('data-sounds', /\S/);
      const sounds = ((await layersOf(page).getAttribute('data-sounds')) ?? '').split(' ');
      expect(sounds.length).toBeGreaterThanOrEqual(2);
      expect(sounds.length).toBeLessThanOrEqual(4);
      expect(sounds).not.toContain('chill');
      seen.add(sounds.join(' '));
    }
    expect(seen.size).toBeGreaterThan(1);
    await mixPanel(page).getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const layers = new URL(link).searchParams.get('layers') ?? '';
    expect(link).toMatch(/&alive=1&seed=\d+$/);
    const played = await layersOf(page).getAttribute('data-sounds');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByTestId('shared-mix-layer')).toHaveCount(layers.split(',').length);
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expect(layersOf(page)).toHaveAttribute('data-sounds', played ?? '');
  });
});

test.describe('saved mixes', () => {
  test('save from the mix panel, then play, rename and delete from the home page, by keyboard, on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/?mix=2&sound=ocean&layers=rain:40,brown:20');
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await openMixPanel(page);
    await mixPanel(page).getByRole('button', { name: 'Save mix' }).click();
    const dialog = nameDialog(page, 'Save this mix');
    await expect(dialog.getByLabel('Name')).toHaveValue('Ocean + Rain + Brown noise');
    await dialog.getByLabel('Name').fill('   ');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Please enter a mix name')).toBeVisible();
    expect(await storedMixes(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Name').fill('  Sea night ');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(await storedMixes(page)).toEqual([expect.objectContaining({ name: 'Sea night', sound: 'ocean', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }] })]);
    await expect(mixPanel(page).getByTestId('saved-mix-name')).toHaveText(['Sea night']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The home page lists it (same tab: no reload needed); Play plays it, by keyboard.
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause' }).click();
    await expect(mixNames(homeMixes(page))).toHaveText(['Sea night']);
    await expect(homeMixes(page).getByTestId('saved-mix-sounds')).toHaveText('Ocean + Rain + Brown noise');
    await homeMixes(page).getByRole('button', { name: 'Play mix Sea night' }).focus();
    await page.keyboard.press('Enter');
    await expectTrackPlaying(page, 'ocean.mp3');
    await expect(layersOf(page)).toHaveAttribute('data-sounds', 'rain brown');

    await homeMixes(page).getByRole('button', { name: 'Rename mix Sea night' }).click();
    const rename = nameDialog(page, 'Rename mix');
    await rename.getByLabel('Name').fill('x'.repeat(61));
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByText('Use at most 60 characters.')).toBeVisible();
    await rename.getByLabel('Name').fill('Sea, late');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(mixNames(homeMixes(page))).toHaveText(['Sea, late']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);

    await homeMixes(page).getByRole('button', { name: 'Delete mix Sea, late' }).click();
    await page.getByRole('alertdialog', { name: 'Delete the mix Sea, late?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(homeMixes(page)).toHaveCount(0);
    expect(await storedMixes(page)).toEqual([]);
  });

  test('two real pages: mixes saved, renamed and deleted in both survive, and each shows the other\'s live', async ({ page, context }) => {
    const other = await context.newPage();
    await page.goto('/?mix=2&sound=ocean&layers=brown:20');
    await page.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await other.goto('/?mix=2&sound=rain&layers=pink:30');
    await other.getByTestId('shared-mix').getByRole('button', { name: 'Play this mix' }).click();
    await expectTrackPlaying(other, 'rain.mp3');
    // Each tab opens its panel (and reads the list) before the other saves.
    await openMixPanel(page);
    await openMixPanel(other);
    await page.keyboard.press('Escape');
    await other.keyboard.press('Escape');
    await saveCurrentMix(page, 'From one');
    await expect(mixNames(homeMixes(other))).toHaveText(['From one']);
    await saveCurrentMix(other, 'From two');
    await expect(mixNames(homeMixes(page))).toHaveText(['From one', 'From two']);
    expect((await storedMixes(page))?.map((mix) => mix.name)).toEqual(['From one', 'From two']);

    await homeMixes(page).getByRole('button', { name: 'Rename mix From two' }).click();
    await homeMixes(other).getByRole('button', { name: 'Delete mix From one' }).click();
    await nameDialog(page, 'Rename mix').getByLabel('Name').fill('Two, renamed in one');
    await nameDialog(page, 'Rename mix').getByRole('button', { name: 'Save' }).click();
    await other.getByRole('alertdialog', { name: 'Delete the mix From one?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(mixNames(homeMixes(page))).toHaveText(['Two, renamed in one']);
    await expect(mixNames(homeMixes(other))).toHaveText(['Two, renamed in one']);
    expect(await storedMixes(other)).toEqual([expect.objectContaining({ name: 'Two, renamed in one', sound: 'rain', layers: [{ sound: 'pink', level: 0.3 }] })]);
  });

  test('corrupt saved mixes are kept aside with a warning; the readable ones show, and the next save keeps the copy', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/');
    const raw = JSON.stringify([{ id: 'a', name: 'Kept', sound: 'ocean', layers: [{ sound: 'rain', level: 0.4 }], alive: true, seed: 3 }, { id: 'b', name: 'Broken', sound: 'ocean', layers: 'rain', alive: true, seed: 3 }]);
    await page.evaluate((value) => localStorage.setItem('savedMixes', value), raw);
    await page.reload();
    await expect(mixNames(homeMixes(page))).toHaveText(['Kept']);
    await expect(page.getByTestId('saved-mixes-recovered')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('savedMixes.corrupt'))).toBe(raw);
    expect(warnings.some((text) => text.includes('"savedMixes"'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.evaluate(() => localStorage.setItem('savedMixes', '{not json'));
    await page.reload();
    await expect(page.getByTestId('saved-mixes-recovered')).toBeVisible();
    await expect(homeMixes(page).getByTestId('saved-mixes-empty')).toBeVisible();
    await soundButton(page, 'Rain').click();
    await expectTrackPlaying(page, 'rain.mp3');
    await saveCurrentMix(page, 'After');
    expect((await storedMixes(page))?.map((mix) => mix.name)).toEqual(['After']);
    expect(await page.evaluate(() => [localStorage.getItem('savedMixes.corrupt'), localStorage.getItem('savedMixes.corrupt.2')])).toEqual([raw, '{not json']);
  });
});

test.describe('saved mixes offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a saved mix plays its saved sounds offline and says which are not saved', async ({ page, context }) => {
    await page.goto('/');
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
    await soundButton(page, 'Ocean').click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await expect.poll(async () => (await savedAudioRecords(page)).length, { timeout: 20_000 }).toBe(1);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause' }).click();
    await seedMixes(page, [
      { id: 'a', name: 'Sea', sound: 'ocean', layers: [{ sound: 'rain', level: 0.4 }, { sound: 'brown', level: 0.2 }], alive: true, seed: 9 },
      { id: 'b', name: 'Song', sound: 'chill', layers: [{ sound: 'fire', level: 0.3 }], alive: true, seed: 9 },
    ]);

    await context.setOffline(true);
    await page.reload();
    const rows = homeMixes(page).getByTestId('saved-mix');
    await expect(rows.nth(0).getByTestId('saved-mix-missing')).toHaveText('Not saved offline: Rain');
    await expect(rows.nth(1).getByTestId('saved-mix-missing')).toHaveText('Not saved offline: Chill, Fire');
    await expect(rows.nth(1).getByRole('button', { name: 'Play mix Song' })).toBeDisabled();
    await rows.nth(0).getByRole('button', { name: 'Play mix Sea' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    expect((await trackState(page)).from).toBe('cache');
    await expect(layersOf(page)).toHaveAttribute('data-sounds', 'brown');
    // The saved mix itself keeps Rain.
    expect((await storedMixes(page))?.[0]?.layers.map((layer) => layer.sound)).toEqual(['rain', 'brown']);
    await context.setOffline(false);
  });

  test('a saved mix whose layers are soundscapes, one saved and one not: offline the track and the saved layer are heard, the other is named and kept', { tag: '@live' }, async ({ page, context, allowConsoleErrors }) => {
    // Covers are not precached (offline.spec.ts): with the HTTP cache cleared, the track's cover fails offline.
    allowConsoleErrors(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(http:\/\/localhost:\d+\/media\/[a-z-]+\.png\?v=[0-9a-f]{12}\)$/);
    await page.addInitScript(outputProbeScript(1024));
    await page.goto('/');
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
    // Rain, then Crickets (quiet: catalogue volume 0.2, so Rain's share of the mix is plain) are saved on the device by playing them.
    await soundButton(page, 'Rain').click();
    await expectTrackPlaying(page, 'rain.mp3');
    await expect.poll(async () => (await savedAudioRecords(page)).length, { timeout: 20_000 }).toBe(1);
    await soundButton(page, 'Crickets').click();
    await expectTrackPlaying(page, 'crickets.mp3');
    await expect.poll(async () => (await savedAudioRecords(page)).length, { timeout: 20_000 }).toBe(2);
    await openMixPanel(page);
    const add = mixPanel(page).getByRole('combobox', { name: 'Add a layer' });
    await add.selectOption({ label: 'Rain' });
    await add.selectOption({ label: 'Fire' });
    await mixPanel(page).getByLabel('Alive: levels drift slowly').uncheck();
    await setLayerPercent(page, 'Rain', 100);
    await page.keyboard.press('Escape');
    await saveCurrentMix(page, 'Night');
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause' }).click();
    expect((await storedMixes(page))?.[0]?.layers.map((layer) => layer.sound)).toEqual(['rain', 'fire']);

    // Days later: the browser's HTTP cache may be gone; what is saved on the device must be enough.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    const row = homeMixes(page).getByTestId('saved-mix').nth(0);
    await expect(row.getByTestId('saved-mix-missing')).toHaveText('Not saved offline: Fire');
    await row.getByRole('button', { name: 'Play mix Night' }).click();
    await expectTrackPlaying(page, 'crickets.mp3', 'cache');
    await expect(layersOf(page)).toHaveAttribute('data-sounds', 'rain');
    // The saved layer is heard: its cuts sound beside the track's (the census, from outside), and muting it takes power out of the output.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.now().sounding), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const all = await recordPower(page, 1500);
    await openMixPanel(page);
    await setLayerPercent(page, 'Rain', 0);
    const track = await recordPower(page, 1500);
    console.log(`offline mix: all ${(10 * Math.log10(all)).toFixed(1)} dBFS, Rain muted ${(10 * Math.log10(track)).toFixed(1)} dBFS`);
    expect(track).toBeGreaterThan(1e-6);
    expect((all - track) / all).toBeGreaterThan(0.1);
    // Fire is still in the saved mix, not dropped from it.
    expect((await storedMixes(page))?.[0]?.layers.map((layer) => layer.sound)).toEqual(['rain', 'fire']);
    await context.setOffline(false);
  });
});
