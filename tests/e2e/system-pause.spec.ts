/**
 * The system taking the audio (issue 40), iOS's rules emulated in Chromium: a context moved to 'interrupted' (a call,
 * Siri, an alarm), one whose clock freezes while it reads 'running', and one whose resume() is then refused (it rejects,
 * or never settles) when the lock screen's Play asks for it. Each shows paused with its reason in the player bar, is
 * silent while it says so, and plays again, heard: by itself when the system gives the audio back, or at the next tap
 * on Play, which brings a new context (never two sounding at once). And the lock screen's Play after a pause of 10 s,
 * 5 min and 30 min (the wall clock moved on by an init script, as a locked phone's does while its timers sleep).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { emulateIos } from './ios-rules';
import { pressMediaKeys, recordMediaSessionHandlers } from './media-session';
import { outputProbeScript } from './output-probe';
import { outputLevel } from './record-rms';
import { strings } from '../../src/lib/strings';
import { recording } from './audio-files';
import { importWav } from './own-sounds-page';

const bar = (page: Page) => page.getByTestId('player-bar');

/** "The system": every context the page makes, and what the OS can do to the latest one. */
function emulateSystem() {
  const Real = window.AudioContext;
  const contexts: AudioContext[] = [];
  const w = window as unknown as { AudioContext: typeof AudioContext; __system: Record<string, () => unknown> };
  w.AudioContext = class extends Real {
    constructor(options?: AudioContextOptions) {
      super(options);
      contexts.push(this);
    }
  };
  const latest = () => contexts[contexts.length - 1]!;
  w.__system = {
    contexts: () => contexts.map((c) => c.state),
    async interrupt() {
      const ctx = latest();
      await Real.prototype.suspend.call(ctx);
      // Until the app closes it (a tap's new context replaces it).
      const real = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'state')!.get!;
      Object.defineProperty(ctx, 'state', { configurable: true, get: () => (real.call(ctx) === 'closed' ? 'closed' : 'interrupted') });
      ctx.dispatchEvent(new Event('statechange'));
    },
    /** Suspended by the system, not by the app (older iOS after an interruption, an output device taken away). */
    async suspend() {
      await Real.prototype.suspend.call(latest());
    },
    async giveBack() {
      const ctx = latest();
      delete (ctx as unknown as { state?: string }).state;
      await Real.prototype.resume.call(ctx);
    },
    freezeClock() {
      const ctx = latest();
      const at = ctx.currentTime;
      Object.defineProperty(ctx, 'currentTime', { configurable: true, get: () => at });
    },
    /** From now on the latest context's resume() is refused, as iOS can after an interruption. */
    refuseResume() {
      const ctx = latest();
      ctx.resume = () => Promise.reject(new DOMException('The request is not allowed by the user agent or the platform in the current context.', 'NotAllowedError'));
    },
    /** From now on the latest context's resume() never settles. */
    hangResume() {
      const ctx = latest();
      ctx.resume = () => new Promise<void>(() => {});
    },
  };
}

/** The wall clock (Date.now, which the bus reads to tell a long suspension) moved on, as while a phone lay locked. */
function emulateWallClock() {
  let offset = 0;
  const real = Date.now.bind(Date);
  Date.now = () => real() + offset;
  (window as unknown as { __wallClock: { advance(ms: number): void } }).__wallClock = { advance: (ms) => void (offset += ms) };
}

const system = (page: Page, what: 'interrupt' | 'suspend' | 'giveBack' | 'freezeClock' | 'refuseResume' | 'hangResume') =>
  page.evaluate((what) => (window as unknown as { __system: Record<string, () => unknown> }).__system[what]!(), what);

async function playRain(page: Page) {
  await page.goto('/');
  await page.getByTestId('sound-grid').getByRole('button', { name: /^Rain\b/ }).click();
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  await page.waitForTimeout(500);
  expect((await outputLevel(page, 600)).rms).toBeGreaterThan(0.003);
}

async function expectPausedBySystem(page: Page) {
  await expect(bar(page)).toHaveAttribute('data-status', 'paused', { timeout: 5000 });
  await expect(page.getByTestId('player-stopped-reason')).toHaveText(strings.pausedBySystem);
  await page.waitForTimeout(300);
  const heard = await outputLevel(page, 800);
  console.log(`paused by the system: output RMS ${heard.rms.toExponential(2)} over ${heard.samples} samples`);
  expect(heard.rms).toBeLessThan(1e-4);
}

async function expectHeardAgain(page: Page) {
  await expect(bar(page)).toHaveAttribute('data-status', 'playing');
  await expect(page.getByTestId('player-stopped-reason')).toHaveCount(0);
  await page.waitForTimeout(500);
  const heard = await outputLevel(page, 800);
  console.log(`playing again: output RMS ${heard.rms.toFixed(4)}`);
  expect(heard.rms).toBeGreaterThan(0.003);
}

test.describe('the system takes the audio (iOS rules emulated)', { tag: '@live' }, () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(emulateIos);
    await page.addInitScript(outputProbeScript(2048));
    await page.addInitScript(emulateSystem);
    await page.addInitScript(recordMediaSessionHandlers);
  });

  test("a context moved to 'interrupted': paused by the system, silent; it plays on by itself when the system gives it back", async ({ page }) => {
    await playRain(page);
    await system(page, 'interrupt');
    await expectPausedBySystem(page);
    await system(page, 'giveBack');
    await expectHeardAgain(page);
  });

  test("your own sound as the track, its context moved to 'interrupted': paused by the system, silent; it plays on by itself when the system gives it back", async ({ page }) => {
    await page.goto('/');
    const row = await importWav(page, 'fan.wav', [recording(8, 5), recording(8, 6)]);
    await row.getByRole('button', { name: 'Play fan' }).click();
    await expect(bar(page)).toHaveAttribute('data-status', 'playing');
    await page.waitForTimeout(500);
    expect((await outputLevel(page, 600)).rms).toBeGreaterThan(0.003);
    await system(page, 'interrupt');
    await expectPausedBySystem(page);
    await expect(row.getByRole('button', { name: 'Play fan' })).toHaveAttribute('aria-pressed', 'false');
    await system(page, 'giveBack');
    await expectHeardAgain(page);
  });

  test("a context the system suspends (not the app): paused by the system, silent; it plays on by itself when the system resumes it", async ({ page }) => {
    await playRain(page);
    await system(page, 'suspend');
    await expectPausedBySystem(page);
    await system(page, 'giveBack');
    await expectHeardAgain(page);
  });

  test("a clock frozen while it reads 'running': paused by the system within seconds, silent; the next tap on Play plays on a new context", async ({ page }) => {
    await playRain(page);
    await system(page, 'freezeClock');
    await expectPausedBySystem(page);
    await bar(page).getByRole('button', { name: strings.play }).click();
    await expectHeardAgain(page);
    // The frozen one was closed: never two contexts sounding at once.
    const states = await page.evaluate(() => (window as unknown as { __system: { contexts(): string[] } }).__system.contexts());
    expect(states.length).toBeGreaterThanOrEqual(2);
    expect(states.slice(0, -1).every((state) => state === 'closed')).toBe(true);
    expect(states.at(-1)).toBe('running');
  });

  for (const refusal of ['refuseResume', 'hangResume'] as const) {
    const how = refusal === 'refuseResume' ? 'rejects' : 'never settles';
    test(`after an interruption, the lock screen's Play whose resume() ${how}: paused by the system, silent; the next tap plays on a new context`, async ({ page }) => {
      await playRain(page);
      await system(page, 'interrupt');
      await system(page, refusal);
      await expectPausedBySystem(page);
      // The lock screen's Play is no gesture (iOS rules): the bus can only ask the interrupted context to resume.
      await pressMediaKeys(page, ['play']);
      // Long enough for the track to start on the refused context (it would then say Playing over silence).
      await page.waitForTimeout(3000);
      await expectPausedBySystem(page);
      await bar(page).getByRole('button', { name: strings.play }).click();
      await expectHeardAgain(page);
      const states = await page.evaluate(() => (window as unknown as { __system: { contexts(): string[] } }).__system.contexts());
      expect(states.slice(0, -1).every((state) => state === 'closed')).toBe(true);
      expect(states.at(-1)).toBe('running');
    });
  }

  test("the lock screen's Play after 10 s, 5 min and 30 min paused plays again, heard; a resume refused after a long pause says paused by the system, silent, and the next tap plays", async ({ page }) => {
    await page.addInitScript(emulateWallClock);
    await playRain(page);
    const playbackState = () => page.evaluate(() => navigator.mediaSession.playbackState);
    const pauseFor = async (ms: number) => {
      await pressMediaKeys(page, ['pause']);
      await expect(bar(page)).toHaveAttribute('data-status', 'paused');
      await expect.poll(playbackState).toBe('paused');
      // Long enough for the bus to suspend its idle context (1 s), as it will have long before a locked phone's minutes.
      await page.waitForTimeout(1500);
      expect((await outputLevel(page, 300)).samples, 'samples rendered while paused').toBe(0);
      await page.evaluate((ms) => (window as unknown as { __wallClock: { advance(ms: number): void } }).__wallClock.advance(ms), ms);
    };
    for (const ms of [10_000, 5 * 60_000, 30 * 60_000]) {
      await pauseFor(ms);
      // No gesture (iOS rules): the bus can only ask the context it has to resume.
      await pressMediaKeys(page, ['play']);
      await expectHeardAgain(page);
      await expect.poll(playbackState, `the lock screen after ${ms / 1000} s`).toBe('playing');
    }
    // After a long pause the system refuses the resume (as iOS 26.3 did in howler.js #1771).
    await pauseFor(5 * 60_000);
    await system(page, 'refuseResume');
    await pressMediaKeys(page, ['play']);
    await page.waitForTimeout(3000);
    await expectPausedBySystem(page);
    await expect.poll(playbackState).toBe('paused');
    await bar(page).getByRole('button', { name: strings.play }).click();
    await expectHeardAgain(page);
    const states = await page.evaluate(() => (window as unknown as { __system: { contexts(): string[] } }).__system.contexts());
    expect(states.slice(0, -1).every((state) => state === 'closed')).toBe(true);
    expect(states.at(-1)).toBe('running');
  });
});
