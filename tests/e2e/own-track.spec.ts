/**
 * A listener's own sound as the track (issue 41), in Chromium, heard: the player bar shows it, a catalogue layer joins
 * under it and is heard, the bar's Pause silences both and its Play brings both back, the sleep timer pauses it for
 * good (it does not come back when the timer's fade gain is restored), and a catalogue track takes its place with the
 * layer still under it. Kept as a mix: saved (by name), as the last mix (Continue), in a link (the sender's own, the
 * rest plays), and deleted from under a saved mix (named, and its first soundscape layer takes its place).
 */
import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { outputProbeScript } from './output-probe';
import { collectGarbage, liveDecodedBytes, soundingNow as sounding } from './audio-census';
import { db as dB, mixPanel, openMixPanel, playerBar, powerWithAndWithout, setLayerPercent } from './mix-panel';
import { recordPower, recordSamples } from './record-rms';
import { readFileSync } from 'node:fs';
import { integratedLoudness } from '../../measure/loudness';
import { resampleSinc } from '../../src/lib/sinc-resample';
import { recording } from './audio-files';
import { importWav } from './own-sounds-page';

/** Under this the output is silence (nothing connected renders exact zeros; a fade's tail is far above it). */
const SILENT = 1e-8;

const importFan = (page: Page) => importWav(page, 'fan.wav', [recording(8, 5), recording(8, 6)]);


test.describe('your sound as the track', { tag: '@live' }, () => {
  test('the bar shows it; Rain joins under it and is heard; Pause silences both, Play brings both back; the sleep timer pauses it for good; a catalogue track takes its place', async ({ page }) => {
    await page.addInitScript(outputProbeScript(1024));
    await page.goto('/');
    const row = await importFan(page);

    await row.getByRole('button', { name: 'Play fan' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect(playerBar(page).getByTestId('player-title')).toHaveText(/fan$/);
    await expect(row.getByRole('button', { name: 'Pause fan' })).toHaveAttribute('aria-pressed', 'true');
    // No previous or next: an own sound is not in the catalogue's order.
    await expect(playerBar(page).getByRole('button', { name: 'Next track' })).toHaveCount(0);
    const alone = await recordPower(page, 1500);
    expect(alone).toBeGreaterThan(1e-4);

    await openMixPanel(page);
    await mixPanel(page).getByRole('combobox', { name: 'Add a layer' }).selectOption({ label: 'Rain' });
    await mixPanel(page).getByLabel('Alive: levels drift slowly').uncheck();
    await setLayerPercent(page, 'Rain', 100);
    await expect(playerBar(page).getByTestId('player-layers')).toHaveText('+ Rain');
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('fan + Rain');
    expect(await axeViolations(page), 'axe, the mix panel under an own sound').toEqual([]);
    // Its chunks and Rain's windows sound together (audio-census.ts counts every source sounding).
    await expect.poll(() => sounding(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const { withLayer: both, without: ownOnly } = await powerWithAndWithout(page, 'Rain');
    console.log(`own track: alone ${dB(Math.sqrt(alone)).toFixed(1)} dBFS, with Rain ${dB(Math.sqrt(both)).toFixed(1)}, Rain at 0 % ${dB(Math.sqrt(ownOnly)).toFixed(1)}`);
    // Rain carries a real share of the mix, and the own sound plays on under its slider at 0 %.
    expect((both - ownOnly) / both).toBeGreaterThan(0.1);
    expect(ownOnly).toBeGreaterThan(0.3 * alone);
    await page.keyboard.press('Escape');

    // The bar's Pause: both fade out and stay out; the bar keeps the sound, paused.
    await playerBar(page).getByRole('button', { name: 'Pause' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'paused');
    await expect(row.getByRole('button', { name: 'Play fan' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => recordPower(page, 500, 0), { timeout: 5_000 }).toBeLessThan(SILENT);
    // Space plays it again, as it would a catalogue track (focus on the page, not on a control).
    await page.locator('main').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Space');
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect.poll(async () => (await recordPower(page, 1000)) / both, { timeout: 10_000 }).toBeGreaterThan(0.5);

    // The sleep timer (3 s): at its end it fades and pauses, and the sound does not come back when the fade gain is restored.
    await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
    const timer = page.getByRole('dialog', { name: 'Sleep timer' });
    await timer.getByLabel('Minutes').fill('0.05');
    await timer.getByRole('button', { name: 'Start timer' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'paused', { timeout: 10_000 });
    await expect(page.getByTestId('sleep-timer-chip')).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(await recordPower(page, 1500, 0), 'after the sleep timer, the restored fade gain').toBeLessThan(SILENT);

    // A catalogue track takes its place: the bar shows it, Rain still under it.
    await page.getByTestId('sound-grid').getByRole('button', { name: /^Crickets\b/ }).click();
    await expect(playerBar(page)).not.toHaveAttribute('data-own');
    await expect(playerBar(page).getByTestId('player-title')).toHaveText(/Crickets$/);
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect(playerBar(page).getByTestId('player-layers')).toHaveText('+ Rain');
  });

  test('kept as a mix: saved by name, continued after the tab is closed, shared as the sender\'s own (the rest plays), and deleted from under a saved mix (named; Rain takes its place)', async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const first = await context.newPage();
    await first.goto('/');
    const row = await importFan(first);
    await row.getByRole('button', { name: 'Play fan' }).click();
    await openMixPanel(first);
    await mixPanel(first).getByRole('combobox', { name: 'Add a layer' }).selectOption({ label: 'Rain' });
    await setLayerPercent(first, 'Rain', 40);
    await mixPanel(first).getByRole('button', { name: 'Save mix' }).click();
    const dialog = first.getByRole('dialog', { name: 'Save this mix' });
    await expect(dialog.getByLabel('Name')).toHaveValue('fan + Rain');
    await dialog.getByLabel('Name').fill('Fan night');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const saved = await first.evaluate(() => JSON.parse(localStorage.getItem('savedMixes') ?? '[]') as { sound: string; soundName?: string; layers: unknown[] }[]);
    expect(saved[0]).toMatchObject({ sound: expect.stringMatching(/^own:[a-z0-9-]+$/), soundName: 'fan', layers: [{ sound: 'rain', level: 0.4 }] });
    await mixPanel(first).getByRole('button', { name: 'Copy link' }).click();
    const link = await first.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/\?mix=2&sound=own&layers=rain:40&volume=\d+&alive=1&seed=\d+$/);
    await expect.poll(() => first.evaluate(() => JSON.parse(localStorage.getItem('lastMix') ?? 'null')?.sound)).toBe(saved[0]?.sound);
    await first.close();

    // The next visit offers it; one tap plays the sound as the track with Rain under it, heard.
    const page = await context.newPage();
    await page.addInitScript(outputProbeScript(1024));
    await page.goto('/');
    await page.getByTestId('continue-offer').getByRole('button', { name: 'Continue fan + Rain' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect(playerBar(page).getByTestId('player-title')).toHaveText(/fan$/);
    await expect(playerBar(page).getByTestId('player-layers')).toHaveText('+ Rain');
    await expect.poll(() => sounding(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await recordPower(page, 1000)).toBeGreaterThan(1e-4);

    // The link, on a device without the sound: it says so, and Rain plays as the track at its level.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    const card = page.getByTestId('shared-mix');
    await expect(card.getByTestId('shared-mix-sender-own')).toHaveText('This mix also had a sound of the sender’s own, which only their device holds: the rest plays without it.');
    expect(await axeViolations(page), 'axe, a link whose track was the sender’s own').toEqual([]);
    await card.getByRole('button', { name: 'Play this mix' }).click();
    await expect(playerBar(page).getByTestId('player-title')).toHaveText(/Rain$/);
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect(playerBar(page).getByTestId('player-layers')).toHaveCount(0);

    // Deleted: the saved mix names it, and plays Rain in its place.
    await page.goto('/');
    await page.getByTestId('own-sound').filter({ hasText: 'fan' }).getByRole('button', { name: 'Delete fan' }).click();
    await page.getByTestId('own-sound-confirm-delete').click();
    await expect(page.getByTestId('own-sound')).toHaveCount(0);
    await expect(playerBar(page)).toHaveCount(0);
    await page.getByTestId('sound-grid').getByRole('button', { name: /^Crickets\b/ }).click();
    await openMixPanel(page);
    const mixRow = page.getByTestId('saved-mix').filter({ hasText: 'Fan night' });
    await expect(mixRow.getByTestId('saved-mix-sounds')).toHaveText('fan + Rain');
    await expect(mixRow.getByTestId('saved-mix-gone')).toHaveText('No longer on this device, so not playing: fan.');
    await mixRow.getByRole('button', { name: 'Play mix Fan night' }).click();
    await expect(playerBar(page).getByTestId('player-title')).toHaveText(/Rain$/);
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
  });

  test('as loud as the catalogue\'s soundscapes: a recording far quieter plays within 1 LU of their loudness (the studio\'s audit), measured by the same BS.1770 meter on what the page outputs', async ({ page }) => {
    await page.addInitScript(outputProbeScript(4096));
    await page.goto('/');
    // A fan heard from across the room: seeded low-passed noise, far under the catalogue's level, its two channels
    // drawn alike (equal power). No slow drift, whose peaks the import's −2 dBTP ceiling would hold down.
    const far = (seed: number) => {
      let state = seed;
      let y = 0;
      return Float32Array.from({ length: 12 * 48_000 }, () => (y = 0.85 * y + 0.15 * ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5)) * 0.06);
    };
    const row = await importWav(page, 'far fan.wav', [far(7), far(8)]);
    await row.getByRole('button', { name: 'Play far fan' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-own');
    await page.waitForTimeout(1500);
    const { samples, sampleRate } = await recordSamples(page, 6000);
    // The meter reads 48 kHz; the context may run at the device's rate (44.1 kHz here): brought over as the import does.
    const left = integratedLoudness([sampleRate === 48_000 ? samples : resampleSinc(samples, sampleRate, 48_000)]);
    // The probe hears the left channel: with two channels of equal power the whole is 3.01 LU louder.
    const heard = left + 10 * Math.log10(2);
    const loops = (JSON.parse(readFileSync(new URL('../../studio/report/audit.json', import.meta.url), 'utf8')) as { sounds: { form: string; lufs: number }[] }).sounds.filter((sound) => sound.form === 'loop').map((sound) => sound.lufs);
    const [quietest, loudest] = [Math.min(...loops), Math.max(...loops)];
    console.log(`as heard: the import ${heard.toFixed(2)} LUFS (the file ${integratedLoudness([far(7), far(8)]).toFixed(1)}); the catalogue's loops ${quietest.toFixed(2)} to ${loudest.toFixed(2)}`);
    expect(heard, 'the import as heard (LUFS)').toBeGreaterThanOrEqual(quietest - 1);
    expect(heard, 'the import as heard (LUFS)').toBeLessThanOrEqual(loudest + 1);
  });

  test('walking a 60 s recording, it holds at most 12 MB of decoded audio (every AudioBuffer alive and the page\'s array memory, counted from outside the engine)', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const row = await importWav(page, 'long fan.wav', [recording(60, 13), recording(60, 14)], 60_000);
    const cdp = await page.context().newCDPSession(page);
    const backing = async () => ((await cdp.send('Runtime.getHeapUsage')) as { backingStorageSize?: number }).backingStorageSize ?? 0;
    await collectGarbage(page);
    const before = await backing();
    await row.getByRole('button', { name: 'Play long fan' }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    let peak = 0;
    let peakBacking = 0;
    // 20 s: four chunk reads and at least one of the walk's joins (its segments are 8–24 s).
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(2000);
      peak = Math.max(peak, await liveDecodedBytes(page));
      peakBacking = Math.max(peakBacking, (await backing()) - before);
    }
    console.log(`own sound walking: decoded AudioBuffers alive at most ${(peak / 1e6).toFixed(2)} MB; the page's array-buffer memory grew at most ${(peakBacking / 1e6).toFixed(2)} MB`);
    expect(peak, 'decoded audio alive (bytes)').toBeGreaterThan(0);
    // The walk's cache of decoded chunks is plain arrays, not AudioBuffers: the page's array-buffer memory (DevTools'
    // count, which also holds whatever else the page allocated meanwhile) is added, so the figure can only over-count.
    expect(peak + peakBacking, 'decoded audio alive, AudioBuffers and arrays (bytes)').toBeLessThanOrEqual(12_000_000);
  });
});
