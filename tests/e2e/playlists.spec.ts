import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { expectTrackPlaying, trackState } from './track-state';
import { pressMediaKeys, recordMediaSessionHandlers } from './media-session';

const KEY = 'soundscapePlaylists';

const section = (page: Page) => page.getByTestId('playlists-section');
const editor = (page: Page) => page.getByRole('dialog', { name: /playlist/i });
const alertDialog = (page: Page) => page.getByRole('alertdialog');
const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown, KEY);

/** Seeds saved playlists before the app starts (once per test, so reloads keep what the app wrote). */
async function seed(page: Page, value: unknown) {
  await page.addInitScript(
    ({ key, raw }) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, raw);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { key: KEY, raw: JSON.stringify(value) },
  );
}

/** Stops the page's clock from flowing, so only runFor/fastForward move it. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

async function addSound(page: Page, name: string) {
  const select = editor(page).getByTestId('playlist-sound-select');
  const value = await select.locator('option', { hasText: name }).getAttribute('value');
  await select.selectOption(value ?? '');
  await editor(page).getByRole('button', { name: 'Add soundscape' }).click();
}

test.describe('playlist editor', () => {
  test('shows both validation alerts verbatim, and the open dialogs pass axe', async ({ page }) => {
    await page.goto('/');
    await section(page).getByRole('button', { name: 'Create Playlist' }).click();
    await expect(editor(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(alertDialog(page)).toContainText('Please enter a playlist name');
    expect(await axeViolations(page)).toEqual([]);
    await alertDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(alertDialog(page)).toBeHidden();

    // Only spaces is still no name.
    await editor(page).getByLabel('Name').fill('   ');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(alertDialog(page)).toContainText('Please enter a playlist name');
    await alertDialog(page).getByRole('button', { name: 'OK' }).click();

    await editor(page).getByLabel('Name').fill('Evening');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(alertDialog(page)).toContainText('Please add at least one soundscape to the playlist');
    await alertDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(editor(page)).toBeVisible();
    expect(await stored(page)).toBeNull();
  });

  test('a soundscape cannot be added twice; it joins with 5 minutes', async ({ page }) => {
    await page.goto('/');
    await section(page).getByRole('button', { name: 'Create Playlist' }).click();
    await addSound(page, 'Ocean');
    const items = editor(page).getByTestId('playlist-editor-item');
    await expect(items).toHaveCount(1);
    await expect(editor(page).getByLabel('Minutes of Ocean')).toHaveValue('5');
    // Ocean is no longer offered.
    await expect(editor(page).getByTestId('playlist-sound-select').locator('option', { hasText: 'Ocean' })).toHaveCount(0);
    await addSound(page, 'Rain');
    await expect(items).toHaveCount(2);
    await editor(page).getByLabel('Name').fill('Water');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeHidden();
    expect(await stored(page)).toEqual([{ id: expect.any(String), name: 'Water', description: '', items: [{ index: 0, duration: 5 }, { index: 2, duration: 5 }] }]);
  });

  test('the duration must be a whole number of at least 1; non-numeric reads as 0', async ({ page }) => {
    await page.goto('/');
    await section(page).getByRole('button', { name: 'Create Playlist' }).click();
    await editor(page).getByLabel('Name').fill('Short');
    await addSound(page, 'Fire');
    const minutes = editor(page).getByLabel('Minutes of Fire');
    await minutes.fill('0');
    await expect(editor(page).getByText('Enter a whole number of minutes, at least 1 and at most 1440 (24 hours).')).toBeVisible();
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeVisible();
    await expect(minutes).toBeFocused();
    expect(await stored(page)).toBeNull();

    // A number input holding something that is not a number reports '' : it reads as 0 once left.
    await minutes.fill('');
    await minutes.blur();
    await expect(minutes).toHaveValue('0');
    await expect(editor(page).getByText('Enter a whole number of minutes, at least 1 and at most 1440 (24 hours).')).toBeVisible();

    await minutes.fill('1.5');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeVisible();

    // A huge duration (35,792 minutes overflowed setTimeout) is refused, and the bound is stated.
    await expect(editor(page).getByText('minutes, 1 to 1440 (24 hours)')).toHaveCount(0);
    await minutes.fill('35792');
    await expect(editor(page).getByText('Enter a whole number of minutes, at least 1 and at most 1440 (24 hours).')).toBeVisible();
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeVisible();
    expect(await stored(page)).toBeNull();
    await minutes.fill('1440');
    await expect(editor(page).getByText('minutes, 1 to 1440 (24 hours)')).toBeVisible();

    await minutes.fill('1');
    await expect(editor(page).getByText('Enter a whole number of minutes, at least 1 and at most 1440 (24 hours).')).toHaveCount(0);
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeHidden();
    expect(await stored(page)).toEqual([expect.objectContaining({ name: 'Short', items: [{ index: 5, duration: 1 }] })]);
  });

  test('playlists persist across reload, and a name with HTML is shown as text', async ({ page }) => {
    const hostile = '<img src=x onerror="window.__pwned=1"><b>Bold</b> & co';
    await page.goto('/');
    await section(page).getByRole('button', { name: 'Create Playlist' }).click();
    await editor(page).getByLabel('Name').fill(hostile);
    await editor(page).getByLabel('Description').fill('<script>window.__pwned=2</script>');
    await addSound(page, 'Wind');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await page.reload();
    const card = section(page).getByTestId('playlist');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('playlist-name')).toHaveText(hostile);
    await expect(card.getByTestId('playlist-description')).toHaveText('<script>window.__pwned=2</script>');
    await expect(card.locator('img, b, script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(card.getByTestId('playlist-item')).toContainText('Wind');
    // What Lull saved itself reads back whole: no recovery notice.
    await expect(section(page).getByTestId('playlists-recovered')).toHaveCount(0);
  });

  test('playlists can be edited, reordered and deleted after confirmation', async ({ page }) => {
    await seed(page, [
      { id: 'a', name: 'First', description: '', items: [{ index: 0, duration: 5 }, { index: 2, duration: 3 }] },
      { id: 'b', name: 'Second', description: '', items: [{ index: 4, duration: 2 }] },
    ]);
    await page.goto('/');
    const names = section(page).getByTestId('playlist-name');
    await expect(names).toHaveText(['First', 'Second']);
    expect(await axeViolations(page)).toEqual([]);

    await section(page).getByRole('button', { name: 'Move playlist Second up' }).click();
    await expect(names).toHaveText(['Second', 'First']);

    await section(page).getByRole('button', { name: 'Edit playlist First' }).click();
    await expect(editor(page).getByLabel('Name')).toHaveValue('First');
    await editor(page).getByRole('button', { name: 'Move Rain up' }).click();
    await expect(editor(page).getByTestId('playlist-editor-item').first()).toContainText('Rain');
    await editor(page).getByRole('button', { name: 'Remove Ocean' }).click();
    await editor(page).getByLabel('Name').fill('First, edited');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(names).toHaveText(['Second', 'First, edited']);

    await section(page).getByRole('button', { name: 'Delete playlist Second' }).click();
    await expect(alertDialog(page)).toContainText('Delete the playlist Second?');
    expect(await axeViolations(page)).toEqual([]);
    await alertDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(names).toHaveCount(2);
    await section(page).getByRole('button', { name: 'Delete playlist Second' }).click();
    await alertDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(names).toHaveText(['First, edited']);

    await page.reload();
    await expect(names).toHaveText(['First, edited']);
    expect(await stored(page)).toEqual([{ id: 'a', name: 'First, edited', description: '', items: [{ index: 2, duration: 3 }] }]);
  });

  test('older and foreign stored shapes are read; what cannot be read is kept aside, not lost', async ({ page }) => {
    const raw = [{ name: 'Old', items: [{ soundscapeIndex: '3', duration: '2' }, { index: 9 }, { nonsense: true }] }, 42];
    await seed(page, raw);
    await page.goto('/');
    const card = section(page).getByTestId('playlist');
    await expect(card.getByTestId('playlist-name')).toHaveText('Old');
    await expect(card.getByTestId('playlist-item')).toHaveCount(2);
    await expect(card.getByTestId('playlist-item').first()).toContainText('River');
    await expect(card.getByTestId('playlist-item').first()).toContainText('2 min');
    await expect(card.getByTestId('playlist-item').nth(1)).toContainText('5 min');
    expect(await page.evaluate((key) => localStorage.getItem(`${key}.corrupt`), KEY)).toBe(JSON.stringify(raw));
    // The user is told, and can close the notice.
    const notice = section(page).getByTestId('playlists-recovered');
    await expect(notice).toContainText('could not be read');
    expect(await axeViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('playlist playback', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  const water = { id: 'w', name: 'Water', description: '', items: [{ index: 0, duration: 1 }, { index: 2, duration: 2 }, { index: 3, duration: 1 }] };

  test('plays items in order after their durations and wraps to the first', async ({ page }) => {
    await seed(page, [water]);
    await page.goto('/');
    await pauseClock(page);
    const items = section(page).getByTestId('playlist-item');
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'true');
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Playing');

    await page.clock.fastForward('00:59');
    await expectTrackPlaying(page, 'ocean.mp3');
    await page.clock.fastForward('00:02');
    await expectTrackPlaying(page, 'rain.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'false');
    // River plays at its catalogue volume 0.8: a Web Audio gain (measured as heard in mix.spec.ts), the element stays at 1.
    await page.clock.fastForward('02:01');
    await expectTrackPlaying(page, 'river.mp3');
    expect((await trackState(page)).volume).toBe(1);
    await page.clock.fastForward('01:01');
    await expectTrackPlaying(page, 'ocean.mp3');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'true');
    // axe schedules its work with timers.
    await page.clock.resume();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the player bar moves within the playlist, wrapping at both ends; the SPEC events announce each move', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __playlistEvents: string[] }).__playlistEvents = seen;
      for (const type of ['playlist-change', 'playlist-next', 'playlist-previous', 'playlist-stop']) {
        window.addEventListener(type, (event) => {
          const detail = (event as CustomEvent<unknown>).detail;
          const index = typeof detail === 'number' ? detail : (detail as { index?: number } | null)?.index;
          seen.push(index === undefined ? type : `${type} ${index}`);
        });
      }
    });
    const playlistEvents = () => page.evaluate(() => (window as unknown as { __playlistEvents: string[] }).__playlistEvents);
    await seed(page, [water]);
    await page.goto('/');
    await pauseClock(page);
    const items = section(page).getByTestId('playlist-item');
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    const bar = page.getByTestId('player-bar');
    await bar.getByRole('button', { name: 'Previous' }).click();
    await expectTrackPlaying(page, 'river.mp3');
    await expect(items.nth(2)).toHaveAttribute('data-current', 'true');
    await bar.getByRole('button', { name: 'Next' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await bar.getByRole('button', { name: 'Next' }).click();
    await expectTrackPlaying(page, 'rain.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
    // A click on an item plays from there.
    await items.nth(2).click();
    await expectTrackPlaying(page, 'river.mp3');
    await section(page).getByRole('button', { name: 'Stop Playlist' }).click();
    // Previous and next reach the playlist directly; the window events say what happened, with the wrapped index.
    expect(await playlistEvents()).toEqual([
      'playlist-change 0',
      'playlist-previous 2',
      'playlist-change 2',
      'playlist-next 0',
      'playlist-change 0',
      'playlist-next 1',
      'playlist-change 1',
      'playlist-change 2',
      'playlist-stop',
    ]);
  });

  test('the lock screen (media session) previous and next move within the playlist too', async ({ page }) => {
    await page.addInitScript(recordMediaSessionHandlers);
    const press = (action: string) => pressMediaKeys(page, [action]);
    await seed(page, [water]);
    await page.goto('/');
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await press('nexttrack');
    await expectTrackPlaying(page, 'rain.mp3');
    await press('previoustrack');
    await expectTrackPlaying(page, 'ocean.mp3');
    await press('previoustrack');
    await expectTrackPlaying(page, 'river.mp3');
    await expect(section(page).getByTestId('playlist-item').nth(2)).toHaveAttribute('data-current', 'true');
  });

  test('pausing stops the item clock, playing resumes it; Stop Playlist pauses and resets', async ({ page }) => {
    await seed(page, [water]);
    await page.goto('/');
    await pauseClock(page);
    const items = section(page).getByTestId('playlist-item');
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await page.clock.fastForward('00:30');
    const bar = page.getByTestId('player-bar');
    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await trackState(page)).paused).toBe(true);
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Paused');
    await page.clock.fastForward('05:00');
    expect((await trackState(page)).file).toBe('ocean.mp3');
    await bar.getByRole('button', { name: 'Play' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Playing');
    await page.clock.fastForward('00:31');
    await expectTrackPlaying(page, 'rain.mp3');

    await section(page).getByRole('button', { name: 'Stop Playlist' }).click();
    await expect.poll(async () => (await trackState(page)).paused).toBe(true);
    await expect(section(page).locator('[data-current="true"]')).toHaveCount(0);
    await page.clock.fastForward('10:00');
    expect(await trackState(page)).toMatchObject({ file: 'rain.mp3', paused: true });
    // The index was reset: playing again starts from the first item.
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
  });

  test('a lofi song shorter than its item starts again; Stop Playlist still stops it', async ({ page }) => {
    // Chill is a ~2 min song in a 5 min item: the lofi radio must not take over the playlist.
    await seed(page, [{ id: 'l', name: 'Songs', description: '', items: [{ index: 15, duration: 5 }, { index: 0, duration: 1 }] }]);
    await page.goto('/');
    const items = section(page).getByTestId('playlist-item');
    await section(page).getByRole('button', { name: 'Play playlist Songs' }).click();
    await expectTrackPlaying(page, 'chill.mp3');
    await page.evaluate(() => {
      const audio = document.getElementById('lull-player') as HTMLAudioElement;
      audio.currentTime = audio.duration - 0.5;
    });
    await expect.poll(() => page.evaluate(() => (document.getElementById('lull-player') as HTMLAudioElement).ended)).toBe(false);
    await expect.poll(async () => (await trackState(page)).currentTime, { timeout: 10_000 }).toBeLessThan(5);
    await expectTrackPlaying(page, 'chill.mp3');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'true');
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Playing');

    await section(page).getByRole('button', { name: 'Stop Playlist' }).click();
    await expect.poll(async () => (await trackState(page)).paused).toBe(true);
    expect((await trackState(page)).file).toBe('chill.mp3');
  });

  test('a missing soundscape is skipped after 1 s', async ({ page }) => {
    await seed(page, [{ id: 'm', name: 'Gaps', description: '', items: [{ index: 99, duration: 1 }, { index: 5, duration: 1 }] }]);
    await page.goto('/');
    const items = section(page).getByTestId('playlist-item');
    await expect(items.nth(0)).toContainText('Unknown soundscape (#99)');
    await pauseClock(page);
    await section(page).getByRole('button', { name: 'Play playlist Gaps' }).click();
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Not available: skipping');
    await page.clock.runFor(900);
    expect((await trackState(page)).file).toBe('');
    await page.clock.runFor(200);
    await expectTrackPlaying(page, 'fire.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
  });

  test('a sound that fails to play is skipped after 2 s', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/Failed to load resource: net::ERR_FAILED .*\/media\/wind\.mp3/);
    await page.route('**/media/wind.mp3*', (route) => route.abort());
    await seed(page, [{ id: 'f', name: 'Broken', description: '', items: [{ index: 4, duration: 1 }, { index: 5, duration: 1 }] }]);
    await page.goto('/');
    const items = section(page).getByTestId('playlist-item');
    await pauseClock(page);
    await section(page).getByRole('button', { name: 'Play playlist Broken' }).click();
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Could not play: skipping');
    await page.clock.runFor(1500);
    expect((await trackState(page)).file).toBe('wind.mp3');
    await page.clock.runFor(600);
    await expectTrackPlaying(page, 'fire.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
  });
});

/** Creates a playlist through the editor. */
async function createPlaylist(page: Page, name: string, sounds: string[]) {
  await section(page).getByRole('button', { name: 'Create Playlist' }).click();
  await editor(page).getByLabel('Name').fill(name);
  for (const sound of sounds) await addSound(page, sound);
  await editor(page).getByRole('button', { name: 'Save' }).click();
  await expect(editor(page)).toBeHidden();
}

const names = (page: Page) => section(page).getByTestId('playlist-name');
const storedNames = async (page: Page) => ((await stored(page)) as { name: string }[] | null)?.map((p) => p.name) ?? null;

test.describe('two tabs', () => {
  test('two real pages: playlists saved and edited in both survive, each shows the other\'s live, and their listening adds up', async ({ page, context }) => {
    const other = await context.newPage();
    await page.goto('/');
    await other.goto('/');
    await createPlaylist(page, 'Night', ['Ocean']);
    // The other tab never reloaded: it learns of "Night" from the storage event, and its save keeps it.
    await expect(names(other)).toHaveText(['Night']);
    await createPlaylist(other, 'Day', ['Rain']);
    await expect(names(page)).toHaveText(['Night', 'Day']);
    expect(await storedNames(page)).toEqual(['Night', 'Day']);

    // Concurrent edits of different playlists, each tab's editor opened before the other saved.
    await section(page).getByRole('button', { name: 'Edit playlist Night' }).click();
    await section(other).getByRole('button', { name: 'Edit playlist Day' }).click();
    await editor(page).getByLabel('Name').fill('Night, from tab one');
    await editor(other).getByLabel('Name').fill('Day, from tab two');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await editor(other).getByRole('button', { name: 'Save' }).click();
    await expect(editor(other)).toBeHidden();
    // Tab one's view of localStorage takes tab two's write a moment later (Chromium: each tab's process holds its own copy).
    await expect.poll(() => storedNames(page)).toEqual(['Night, from tab one', 'Day, from tab two']);
    await expect(names(page)).toHaveText(['Night, from tab one', 'Day, from tab two']);
    await expect(names(other)).toHaveText(['Night, from tab one', 'Day, from tab two']);
    // A move in one tab, a delete in the other.
    await section(other).getByRole('button', { name: 'Move playlist Day, from tab two up' }).click();
    await expect(names(page)).toHaveText(['Day, from tab two', 'Night, from tab one']);
    await section(page).getByRole('button', { name: 'Delete playlist Day, from tab two' }).click();
    await alertDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(names(other)).toHaveText(['Night, from tab one']);

    // Both tabs play Ocean (one through the playlist, one from the grid) for a few seconds.
    await section(page).getByRole('button', { name: 'Play playlist Night, from tab one' }).click();
    await expectTrackPlaying(page, 'ocean.mp3');
    await other.locator('[data-testid="sound-grid"] button[data-sound-index="0"]').click();
    await expectTrackPlaying(other, 'ocean.mp3');
    await page.waitForTimeout(5000);
    // Leaving each page (pagehide) writes what it counted. localStorage reaches another tab's process a moment later
    // (3 of 200 reads right after a write were stale here; README, "Known limits"): the second tab leaves once it has it.
    const read = () => other.evaluate(() => localStorage.getItem('listeningPreferences'));
    const before = await read();
    await page.goto('about:blank');
    await expect.poll(read).not.toBe(before);
    await other.goto('about:blank');
    await other.goto('/');
    const ocean = await other.evaluate(() => (JSON.parse(localStorage.getItem('listeningPreferences') ?? '{}') as Record<string, { totalMinutes: number; sessionCount: number }>).ocean);
    // One session per tab, and both tabs' minutes (at least 5 s each): the last writer did not win.
    expect(ocean?.sessionCount).toBe(2);
    expect(ocean?.totalMinutes).toBeGreaterThanOrEqual(0.16);
    await other.goto('/settings');
    await expect(other.getByTestId('listening-stats').getByTestId('stats-sessions')).toHaveText(['2']);
  });
});

test.describe('storage that cannot be written', () => {
  test('a save, delete or move that could not be written says so in words; the editor stays open with the input; nothing changes', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/Could not save playlists/);
    await page.goto('/');
    await createPlaylist(page, 'First', ['Ocean']);
    await createPlaylist(page, 'Second', ['Rain']);
    const before = await stored(page);
    // Storage is full from now on, for the playlists key only.
    await page.evaluate(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (key === 'soundscapePlaylists') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem.call(this, key, value);
      };
    });

    await section(page).getByRole('button', { name: 'Create Playlist' }).click();
    await editor(page).getByLabel('Name').fill('Evening walk');
    await editor(page).getByLabel('Description').fill('for later');
    await addSound(page, 'Fire');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(alertDialog(page)).toContainText('The playlist could not be saved: storage on this device is full or blocked.');
    expect(await axeViolations(page)).toEqual([]);
    await alertDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(editor(page)).toBeVisible();
    await expect(editor(page).getByLabel('Name')).toHaveValue('Evening walk');
    await expect(editor(page).getByLabel('Description')).toHaveValue('for later');
    await expect(editor(page).getByLabel('Minutes of Fire')).toHaveValue('5');
    await editor(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(names(page)).toHaveText(['First', 'Second']);

    await section(page).getByRole('button', { name: 'Move playlist Second up' }).click();
    await expect(alertDialog(page)).toContainText('The playlist Second could not be moved');
    await alertDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(names(page)).toHaveText(['First', 'Second']);

    await section(page).getByRole('button', { name: 'Delete playlist First' }).click();
    await alertDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(alertDialog(page)).toContainText('The playlist First could not be deleted');
    await alertDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(names(page)).toHaveText(['First', 'Second']);

    expect(await stored(page)).toEqual(before);
    await page.reload();
    await expect(names(page)).toHaveText(['First', 'Second']);
  });
});

test.describe('editing the playing playlist', () => {
  test('removing the playing item (B of A, B, C): B plays on, nothing is labelled Playing, and C follows B', async ({ page }) => {
    await seed(page, [{ id: 'abc', name: 'Trio', description: '', items: [{ index: 0, duration: 1 }, { index: 2, duration: 2 }, { index: 5, duration: 1 }] }]);
    await page.goto('/');
    await pauseClock(page);
    const items = section(page).getByTestId('playlist-item');
    await items.nth(1).click();
    await expectTrackPlaying(page, 'rain.mp3');
    await expect(items.nth(1).getByTestId('playlist-item-state')).toHaveText('Playing');
    await section(page).getByRole('button', { name: 'Edit playlist Trio' }).click();
    await editor(page).getByRole('button', { name: 'Remove Rain' }).click();
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeHidden();
    await expect(items).toHaveCount(2);
    // Rain still plays; Fire (now second) is not labelled Playing.
    expect((await trackState(page)).file).toBe('rain.mp3');
    await expect(section(page).getByTestId('playlist-item-state')).toHaveCount(0);
    await expect(items.nth(1)).toHaveAttribute('data-current', 'false');
    // Rain's two minutes end: Fire, not Ocean.
    await page.clock.runFor(2 * 60_000 + 500);
    await expectTrackPlaying(page, 'fire.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
  });
});
