import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';

const KEY = 'soundscapePlaylists';

/** The shared <audio> element as the user hears it; `file` is the catalogue file it plays. */
const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.getElementById('lull-player') as HTMLAudioElement | null;
    return {
      file: (audio?.dataset.url ?? '').replace(/^.*\/media\//, ''),
      src: audio?.src ?? '',
      paused: audio?.paused ?? true,
      currentTime: audio?.currentTime ?? 0,
      volume: audio?.volume ?? 1,
    };
  });

/** The element plays `file`: its src is that file (or a blob of its cached copy) and its clock moves. */
async function expectPlaying(page: Page, file: string) {
  await expect.poll(async () => (await audioState(page)).file).toBe(file);
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  const { src, currentTime } = await audioState(page);
  if (!src.startsWith('blob:')) expect(new URL(src).pathname).toBe(`/media/${file}`);
  await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 10_000 }).toBeGreaterThan(currentTime);
}

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
    await expect(editor(page).getByText('Enter a whole number of minutes, at least 1.')).toBeVisible();
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeVisible();
    await expect(minutes).toBeFocused();
    expect(await stored(page)).toBeNull();

    // A number input holding something that is not a number reports '' : it reads as 0 once left.
    await minutes.fill('');
    await minutes.blur();
    await expect(minutes).toHaveValue('0');
    await expect(editor(page).getByText('Enter a whole number of minutes, at least 1.')).toBeVisible();

    await minutes.fill('1.5');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(editor(page)).toBeVisible();

    await minutes.fill('1');
    await expect(editor(page).getByText('Enter a whole number of minutes, at least 1.')).toHaveCount(0);
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
    await expectPlaying(page, 'ocean.mp3');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'true');
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Playing');

    await page.clock.fastForward('00:59');
    await expectPlaying(page, 'ocean.mp3');
    await page.clock.fastForward('00:02');
    await expectPlaying(page, 'rain.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'false');
    // River plays at its catalogue volume 0.8: a Web Audio gain (measured as heard in mix.spec.ts), the element stays at 1.
    await page.clock.fastForward('02:01');
    await expectPlaying(page, 'river.mp3');
    expect((await audioState(page)).volume).toBe(1);
    await page.clock.fastForward('01:01');
    await expectPlaying(page, 'ocean.mp3');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'true');
    // axe schedules its work with timers.
    await page.clock.resume();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the player bar moves within the playlist, wrapping at both ends', async ({ page }) => {
    await seed(page, [water]);
    await page.goto('/');
    await pauseClock(page);
    const items = section(page).getByTestId('playlist-item');
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectPlaying(page, 'ocean.mp3');
    const bar = page.getByTestId('player-bar');
    await bar.getByRole('button', { name: 'Previous' }).click();
    await expectPlaying(page, 'river.mp3');
    await expect(items.nth(2)).toHaveAttribute('data-current', 'true');
    await bar.getByRole('button', { name: 'Next' }).click();
    await expectPlaying(page, 'ocean.mp3');
    await bar.getByRole('button', { name: 'Next' }).click();
    await expectPlaying(page, 'rain.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
    // A click on an item plays from there.
    await items.nth(2).click();
    await expectPlaying(page, 'river.mp3');
  });

  test('the lock screen (media session) previous and next move within the playlist too', async ({ page }) => {
    await page.addInitScript(() => {
      const handlers: Record<string, (() => void) | null> = {};
      (window as unknown as { __handlers: typeof handlers }).__handlers = handlers;
      const setActionHandler = MediaSession.prototype.setActionHandler;
      MediaSession.prototype.setActionHandler = function (this: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
        handlers[action] = handler as (() => void) | null;
        return setActionHandler.call(this, action, handler);
      };
    });
    const press = (action: string) => page.evaluate((name) => (window as unknown as { __handlers: Record<string, (() => void) | null> }).__handlers[name]?.(), action);
    await seed(page, [water]);
    await page.goto('/');
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectPlaying(page, 'ocean.mp3');
    await press('nexttrack');
    await expectPlaying(page, 'rain.mp3');
    await press('previoustrack');
    await expectPlaying(page, 'ocean.mp3');
    await press('previoustrack');
    await expectPlaying(page, 'river.mp3');
    await expect(section(page).getByTestId('playlist-item').nth(2)).toHaveAttribute('data-current', 'true');
  });

  test('pausing stops the item clock, playing resumes it; Stop Playlist pauses and resets', async ({ page }) => {
    await seed(page, [water]);
    await page.goto('/');
    await pauseClock(page);
    const items = section(page).getByTestId('playlist-item');
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectPlaying(page, 'ocean.mp3');
    await page.clock.fastForward('00:30');
    const bar = page.getByTestId('player-bar');
    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Paused');
    await page.clock.fastForward('05:00');
    expect((await audioState(page)).file).toBe('ocean.mp3');
    await bar.getByRole('button', { name: 'Play' }).click();
    await expectPlaying(page, 'ocean.mp3');
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Playing');
    await page.clock.fastForward('00:31');
    await expectPlaying(page, 'rain.mp3');

    await section(page).getByRole('button', { name: 'Stop Playlist' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await expect(section(page).locator('[data-current="true"]')).toHaveCount(0);
    await page.clock.fastForward('10:00');
    expect(await audioState(page)).toMatchObject({ file: 'rain.mp3', paused: true });
    // The index was reset: playing again starts from the first item.
    await section(page).getByRole('button', { name: 'Play playlist Water' }).click();
    await expectPlaying(page, 'ocean.mp3');
  });

  test('a lofi song shorter than its item starts again; Stop Playlist still stops it', async ({ page }) => {
    // Chill is a ~2 min song in a 5 min item: the lofi radio must not take over the playlist.
    await seed(page, [{ id: 'l', name: 'Songs', description: '', items: [{ index: 15, duration: 5 }, { index: 0, duration: 1 }] }]);
    await page.goto('/');
    const items = section(page).getByTestId('playlist-item');
    await section(page).getByRole('button', { name: 'Play playlist Songs' }).click();
    await expectPlaying(page, 'chill.mp3');
    await page.evaluate(() => {
      const audio = document.getElementById('lull-player') as HTMLAudioElement;
      audio.currentTime = audio.duration - 0.5;
    });
    await expect.poll(() => page.evaluate(() => (document.getElementById('lull-player') as HTMLAudioElement).ended)).toBe(false);
    await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 10_000 }).toBeLessThan(5);
    await expectPlaying(page, 'chill.mp3');
    await expect(items.nth(0)).toHaveAttribute('data-current', 'true');
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Playing');

    await section(page).getByRole('button', { name: 'Stop Playlist' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    expect((await audioState(page)).file).toBe('chill.mp3');
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
    expect((await audioState(page)).file).toBe('');
    await page.clock.runFor(200);
    await expectPlaying(page, 'fire.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
  });

  test('a sound that fails to play is skipped after 2 s', async ({ page }) => {
    await page.route('**/media/wind.mp3', (route) => route.abort());
    await seed(page, [{ id: 'f', name: 'Broken', description: '', items: [{ index: 4, duration: 1 }, { index: 5, duration: 1 }] }]);
    await page.goto('/');
    const items = section(page).getByTestId('playlist-item');
    await pauseClock(page);
    await section(page).getByRole('button', { name: 'Play playlist Broken' }).click();
    await expect(items.nth(0).getByTestId('playlist-item-state')).toHaveText('Could not play: skipping');
    await page.clock.runFor(1500);
    expect((await audioState(page)).file).toBe('wind.mp3');
    await page.clock.runFor(600);
    await expectPlaying(page, 'fire.mp3');
    await expect(items.nth(1)).toHaveAttribute('data-current', 'true');
  });
});
