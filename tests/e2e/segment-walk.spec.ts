/**
 * Issue 22, "never repeats": a soundscape walks its studio-marked segments in a random order, crossfaded with
 * equal power on the audio clock. Recorded from the app's real output (the bus before the output element, on the
 * audio thread): for each of three segment joins (the element sought to 2.5 s before a boundary, so the walk's
 * first segment ends there and another one follows), 0 ms of exact silence and no sample jump over 3× the
 * recording's own p99.9; and the join really is a walk's crossfade (equal-power curves scheduled over it).
 * Ocean on the app's host and the reversed Seagulls on the reversed host, streamed and from the saved copy.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { outputProbeScript, seamMetrics, type OutputProbe } from './output-probe';
import { expectDecodedLoop } from './track-state';
import { startLoop } from './start-loop';
import { loopSegments } from '../../src/catalogue/loop-segments';

const RATE = 48_000;

/** Seeks to 2.5 s before file sample `boundary`, then records 3.5 s over the join; returns its metrics and the crossfade curves scheduled in it. */
async function recordJoin(page: Page, boundary: number) {
  await page.evaluate(
    (t) =>
      new Promise<void>((resolve) => {
        const audio = document.getElementById('lull-player') as HTMLAudioElement;
        // The walk schedules a window or more ahead: the join's curves are set right after the seek.
        (window as unknown as { __curves: unknown[] }).__curves.length = 0;
        audio.addEventListener('seeked', () => resolve(), { once: true });
        audio.currentTime = t;
      }),
    boundary / RATE - 2.5,
  );
  await page.waitForTimeout(700);
  await page.evaluate(() => {
    const w = window as unknown as { __outputProbe: OutputProbe };
    w.__outputProbe.take();
    w.__outputProbe.record(true);
  });
  await page.waitForTimeout(3500);
  const { samples, sampleRate, droppedBlocks, curves } = await page.evaluate(() => {
    const w = window as unknown as { __outputProbe: OutputProbe; __curves: { at: number; duration: number }[] };
    w.__outputProbe.record(false);
    return { ...w.__outputProbe.take(), curves: [...w.__curves] };
  });
  expect(samples.length, 'samples recorded').toBeGreaterThan(sampleRate * 3);
  return { ...seamMetrics(samples, sampleRate), droppedBlocks, curves };
}

test.describe('a soundscape walks its segments as heard', () => {
  test.use({ bypassCSP: true });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(outputProbeScript(4096, 'worklet'));
    await page.addInitScript(() => {
      // The walk's equal-power curves, as scheduled (the in-order loop schedules none).
      const curves: { at: number; duration: number }[] = [];
      (window as unknown as { __curves: typeof curves }).__curves = curves;
      const original = AudioParam.prototype.setValueCurveAtTime;
      AudioParam.prototype.setValueCurveAtTime = function (values, at, duration) {
        curves.push({ at, duration });
        return original.call(this, values, at, duration);
      };
    });
  });

  for (const [name, file, host, source] of [
    ['Ocean', 'ocean.mp3', 'app', 'streamed'],
    ['Seagulls', 'seagulls-reversed.mp3', 'reversed', 'streamed'],
    ['Ocean', 'ocean.mp3', 'app', 'cached'],
  ] as const) {
    test(`${name} (${file}), ${source}: three segment joins with 0 ms of silence and no jump over 3× p99.9`, async ({ page }) => {
      test.setTimeout(120_000);
      const segments = loopSegments[file];
      if (!segments || !('starts' in segments)) throw new Error(`${file} has no segments`);
      // From the saved copy, its bytes are what is walked (found by their fingerprint, not by URL).
      await startLoop(page, name, source, host);
      await expectDecodedLoop(page);
      // Three boundaries spread over the file (not the first: the element may still be before it).
      const boundaries = [2, 4, 6].map((k) => segments.starts[k] ?? 0);
      for (const boundary of boundaries) {
        let metrics = await recordJoin(page, boundary);
        // A starved audio thread skips whole quanta anywhere: that recording says nothing about the join.
        for (let attempt = 2; metrics.droppedBlocks > 0 && attempt <= 3; attempt++) metrics = await recordJoin(page, boundary);
        console.log(`${name} join at ${(boundary / RATE).toFixed(2)} s: ${JSON.stringify({ ...metrics, curves: metrics.curves.length })}`);
        expect(metrics.droppedBlocks, 'a recording with every quantum').toBe(0);
        expect(metrics.longestSilenceMs, 'exact silence (ms)').toBe(0);
        expect(metrics.maxJumpRatio, 'largest jump / p99.9').toBeLessThanOrEqual(3);
        // The outgoing segment's fade-out and the incoming one's fade-in (a fade may span two pieces): two crossfades' worth.
        const curved = metrics.curves.reduce((sum, c) => sum + c.duration, 0);
        expect(curved, 'seconds of equal-power curves scheduled over the join').toBeGreaterThanOrEqual((2 * segments.crossfade) / RATE - 0.01);
      }
    });
  }
});
