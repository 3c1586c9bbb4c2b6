/**
 * Issue 23, layers as heard: a track and two layers (a soundscape and a noise) from the mix panel,
 * measured in what the app outputs (output-probe.ts). Each layer is heard (muting it with its own
 * slider takes power out of the mix); Remove takes out exactly that layer (the mix then measures as
 * it did with that layer muted, and the other layer is still heard); the soundscape layer plays from
 * decoded windows (its bytes counted on the page).
 */
import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { db, mixPanel as panel, openMixPanel, playerBar as bar, setLayerPercent as setLevel } from './mix-panel';
import { outputProbeScript } from './output-probe';
import { liveDecodedBytes, type AudioCensus } from './audio-census';
import { recordPower } from './record-rms';

const soundButton = (page: Page, name: string) => page.getByTestId('sound-grid').getByRole('button', { name: new RegExp(`^${name}\\b`) });
const RECORD_MS = 2000;
/** Brown noise is loud at full level: lower, so both layers carry a comparable share. */
const BROWN = 30;

const power = (page: Page) => recordPower(page, RECORD_MS);

test.describe('layers as heard', { tag: '@live' }, () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(outputProbeScript(1024));
  });

  test('a track and two layers: each layer is heard, and Remove silences exactly that layer', async ({ page }) => {
    await page.goto('/');
    // Crickets (catalogue volume 0.2) is quiet: the layers' share of the mix stands well above its chirps' swing.
    await soundButton(page, 'Crickets').click();
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
    const track = await power(page);
    expect(track).toBeGreaterThan(1e-6);

    await openMixPanel(page);
    const add = panel(page).getByRole('combobox', { name: 'Add a layer' });
    await add.selectOption({ label: 'Rain' });
    await add.selectOption('brown');
    // Levels held still for the measurement (an alive mix drifts ±3 dB over minutes).
    await panel(page).getByLabel('Alive: levels drift slowly').uncheck();
    await setLevel(page, 'Rain', 100);
    await setLevel(page, 'Brown noise', BROWN);
    await expect(bar(page).getByTestId('player-layers')).toHaveText('+ Rain + Brown noise');
    // The soundscape layer is a windowed loop voice: its decoded windows sound beside the track's (audio-census.ts).
    await expect.poll(() => page.evaluate(() => (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.now().sounding), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const all = await power(page);

    await setLevel(page, 'Rain', 0);
    const withoutRain = await power(page);
    await setLevel(page, 'Rain', 100);
    await setLevel(page, 'Brown noise', 0);
    const withoutBrown = await power(page);
    await setLevel(page, 'Brown noise', BROWN);
    const rain = all - withoutRain;
    const brown = all - withoutBrown;
    console.log(`layers: track ${db(Math.sqrt(track)).toFixed(1)} dBFS, all ${db(Math.sqrt(all)).toFixed(1)}, without rain ${db(Math.sqrt(withoutRain)).toFixed(1)}, without brown ${db(Math.sqrt(withoutBrown)).toFixed(1)}`);
    // Each layer carries a real share of the mix (at least a tenth of its power: 0.46 dB).
    expect(rain / all).toBeGreaterThan(0.1);
    expect(brown / all).toBeGreaterThan(0.1);

    await panel(page).getByRole('button', { name: 'Remove Rain' }).click();
    await expect(bar(page).getByTestId('player-layers')).toHaveAttribute('data-sounds', 'brown');
    const afterRemove = await power(page);
    console.log(`after Remove Rain: ${db(Math.sqrt(afterRemove)).toFixed(1)} dBFS (${db(Math.sqrt(afterRemove / withoutRain)).toFixed(2)} dB re rain muted)`);
    // Exactly Rain went: the mix measures as with Rain muted, and Brown is still heard above the track alone.
    expect(Math.abs(10 * Math.log10(afterRemove / withoutRain))).toBeLessThan(1.5);
    expect((afterRemove - track) / afterRemove).toBeGreaterThan(0.1);
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  });
});

test.describe('layers from the home grid', () => {
  test('lofi with rain and a fire under it, from the cards: one-handed at 360 px, the bar and the lock screen name the mix, the card tap still plays', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    // Nothing plays: no layer action yet.
    await expect(page.getByTestId('card-layer')).toHaveCount(0);
    await soundButton(page, 'Chill').click();
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
    const addRain = page.getByRole('button', { name: 'Add Rain under the current sound' });
    await expect(addRain).toHaveAttribute('aria-pressed', 'false');
    // Songs are not layers, and the playing track has no action.
    await expect(page.getByRole('button', { name: 'Add Chill under the current sound' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Piano under the current sound' })).toHaveCount(0);
    const box = await addRain.boundingBox();
    expect(box && box.width >= 40 && box.height >= 40).toBe(true);
    await addRain.click();
    // From the keyboard as well.
    await page.getByRole('button', { name: 'Add Fire under the current sound' }).focus();
    await page.keyboard.press('Enter');
    await expect(bar(page).getByTestId('player-layers')).toHaveText('+ Rain + Fire');
    await expect(page.getByRole('button', { name: 'Remove Rain from under the current sound' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Chill + Rain + Fire');
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
    expect(await axeViolations(page)).toEqual([]);
    // The page does not scroll sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Remove Rain from under the current sound' }).click();
    await expect(bar(page).getByTestId('player-layers')).toHaveText('+ Fire');
    // The card's own tap keeps SPEC's meaning: it plays Rain as the track.
    await soundButton(page, 'Rain').click();
    await expect(page.getByTestId('player-title')).toContainText('Rain');
  });
});

test('six sounds (a track and five soundscape layers) hold at most 64 MB of decoded audio', async ({ page }) => {
  await page.goto('/');
  await soundButton(page, 'Ocean').click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  for (const name of ['Rain', 'Fire', 'Forest', 'River', 'Wind']) await page.getByRole('button', { name: `Add ${name} under the current sound` }).click();
  await expect(bar(page).getByTestId('player-layers')).toHaveText('+ Rain + Fire + Forest + River + Wind');
  // Counted from outside the engine (audio-census.ts): every AudioBuffer alive after a garbage collection.
  // Every voice holds its windows: five layers of at least one 5 s window each (1.9 MB stereo), and the track.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.now().sounding), { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
  await expect.poll(() => liveDecodedBytes(page), { timeout: 20_000 }).toBeGreaterThan(5 * 1_900_000);
  let peak = 0;
  for (let i = 0; i < 30; i++) {
    peak = Math.max(peak, await liveDecodedBytes(page));
    await page.waitForTimeout(200);
  }
  console.log(`six sounds: peak ${peak} decoded bytes alive over 6 s`);
  test.info().annotations.push({ type: 'six sounds, decoded bytes (peak)', description: String(peak) });
  expect(peak).toBeLessThanOrEqual(64 * 1000 * 1000);
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
});
