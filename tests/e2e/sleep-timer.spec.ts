import type { Page } from '@playwright/test';
import { test, expect, axeViolations } from './fixtures';
import { expectTrackPlaying, trackState } from './track-state';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Sleep timer' });
const chip = (page: Page) => page.getByTestId('sleep-timer-chip');

async function startTimer(page: Page, minutes: string) {
  await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
  await dialog(page).getByLabel('Minutes').fill(minutes);
  await dialog(page).getByRole('button', { name: 'Start timer' }).click();
}

/** Stops the page's clock from flowing, so only runFor/fastForward move it. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/**
 * With the clock paused, steps it until the chip's seconds change: the time left is then a whole
 * number of seconds (less one step), so what follows does not depend on where within a second the
 * countdown stood when the clock was paused. Returns the seconds now shown.
 */
async function alignToSecond(page: Page): Promise<number> {
  const shown = await chipSeconds(page);
  const next = `Sleep timer: ${String(Math.floor((shown - 1) / 60)).padStart(2, '0')}:${String((shown - 1) % 60).padStart(2, '0')} left`;
  for (let step = 0; step < 21; step++) {
    await page.clock.runFor(50);
    // React renders the tick on a real-time task: give it a moment before the next step.
    if (await expect(chip(page)).toHaveText(next, { timeout: 150 }).then(() => true, () => false)) return shown - 1;
  }
  throw new Error(`the chip did not move on from ${shown} s within a second of the paused clock`);
}

/** Seconds left as the chip shows them ('Sleep timer: 01:05 left'). */
async function chipSeconds(page: Page): Promise<number> {
  const text = (await chip(page).textContent()) ?? '';
  const parts = /(\d+(?::\d+)+)/.exec(text)?.[1]?.split(':').map(Number) ?? [];
  return parts.reduce((sum, part) => sum * 60 + part, 0);
}

test('the dialog accepts only a positive number of minutes and passes axe while open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const bad of ['', 'abc', '0', '-5']) {
    await dialog(page).getByLabel('Minutes').fill(bad);
    await dialog(page).getByRole('button', { name: 'Start timer' }).click();
    await expect(dialog(page).getByText('Enter a number of minutes greater than 0.')).toBeVisible();
    await expect(dialog(page).getByTestId('sleep-timer-remaining')).toHaveCount(0);
  }
  expect(await axeViolations(page)).toEqual([]);
  await dialog(page).getByLabel('Minutes').fill('90');
  await dialog(page).getByRole('button', { name: 'Start timer' }).click();
  // Issue 13: the dialog closes when the timer starts; the countdown shows in the app bar.
  await expect(dialog(page)).toBeHidden();
  // From an hour up the time reads h:mm:ss.
  await expect(chip(page)).toHaveText(/^Sleep timer: 1:(30:00|29:5\d) left$/);
  await chip(page).click();
  await expect(dialog(page).getByText('Enter a number of minutes greater than 0.')).toHaveCount(0);
  await expect(dialog(page).getByTestId('sleep-timer-remaining')).toHaveText(/^1:(30:00|29:5\d)$/);
  expect(await axeViolations(page)).toEqual([]);
});

test('counts down as mm:ss, stays visible outside the dialog and across routes; Stop timer cancels', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  // Paused once the dialog is open: React reveals lazily loaded content on a timer.
  await pauseClock(page);
  await dialog(page).getByLabel('Minutes').fill('2');
  await dialog(page).getByRole('button', { name: 'Start timer' }).click();
  await expect(chip(page)).toHaveText('Sleep timer: 02:00 left');
  // The dialog closes on Start (its exit transition runs on the paused clock).
  await page.clock.runFor(1000);
  await expect(dialog(page)).toBeHidden();
  await expect(chip(page)).toHaveText('Sleep timer: 01:59 left');
  await chip(page).click();
  await expect(dialog(page).getByTestId('sleep-timer-remaining')).toHaveText('01:59');
  await page.clock.runFor(50_000);
  await expect(dialog(page).getByTestId('sleep-timer-remaining')).toHaveText('01:09');
  await page.keyboard.press('Escape');
  await page.clock.runFor(1000);
  await expect(dialog(page)).toBeHidden();
  await expect(chip(page)).toHaveText('Sleep timer: 01:08 left');

  // Another route (client-side navigation): the countdown goes on.
  await page.getByRole('link', { name: 'Credits' }).first().click();
  await expect(page.getByTestId('page-title')).toHaveText('Credits');
  await page.clock.runFor(8000);
  await expect(chip(page)).toHaveText('Sleep timer: 01:00 left');
  await page.clock.resume();
  expect(await axeViolations(page)).toEqual([]);

  await chip(page).click();
  await dialog(page).getByRole('button', { name: 'Stop timer' }).click();
  await expect(chip(page)).toHaveCount(0);
  await expect(dialog(page).getByTestId('sleep-timer-remaining')).toHaveCount(0);
});

test('at zero playback pauses after about a second of fade, the element is never levelled, and the next Play plays', async ({ page }) => {
  // The fade itself is a Web Audio gain (issue 13): it is measured in the recorded output in mix.spec.ts.
  await page.clock.install();
  await page.goto('/');
  await page.getByTestId('sound-grid').getByRole('button', { name: /^River\b/ }).click();
  await expectTrackPlaying(page, 'river.mp3');
  await startTimer(page, '1');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await pauseClock(page);

  // Just under a whole number of seconds left (within 50 ms), so zero comes at the end of the next second.
  const left = await alignToSecond(page);
  expect(left).toBeGreaterThan(1);
  await page.clock.fastForward((left - 1) * 1000);
  await expect(chip(page)).toHaveText('Sleep timer: 00:01 left');
  await expectTrackPlaying(page, 'river.mp3');

  // At zero 950–1000 ms into the next second; still playing 400 ms into the fade, paused once it has run its course.
  await page.clock.runFor(1000);
  await page.clock.runFor(400);
  expect((await trackState(page)).paused).toBe(false);
  await page.clock.runFor(1000);
  await expect.poll(async () => (await trackState(page)).paused).toBe(true);
  expect((await trackState(page)).volume).toBe(1);
  await page.clock.runFor(200);
  await expect(chip(page)).toHaveCount(0);
  await expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'paused');
  const at = (await trackState(page)).currentTime;
  await page.clock.runFor(500);
  expect((await trackState(page)).currentTime).toBe(at);

  await page.getByTestId('player-bar').getByRole('button', { name: 'Play' }).click();
  await expectTrackPlaying(page, 'river.mp3');
  expect((await trackState(page)).volume).toBe(1);
});

test('Stop timer cancels: playback goes on at full volume past the old deadline', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.getByTestId('sound-grid').getByRole('button', { name: /^Rain\b/ }).click();
  await expectTrackPlaying(page, 'rain.mp3');
  await startTimer(page, '1');
  await expect(chip(page)).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await chip(page).click();
  await dialog(page).getByRole('button', { name: 'Stop timer' }).click();
  await expect(chip(page)).toHaveCount(0);
  await page.clock.fastForward('02:00');
  await page.clock.runFor(2000);
  await expectTrackPlaying(page, 'rain.mp3');
  expect((await trackState(page)).volume).toBe(1);
});

test('at zero the timer also stops a noise generator', async ({ page }) => {
  // Records every media element that starts playing (the noise engine plays through one).
  await page.addInitScript(() => {
    const played: HTMLMediaElement[] = [];
    (window as unknown as { __played: HTMLMediaElement[] }).__played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this);
      return play.call(this);
    };
  });
  const anyPlaying = () => page.evaluate(() => (window as unknown as { __played: HTMLMediaElement[] }).__played.some((element) => !element.paused));
  await page.clock.install();
  await page.goto('/');
  await startTimer(page, '1');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'White Noise', exact: true }).click();
  await expect(page.getByTestId('page-title')).toHaveText('White Noise');
  const button = page.getByRole('button', { name: /^(Play|Pause) White Noise$/ });
  await button.click();
  await expect(button).toHaveAttribute('data-status', 'playing');
  await expect.poll(anyPlaying).toBe(true);
  await expect(chip(page)).toBeVisible();

  await pauseClock(page);
  const left = await chipSeconds(page);
  await page.clock.fastForward((left - 1) * 1000);
  await expect(chip(page)).toHaveText('Sleep timer: 00:01 left');
  await expect(button).toHaveAttribute('data-status', 'playing');
  for (let step = 0; step < 30; step++) await page.clock.runFor(100);
  await expect(button).toHaveAttribute('data-status', 'stopped');
  await expect(button).toHaveAccessibleName('Play White Noise');
  await page.clock.resume();
  await expect.poll(anyPlaying).toBe(false);
  await expect(chip(page)).toHaveCount(0);
});
