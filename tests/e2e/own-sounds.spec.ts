/**
 * Your sounds (issue 41), in Chromium: fixtures made here at run time (a WAV, a FLAC, an MP3 from the studio’s encoder, a
 * silent WAV, a corrupt file, an image renamed .mp3, an empty file), imported through the picker and by a drop,
 * played as the track and recorded, offline after a reload, renamed, given an emoji, deleted, and cancelled half-way;
 * Settings shows the storage they use. One plays as a layer under a catalogue track, recorded, in a saved mix and in
 * a link, and is deleted from under it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { outputProbeScript, seamMetrics, type OutputProbe } from './output-probe';
import { soundingNow } from './audio-census';
import { db as dB, mixPanel, openMixPanel, playerBar, powerWithAndWithout, setLayerPercent } from './mix-panel';
import { recordPower } from './record-rms';
import { encodeMp3 } from '../../studio/mp3';
import { flac, recording, wav as wavFile } from './audio-files';
import { countPageDecodes, pageDecodes, storedSounds } from './own-sounds-page';

const RATE = 48_000;

const wav = (channels: Float32Array[], rate = RATE) => wavFile(channels, rate);

const HOSTILE = `<img src=x onerror="document.title='owned'">${'a'.repeat(2000)}`;

/**
 * The own-sounds database, counted from the page; absent, nothing is stored (and it is not made: a bare open would
 * create it without its stores, which the app then has to mend, own-sounds-db.test.ts).
 */
const stored = (page: Page) =>
  page.evaluate(
    async () =>
      !(await indexedDB.databases()).some((db) => db.name === 'lull-own-sounds') ? { sounds: 0, chunks: 0 } : new Promise<{ sounds: number; chunks: number }>((resolve, reject) => {
        const open = indexedDB.open('lull-own-sounds');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sounds')) {
            db.close();
            resolve({ sounds: 0, chunks: 0 });
            return;
          }
          const tx = db.transaction(['sounds', 'chunks']);
          const sounds = tx.objectStore('sounds').count();
          const chunks = tx.objectStore('chunks').count();
          tx.oncomplete = () => {
            db.close();
            resolve({ sounds: sounds.result, chunks: chunks.result });
          };
        };
      }),
  );

const messages = (page: Page) => page.getByTestId('own-sounds-message');
const ownSound = (page: Page, name: RegExp | string) => page.getByTestId('own-sound').filter({ has: page.getByTestId('own-sound-name-text').getByText(name) });

/** Records `ms` of what the page outputs once the sound is heard, on the audio thread. */
async function hear(page: Page, ms: number) {
  await page.evaluate(() => {
    const probe = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    probe.take();
    probe.record(true);
  });
  await page.waitForTimeout(ms);
  return page.evaluate(() => {
    const probe = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    probe.record(false);
    const { samples, sampleRate, holes, droppedBlocks } = probe.take();
    const first = Array.prototype.findIndex.call(samples, (x: number) => x !== 0);
    const heard = Array.from(samples).slice(Math.max(0, first));
    const rms = Math.sqrt(heard.reduce((sum, x) => sum + x * x, 0) / Math.max(1, heard.length));
    return { samples: heard, sampleRate, holes: holes.map((at: number) => at - first), droppedBlocks, rms };
  });
}

test.describe('Your sounds', () => {
  test('bad input: an image renamed .mp3, a corrupt file, an empty one and pure silence each say why, and nothing is stored', async ({ page }) => {
    const png = readFileSync(new URL('../../public/icons/icon-192.png', import.meta.url));
    const corrupt = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '), Buffer.alloc(64, 0x7f)]);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Add your sounds' })).toBeVisible();
    await page.getByTestId('own-sounds-input').setInputFiles([
      { name: 'holiday.mp3', mimeType: 'audio/mpeg', buffer: png },
      { name: 'broken.wav', mimeType: 'audio/wav', buffer: corrupt },
      { name: 'nothing.mp3', mimeType: 'audio/mpeg', buffer: Buffer.alloc(0) },
      { name: 'quiet.wav', mimeType: 'audio/wav', buffer: wav([new Float32Array(6 * RATE), new Float32Array(6 * RATE)]) },
    ]);
    await expect(messages(page)).toHaveCount(4, { timeout: 30_000 });
    await expect(messages(page).nth(0)).toHaveText('“holiday.mp3” is not an audio file.');
    await expect(messages(page).nth(1)).toHaveText('“broken.wav” could not be decoded: it is damaged, cut short, or in a format this browser cannot play.');
    await expect(messages(page).nth(2)).toHaveText('“nothing.mp3” is empty (0 bytes).');
    await expect(messages(page).nth(3)).toHaveText('“quiet.wav” is silent: there is nothing to loop.');
    await expect(page.getByTestId('own-sounds')).toHaveCount(0);
    expect(await stored(page)).toEqual({ sounds: 0, chunks: 0 });
  });

  test('Cancel half-way leaves nothing behind', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('own-sounds-input').setInputFiles([{ name: 'long.wav', mimeType: 'audio/wav', buffer: wav([recording(90, 7), recording(90, 8)]) }]);
    await expect(page.getByTestId('own-sounds-job')).toBeVisible();
    await expect(page.getByTestId('own-sounds-job').getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
    await page.getByTestId('own-sounds-cancel').click();
    await expect(messages(page)).toHaveText(['Import cancelled. Nothing was kept.'], { timeout: 30_000 });
    await expect(page.getByTestId('own-sounds-job')).toHaveCount(0);
    expect(await stored(page)).toEqual({ sounds: 0, chunks: 0 });
  });

  test('a FLAC imports and plays; with storage full the next import says so, and the sound, the mix and the playlist already kept are untouched', async ({ page, context }) => {
    await page.addInitScript(outputProbeScript(4096));
    await countPageDecodes(page);
    await page.goto('/');
    // A device with little room: the origin's quota is what it uses now and 600 kB more (set before any write: Chromium
    // keeps a database's room in hand for a while once it has written). Sounds are stored as Opus, about 1.25 MB a minute.
    const cdp = await context.newCDPSession(page);
    const origin = new URL(page.url()).origin;
    const { usage } = await cdp.send('Storage.getUsageAndQuota', { origin });
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + 600_000 });
    // What the listener already has: a saved mix and a playlist (as SPEC stores them), and a sound of their own, from a FLAC.
    const mixes = [{ id: 'm1', name: 'Night', sound: 'rain', layers: [{ sound: 'brown', level: 0.3 }], alive: true, seed: 9 }];
    const playlists = [{ id: 'p1', name: 'Evening', description: '', items: [{ index: 0, duration: 5 }, { index: 2, duration: 10 }] }];
    await page.evaluate(([m, p]) => {
      localStorage.setItem('savedMixes', JSON.stringify(m));
      localStorage.setItem('soundscapePlaylists', JSON.stringify(p));
    }, [mixes, playlists] as const);
    const kept = await page.evaluate(() => [localStorage.getItem('savedMixes'), localStorage.getItem('soundscapePlaylists')]);
    // At 44.1 kHz, as most recordings are: decoded at its own rate, brought to 48 kHz in the import worker.
    await page.getByTestId('own-sounds-input').setInputFiles([{ name: 'porch.flac', mimeType: 'audio/flac', buffer: flac([recording(7, 21, 44_100), recording(7, 22, 44_100)], 44_100) }]);
    await expect(ownSound(page, 'porch')).toHaveCount(1, { timeout: 45_000 });
    await expect(messages(page)).toHaveText(['“porch” is ready in Your sounds.']);
    // Split into frames and decoded in the import worker (src/lib/flac-frames.ts), not on the page.
    expect(await pageDecodes(page), 'decodes on the page').toBe(0);
    // 7 s at 48 kHz is 336,000 frames; less its crossfade (a quarter of a recording this short): 252,000.
    expect(await page.evaluate(() => new Promise((resolve) => {
      indexedDB.open('lull-own-sounds').onsuccess = (event) => {
        const db = (event.target as IDBOpenDBRequest).result;
        const all = db.transaction('sounds').objectStore('sounds').getAll();
        all.onsuccess = () => resolve(all.result.map((sound: { frames: number; sampleRate: number }) => [sound.frames, sound.sampleRate]));
      };
    }))).toEqual([[252_000, 48_000]]);
    await ownSound(page, 'porch').getByTestId('own-sound-play').click();
    await page.waitForTimeout(500);
    expect((await hear(page, 1500)).rms, 'RMS heard from the FLAC').toBeGreaterThan(0.01);
    await ownSound(page, 'porch').getByTestId('own-sound-play').click();
    const before = await stored(page);

    // Storage now nearly full: the next sound (a 58 s loop, about 1.2 MB stored) does not fit.
    await page.getByTestId('own-sounds-input').setInputFiles([{ name: 'storm.wav', mimeType: 'audio/wav', buffer: wav([recording(60, 23), recording(60, 24)]) }]);
    await expect(messages(page).last()).toHaveText('“storm.wav” could not be saved on this device (storage is full or blocked). Nothing was kept.', { timeout: 45_000 });
    await expect(page.getByTestId('own-sound')).toHaveCount(1);
    expect(await stored(page)).toEqual(before);
    expect(await page.evaluate(() => [localStorage.getItem('savedMixes'), localStorage.getItem('soundscapePlaylists')])).toEqual(kept);
    // The sound kept still plays.
    await ownSound(page, 'porch').getByTestId('own-sound-play').click();
    await page.waitForTimeout(500);
    expect((await hear(page, 1000)).rms, 'RMS heard after the refused import').toBeGreaterThan(0.01);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  });

  test('Surprise me leaves your sounds out unless asked; asked, one of them leads the mix', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('sound-grid').getByRole('button', { name: /^Ocean\b/ }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await openMixPanel(page);
    // No own sounds yet: no switch.
    await expect(mixPanel(page).getByLabel('With one of your sounds')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('own-sounds-input').setInputFiles([{ name: 'fan.wav', mimeType: 'audio/wav', buffer: wav([recording(6, 31)]) }]);
    await expect(ownSound(page, 'fan')).toHaveCount(1, { timeout: 45_000 });
    await openMixPanel(page);
    const layers = playerBar(page).getByTestId('player-layers');
    await mixPanel(page).getByTestId('surprise-me').click();
    await expect(layers).toHaveText(/^\+ /);
    await expect(layers).not.toContainText('fan');
    const asked = mixPanel(page).getByLabel('With one of your sounds');
    await asked.check();
    await mixPanel(page).getByTestId('surprise-me').click();
    await expect(layers).toHaveText(/^\+ fan( \+ [^+]+){1,3}$/);
    expect(await axeViolations(page), 'axe, the mix panel with the switch').toEqual([]);
  });

  test('a tab closed mid-import leaves nothing half-stored, and the next visit imports afresh', async ({ context }) => {
    const first = await context.newPage();
    await first.goto('/');
    await first.getByTestId('own-sounds-input').setInputFiles([{ name: 'long.wav', mimeType: 'audio/wav', buffer: wav([recording(90, 41), recording(90, 42)]) }]);
    await expect(first.getByTestId('own-sounds-job').getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
    await first.close();
    const page = await context.newPage();
    await page.goto('/');
    expect(await stored(page)).toEqual({ sounds: 0, chunks: 0 });
    await expect(page.getByTestId('own-sound')).toHaveCount(0);
    await page.getByTestId('own-sounds-input').setInputFiles([{ name: 'short.wav', mimeType: 'audio/wav', buffer: wav([recording(6, 43)]) }]);
    // The message first: a failed import says why, where a missing row says nothing.
    await expect(messages(page)).toHaveText(['“short” is ready in Your sounds.'], { timeout: 45_000 });
    await expect(ownSound(page, 'short')).toHaveCount(1);
    // 6 s of mono, less the 2 s crossfade: one 4 s chunk.
    expect(await stored(page)).toEqual({ sounds: 1, chunks: 1 });
  });

  test('two tabs importing at once: both sounds are kept whole, each tab lists both, and a delete in one takes it from the other', async ({ context }) => {
    const [one, two] = [await context.newPage(), await context.newPage()];
    await Promise.all([one.goto('/'), two.goto('/')]);
    // Started together: 20 s and 14 s of mono, 18 s and 12 s loops (4 and 3 chunks), prepared side by side.
    await Promise.all([
      one.getByTestId('own-sounds-input').setInputFiles([{ name: 'fan.wav', mimeType: 'audio/wav', buffer: wav([recording(20, 51)]) }]),
      two.getByTestId('own-sounds-input').setInputFiles([{ name: 'rain.wav', mimeType: 'audio/wav', buffer: wav([recording(14, 52)]) }]),
    ]);
    await expect(messages(one)).toHaveText(['“fan” is ready in Your sounds.'], { timeout: 45_000 });
    await expect(messages(two)).toHaveText(['“rain” is ready in Your sounds.'], { timeout: 45_000 });
    expect(await stored(one)).toEqual({ sounds: 2, chunks: 7 });
    // Cut into segments as the catalogue's loops are (8 to 24 s each, 1 s crossfades): the 18 s loop walks in two,
    // the 12 s one is too short for two and plays in order.
    const segments = Object.fromEntries((await storedSounds(one)).map((sound) => [sound.name, sound.segments ?? null]));
    expect(segments.rain).toBeNull();
    expect(segments.fan?.crossfade).toBe(48_000);
    expect(segments.fan?.starts).toHaveLength(2);
    const [a, b] = segments.fan!.starts;
    expect(Math.min(b! - a!, 18 * 48_000 - (b! - a!))).toBeGreaterThanOrEqual(8 * 48_000);
    // Each tab lists the other's without a reload.
    for (const page of [one, two]) {
      await expect(ownSound(page, 'fan')).toHaveCount(1);
      await expect(ownSound(page, 'rain')).toHaveCount(1);
    }
    await ownSound(two, 'fan').getByRole('button', { name: 'Delete fan' }).click();
    await two.getByTestId('own-sound-confirm-delete').click();
    await expect(ownSound(one, 'fan')).toHaveCount(0);
    await expect(ownSound(one, 'rain')).toHaveCount(1);
    expect(await stored(one)).toEqual({ sounds: 1, chunks: 3 });
  });

  test('Settings, before any import: says so, and the visit creates no database', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByTestId('own-sounds-storage')).toContainText('You have not added any sounds of your own. Add them on the home page.');
    await expect(page.getByTestId('own-sounds-storage').getByRole('link', { name: 'Manage them on the home page' })).toHaveAttribute('href', '/');
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain('lull-own-sounds');
  });

  test('the lock screen names the sound and shows a cover drawn from its spectrum: a rumble\'s hills lean left, a hiss\'s right', async ({ page }) => {
    // Seeded white noise, integrated (a rumble: −6 dB an octave over 40 Hz) and differenced (a hiss: +6 dB an octave).
    let state = 11;
    const white = Float32Array.from({ length: 6 * RATE }, () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5));
    let y = 0;
    const rumble = Float32Array.from(white, (w) => (y = 0.995 * y + 0.05 * w));
    const hiss = Float32Array.from(white, (w, i) => 0.3 * (w - (white[i - 1] ?? 0)));
    await page.goto('/');
    await page.getByTestId('own-sounds-input').setInputFiles([
      { name: 'rumble.wav', mimeType: 'audio/wav', buffer: wav([rumble]) },
      { name: 'hiss.wav', mimeType: 'audio/wav', buffer: wav([hiss]) },
    ]);
    await expect(page.getByTestId('own-sound')).toHaveCount(2, { timeout: 45_000 });
    /** The front hill (the spectrum itself, the colour at the bottom right): per column, how high it stands, left half against right. */
    const lean = () =>
      page.evaluate(async () => {
        const src = navigator.mediaSession.metadata?.artwork[0]?.src ?? '';
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const g = canvas.getContext('2d')!;
        g.drawImage(image, 0, 0);
        const { data, width, height } = g.getImageData(0, 0, image.width, image.height);
        const pixel = (x: number, y: number) => data.slice(4 * (y * width + x), 4 * (y * width + x) + 3).join();
        const hill = pixel(width - 1, height - 1);
        const column = (x: number) => {
          let land = 0;
          for (let y = 0; y < height; y++) if (pixel(x, y) === hill) land++;
          return land / height;
        };
        const mean = (from: number, to: number) => {
          let sum = 0;
          for (let x = from; x < to; x += 4) sum += column(x);
          return sum / Math.ceil((to - from) / 4);
        };
        return { src: src.slice(0, 22), width, height, left: mean(0, width / 2), right: mean(width / 2, width) };
      });
    const session = () => page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, artist: navigator.mediaSession.metadata?.artist, state: navigator.mediaSession.playbackState }));

    await ownSound(page, 'rumble').getByTestId('own-sound-play').click();
    await expect.poll(session).toEqual({ title: 'rumble', artist: 'Lull', state: 'playing' });
    const low = await lean();
    await ownSound(page, 'hiss').getByTestId('own-sound-play').click();
    await expect.poll(session).toEqual({ title: 'hiss', artist: 'Lull', state: 'playing' });
    const high = await lean();
    console.log(`covers: rumble ${JSON.stringify(low)}, hiss ${JSON.stringify(high)}`);
    for (const cover of [low, high]) expect(cover).toMatchObject({ src: 'data:image/png;base64,', width: 512, height: 512 });
    expect(low.left).toBeGreaterThan(low.right + 0.1);
    expect(high.right).toBeGreaterThan(high.left + 0.1);
    // Paused from the row: the lock screen says paused.
    await ownSound(page, 'hiss').getByTestId('own-sound-play').click();
    await expect.poll(session).toEqual({ title: 'hiss', artist: 'Lull', state: 'paused' });
  });

  test.describe('stored, played, offline', () => {
    test.use({ serviceWorkers: 'allow', bypassCSP: true });

    test('shared from another app (the manifest\'s share target): the service worker keeps the file, Home imports and plays it; a share that failed says so', async ({ page }) => {
      await page.addInitScript(outputProbeScript(4096, 'worklet'));
      await page.goto('/');
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
      const manifest = await page.evaluate(async () => (await fetch(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href)).json());
      expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data', params: { files: [{ name: 'audio' }] } });
      // What Android's share sheet does: a multipart POST navigation to the action, here from a form with the file in it.
      const bytes = wav([recording(8, 5), recording(8, 6)]).toString('base64');
      await page.evaluate((data) => {
        const form = Object.assign(document.createElement('form'), { method: 'post', enctype: 'multipart/form-data', action: '/share-target' });
        const input = Object.assign(document.createElement('input'), { type: 'file', name: 'audio' });
        const files = new DataTransfer();
        files.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'porch at night.wav', { type: 'audio/wav' }));
        input.files = files.files;
        form.append(input);
        document.body.append(form);
        form.submit();
      }, bytes);
      await expect(messages(page)).toHaveText(['“porch at night” is ready in Your sounds.'], { timeout: 45_000 });
      // Home, without the query: a reload does not ask for the share again.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');
      expect(await stored(page)).toMatchObject({ sounds: 1 });
      expect(await page.evaluate(async () => (await caches.keys()).includes('lull-shared-files'))).toBe(false);
      const row = ownSound(page, 'porch at night');
      await row.getByTestId('own-sound-play').click();
      await expect(row.getByTestId('own-sound-play')).toHaveAttribute('aria-pressed', 'true');
      await page.waitForTimeout(500);
      expect((await hear(page, 1500)).rms, 'RMS heard').toBeGreaterThan(0.01);
      await row.getByTestId('own-sound-play').click();

      await page.goto('/?shared=failed');
      await expect(messages(page)).toHaveText(['Lull could not receive what you shared. Nothing was kept: share it again, or use Add your sounds.']);
      expect(await stored(page)).toMatchObject({ sounds: 1 });
    });

    test('a WAV (hostile 2,000-character name) and a studio MP3 import, play as the track without a seam, play offline after a reload, rename and delete', async ({ page, context, allowConsoleErrors }) => {
      allowConsoleErrors(/net::ERR_INTERNET_DISCONNECTED/);
      await page.addInitScript(outputProbeScript(4096, 'worklet'));
      // A WAV and an MP3 are decoded in the import worker, never on the page.
      await countPageDecodes(page);
      await page.goto('/');
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
      const mp3 = Buffer.from(await encodeMp3(recording(7, 3), recording(7, 4), { vbrQuality: 4 }));
      // 8 s: a 6 s loop after its 2 s crossfade, stored as a 5 s chunk and a 1 s one, so one recording crosses both joins.
      await page.getByTestId('own-sounds-input').setInputFiles([
        { name: `${HOSTILE}.wav`, mimeType: 'audio/wav', buffer: wav([recording(8, 1), recording(8, 2)]) },
        { name: 'fan.mp3', mimeType: 'audio/mpeg', buffer: mp3 },
      ]);
      await expect(page.getByTestId('own-sound')).toHaveCount(2, { timeout: 45_000 });
      await expect(messages(page)).toHaveCount(2);
      // The name is text, cut to 60 characters: no element was made from it.
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      expect(await page.title()).not.toBe('owned');
      const hostileRow = ownSound(page, '<img src=x');
      await expect(hostileRow.getByTestId('own-sound-name-text')).toHaveText(HOSTILE.slice(0, 60));
      // Its length and storage, as Settings says them: 8 s less the 2 s crossfade, stored as Opus (src/lib/own-sound-opus.ts).
      await expect(hostileRow).toContainText(/6 s loop · 1\d\d kB/);
      expect(await pageDecodes(page), 'decodes on the page').toBe(0);
      // Their lengths, sample-exact: 8 s and 7 s at 48 kHz less their crossfades (2 s; a quarter of 7 s). The MP3's
      // LAME tag said its encoder's delay and padding, and the worker dropped exactly those.
      expect((await storedSounds(page)).map((sound) => [sound.name.slice(0, 4), sound.frames]).sort()).toEqual([['<img', 288_000], ['fan', 252_000]]);
      // The goal for storage, 1.5 MB a minute (16-bit PCM was 11.5), met by every sound imported here.
      for (const sound of await storedSounds(page)) {
        expect(sound.opus, `${sound.name.slice(0, 10)}: stored as Opus`).toMatchObject({ bitrate: 160_000 });
        expect(sound.storedBytes / (sound.frames / sound.sampleRate / 60), `${sound.name.slice(0, 10)}: bytes stored per minute`).toBeLessThanOrEqual(1_500_000);
      }

      await hostileRow.getByTestId('own-sound-play').click();
      await expect(hostileRow.getByTestId('own-sound-play')).toHaveAttribute('aria-pressed', 'true');
      await page.waitForTimeout(500);
      const heard = await hear(page, 7000);
      const metrics = seamMetrics(heard.samples, heard.sampleRate, heard.holes);
      console.log(`own sound as heard: ${JSON.stringify({ rms: heard.rms, dropped: heard.droppedBlocks, ...metrics })}`);
      expect(heard.rms, 'RMS heard').toBeGreaterThan(0.01);
      expect(heard.samples.length / heard.sampleRate, 'seconds heard (across the chunk join at 5 s and the loop at 6 s)').toBeGreaterThan(6.2);
      expect(metrics.longestSilenceMs, 'longest silence (ms)').toBeLessThanOrEqual(1);
      expect(metrics.maxJumpRatio, 'largest jump / p99.9').toBeLessThanOrEqual(3);

      // Pause, then offline: the sounds are on the device.
      await hostileRow.getByTestId('own-sound-play').click();
      await expect(hostileRow.getByTestId('own-sound-play')).toHaveAttribute('aria-pressed', 'false');
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByTestId('own-sound')).toHaveCount(2);
      const fan = ownSound(page, 'fan');
      await fan.getByTestId('own-sound-play').click();
      await page.waitForTimeout(500);
      expect((await hear(page, 1500)).rms, 'RMS heard offline').toBeGreaterThan(0.01);
      await fan.getByTestId('own-sound-play').click();

      // Rename: validated like a playlist's name.
      await fan.getByRole('button', { name: 'Rename fan' }).click();
      await page.getByTestId('own-sound-name').fill('   ');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('own-sound-name-problem')).toHaveText('Please enter a name');
      await page.getByTestId('own-sound-name').fill('Kitchen fan');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(ownSound(page, 'Kitchen fan')).toHaveCount(1);
      await page.reload();
      await expect(ownSound(page, 'Kitchen fan')).toHaveCount(1);

      // An emoji: the first until one is chosen, from a menu of named ones; kept after a reload.
      const emoji = () => ownSound(page, 'Kitchen fan').getByRole('button', { name: 'Choose an emoji for Kitchen fan' });
      await expect(emoji()).toHaveText('🎙️');
      await emoji().click();
      await expect(page.getByRole('menu', { name: 'Emoji for Kitchen fan' })).toBeVisible();
      expect(await axeViolations(page), 'axe, the home page with Your sounds and the emoji menu open').toEqual([]);
      await page.getByRole('menu', { name: 'Emoji for Kitchen fan' }).getByRole('menuitem', { name: 'Fan' }).click();
      await expect(emoji()).toHaveText('🌀');
      await expect(emoji()).toBeFocused();
      await page.reload();
      await expect(emoji()).toHaveText('🌀');

      // Delete asks first; Cancel keeps it.
      const before = await stored(page);
      await ownSound(page, 'Kitchen fan').getByRole('button', { name: 'Delete Kitchen fan' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('own-sound')).toHaveCount(2);
      await ownSound(page, 'Kitchen fan').getByRole('button', { name: 'Delete Kitchen fan' }).click();
      await page.getByTestId('own-sound-confirm-delete').click();
      await expect(page.getByTestId('own-sound')).toHaveCount(1);
      const after = await stored(page);
      expect(after.sounds).toBe(1);
      expect(after.chunks).toBeLessThan(before.chunks);
      // 6 s of stereo loop: a 5 s chunk and a 1 s one remain, the WAV's.
      expect(after.chunks).toBe(2);
      await context.setOffline(false);

      // Settings: the storage the one left uses, as its record counts it (a 6 s loop of Opus at 160 kbit/s with each chunk's pre- and post-roll: about 125 kB).
      const [left] = await storedSounds(page);
      const size = `${Math.round(left!.storedBytes / 1000)} kB`;
      await page.goto('/settings');
      const storage = page.getByTestId('own-sounds-storage');
      await expect(storage.getByTestId('own-sounds-storage-total')).toHaveText(`1 sound uses ${size} of storage on this device.`);
      await expect(storage.getByTestId('own-sounds-storage-item')).toHaveCount(1);
      await expect(storage.getByTestId('own-sounds-storage-item')).toContainText(HOSTILE.slice(0, 60));
      await expect(storage.getByTestId('own-sounds-storage-item')).toContainText(`6 s loop · ${size}`);
      expect(await axeViolations(page), 'axe, Settings with Your sounds').toEqual([]);
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
    });

    test('a file dropped on the home page is imported', async ({ page }) => {
      await page.goto('/');
      const bytes = [...wav([recording(5, 9)])];
      await page.evaluate((data) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], 'dropped rain.wav', { type: 'audio/wav' }));
        window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, cancelable: true }));
        document.querySelector('main')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true, bubbles: true }));
      }, bytes);
      await expect(ownSound(page, 'dropped rain')).toHaveCount(1, { timeout: 30_000 });
      expect(await stored(page)).toMatchObject({ sounds: 1 });
    });
  });
});

test.describe('your sound as a layer', { tag: '@live' }, () => {
  test('heard under Crickets at its own level, named in the bar and on the lock screen, kept in a saved mix by name, left out of a link, and taken out when deleted', async ({ page }) => {
    await page.addInitScript(outputProbeScript(1024));
    await page.goto('/');
    await page.getByTestId('own-sounds-input').setInputFiles([{ name: 'fan.wav', mimeType: 'audio/wav', buffer: wav([recording(8, 5), recording(8, 6)]) }]);
    await expect(ownSound(page, 'fan')).toHaveCount(1, { timeout: 45_000 });

    // Crickets (catalogue volume 0.2) is quiet: the layer's share stands well above its chirps' swing.
    await page.getByTestId('sound-grid').getByRole('button', { name: /^Crickets\b/ }).click();
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    const track = await recordPower(page, 2000);
    await openMixPanel(page);
    const add = mixPanel(page).getByRole('combobox', { name: 'Add a layer' });
    // The picker groups the listener's own sounds apart from the catalogue's.
    await expect(add.locator('optgroup[label="Your sounds"] option')).toHaveText(['fan']);
    await add.selectOption({ label: 'fan' });
    await mixPanel(page).getByLabel('Alive: levels drift slowly').uncheck();
    await setLayerPercent(page, 'fan', 100);
    await expect(playerBar(page).getByTestId('player-layers')).toHaveText('+ fan');
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Crickets + fan');
    expect(await axeViolations(page), 'axe, the mix panel with an own sound as a layer').toEqual([]);
    // Its chunks sound beside the track's windows (audio-census.ts counts every source sounding).
    await expect.poll(() => soundingNow(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const { withLayer: all, without: muted } = await powerWithAndWithout(page, 'fan');
    console.log(`own layer: track ${dB(Math.sqrt(track)).toFixed(1)} dBFS, with fan ${dB(Math.sqrt(all)).toFixed(1)}, fan at 0 % ${dB(Math.sqrt(muted)).toFixed(1)}`);
    // The layer carries a real share of the mix (at least a tenth of its power), and its slider takes it out: what
    // is left is the track's power (Crickets' chirps swing it ±2 dB over 2 s), far under the layer's.
    expect((all - muted) / all).toBeGreaterThan(0.1);
    expect(muted / all).toBeLessThan(Math.max(0.01, 2 * (track / all)));
    expect(muted).toBeGreaterThan(1e-6);

    // Saved: the layer keeps the sound's name beside its id.
    await mixPanel(page).getByRole('button', { name: 'Save mix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this mix' });
    await dialog.getByLabel('Name').fill('Fan night');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(mixPanel(page).getByTestId('mix-saved')).toHaveText('Saved as Fan night');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('savedMixes') ?? '[]') as { layers: { sound: string; level: number; name?: string }[] }[]);
    expect(saved[0]?.layers).toEqual([{ sound: expect.stringMatching(/^own:[a-z0-9-]+$/), level: 1, name: 'fan' }]);
    await page.keyboard.press('Escape');

    // Deleted: it leaves the mix at once; the track plays on; the saved mix names it and plays the rest.
    await ownSound(page, 'fan').getByRole('button', { name: 'Delete fan' }).click();
    await page.getByTestId('own-sound-confirm-delete').click();
    await expect(page.getByTestId('own-sound')).toHaveCount(0);
    await expect(playerBar(page).getByTestId('player-layers')).toHaveCount(0);
    await expect(playerBar(page)).toHaveAttribute('data-status', 'playing');
    await expect.poll(async () => (await recordPower(page, 1500)) / all, { timeout: 10_000 }).toBeLessThan(Math.max(0.01, 2 * (track / all)));
    const row = page.getByTestId('saved-mix').filter({ hasText: 'Fan night' });
    await expect(row.getByTestId('saved-mix-sounds')).toHaveText('Crickets + fan');
    await expect(row.getByTestId('saved-mix-gone')).toHaveText('No longer on this device, so not playing: fan.');
    await expect(row.getByRole('button', { name: 'Play mix Fan night' })).toBeEnabled();

    // A link with a sender's own sound says so and offers the rest.
    await page.goto('/?mix=2&sound=crickets&layers=own:60,rain:40');
    await expect(page.getByTestId('shared-mix-sender-own')).toHaveText('This mix also had a sound of the sender’s own, which only their device holds: the rest plays without it.');
    await expect(page.getByTestId('shared-mix-layer')).toHaveText(['With: Rain at 40 %']);
    await expect(page.getByTestId('mix-link-notice')).toHaveCount(0);
    expect(await axeViolations(page), 'axe, a link with a sender’s own sound').toEqual([]);
  });
});
