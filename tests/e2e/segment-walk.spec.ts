/**
 * Issue 22, "never repeats": a soundscape walks its studio-marked segments in a random order, crossfaded with
 * equal power on the audio clock. Recorded from the app's real output (the bus before the output element, on the
 * audio thread; tests/engines records after it, at the OS), for Ocean, Rain, Underwater and the reversed Seagulls,
 * streamed and from the saved copy: 0 ms of exact silence and no sample jump over 3× the recording's own p99.9,
 * and every join recorded really is a walk's crossfade (two windows overlapping for it inside the recording; their
 * equal-power envelopes are shaped into their samples, tests/unit/engine/player/loop-walk.test.ts).
 *
 * Three joins per sound and source, in two recordings:
 * - The walk going on by itself (what the issue calls a loop of the walk): one seek to 2.5 s before a boundary,
 *   then one recording across that join, the whole segment the walk picks next and the join out of it, with no
 *   seek between the two joins. The walk's order is random; the test pins its seed at the seek (Math.random,
 *   drawn once when the voice starts) so that the segment between the joins is the sound's shortest (8–9.4 s),
 *   which keeps the recording short.
 * - A join reached by a seek, as a listener's scrub starts the walk just before another boundary.
 * The file's own end (the walk's segment that runs over it, sample to sample) is recorded by loop-seam.spec.ts.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { outputProbeScript, seamMetrics, type OutputProbe } from './output-probe';
import { expectDecodedLoop } from './track-state';
import { startLoop } from './start-loop';
import { loopSegments } from '../../src/catalogue/loop-segments';
import { createWalk, segmentsOf } from '../../src/engine/player/segment-walk';
import { WATCH_WALK } from '../engines/page-scripts';

const RATE = 48_000;
/** The seek lands this far before a boundary; the recording starts SETTLE_S after the seek. */
const BEFORE_S = 2.5;
const SETTLE_S = 0.7;
/** Recorded past the last crossfade's end. */
const AFTER_S = 0.4;

/** Two windows overlapping for a walk's crossfade: from `at`, `duration` seconds. */
interface Crossfade {
  at: number;
  duration: number;
}
/** A window started: its ctx time, and the ctx time when it was asked (a window started late has `now` > `when`). */
interface Start {
  when: number;
  now: number;
}
type Page$ = { __outputProbe: OutputProbe; __walk: { windows: unknown[]; crossfades(): Crossfade[]; starts: Start[]; ctx: BaseAudioContext | null } };

/** One recording: a seek to BEFORE_S before file sample `boundary`, `joins` joins heard from there (`seed`: the walk's, pinned). */
interface Take {
  boundary: number;
  joins: 1 | 2;
  seconds: number;
  seed?: number;
}

/** Seeks (pinning the walk's seed if asked), records `take.seconds`, returns the metrics and the crossfades scheduled inside the recording. */
async function recordOnce(page: Page, take: Take) {
  await page.evaluate(
    ({ t, seed }) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as Page$;
        const audio = (window as unknown as { lullTrack: HTMLAudioElement }).lullTrack;
        w.__walk.windows.length = 0;
        w.__walk.starts.length = 0;
        // The voice draws its walk's seed when the seek is followed (the app's 'seeked' listener, which runs before this one).
        const random = Math.random;
        if (seed !== undefined) Math.random = () => seed / 2 ** 32;
        audio.addEventListener(
          'seeked',
          () => {
            Math.random = random;
            resolve();
          },
          { once: true },
        );
        audio.currentTime = t;
      }),
    { t: take.boundary / RATE - BEFORE_S, seed: take.seed },
  );
  await page.waitForTimeout(SETTLE_S * 1000);
  const from = await page.evaluate(() => {
    const w = window as unknown as Page$;
    w.__outputProbe.take();
    w.__outputProbe.record(true);
    return w.__walk.ctx?.currentTime ?? 0;
  });
  await page.waitForTimeout(take.seconds * 1000);
  const { samples, sampleRate, droppedBlocks, holes, crossfades, starts, to } = await page.evaluate(() => {
    const w = window as unknown as Page$;
    w.__outputProbe.record(false);
    return { ...w.__outputProbe.take(), crossfades: w.__walk.crossfades(), starts: [...w.__walk.starts], to: w.__walk.ctx?.currentTime ?? 0 };
  });
  expect(samples.length, 'samples recorded').toBeGreaterThan(sampleRate * (take.seconds - 0.5));
  const inside = crossfades.filter((c) => c.at >= from && c.at + c.duration <= to);
  // The schedule, in ms from the recording's start, to place a click found in it.
  const ms = (t: number) => Math.round((t - from) * 1000);
  const schedule = { crossfades: crossfades.map((c) => [ms(c.at), ms(c.at + c.duration)]), windows: starts.map((s) => (s.now > s.when ? `${ms(s.when)} late ${ms(s.now)}` : ms(s.when))) };
  return { ...seamMetrics(samples, sampleRate, holes), droppedBlocks, crossfadedS: inside.reduce((sum, c) => sum + c.duration, 0), schedule };
}

/**
 * A recording with every quantum if the machine gives one in three tries: a starved audio thread skips whole quanta
 * anywhere (two browsers on two cores), which says nothing about a join. The third is measured without its holes
 * (no jump or silence is counted across one); each retake is logged.
 */
async function record(page: Page, take: Take, label: string) {
  let metrics = await recordOnce(page, take);
  for (let attempt = 2; metrics.droppedBlocks > 0 && attempt <= 3; attempt++) {
    console.log(`${label}: recording ${attempt - 1} skipped quanta (${metrics.droppedBlocks} holes), recorded again`);
    test.info().annotations.push({ type: `${label}: recording ${attempt - 1} had holes`, description: String(metrics.droppedBlocks) });
    metrics = await recordOnce(page, take);
  }
  return metrics;
}

/** A seed whose walk goes from segment `from` to segment `to` first (the voice's walk, segment-walk.ts). */
function seedFor(count: number, from: number, to: number): number {
  for (let seed = 1; ; seed++) if (createWalk(count, seed)(from) === to) return seed;
}

/** The two recordings for a file: the walk through its shortest segment (two joins), and one more join after its own seek. */
function takesFor(file: string): Take[] {
  const segments = loopSegments[file];
  if (!segments || !('starts' in segments)) throw new Error(`${file} has no segments`);
  const { starts, length, crossfade } = segments;
  const all = segmentsOf(starts, length);
  const shortest = all.reduce((best, s, k) => (s.length < (all[best]?.length ?? Infinity) ? k : best), 0);
  // Boundaries k (segment k − 1 ends there) well inside the file (a seek near 0 is read as the element's own
  // restart), not next to the shortest segment, so the walk's pick is not the file's own order.
  const usable = starts
    .map((start, k) => ({ start, k }))
    .filter(({ start, k }) => k >= 1 && start / RATE - BEFORE_S > 3 && k !== shortest && k - 1 !== shortest && k !== shortest + 1);
  const [walked, seeked] = [usable[0], usable.at(-1)];
  if (!walked || !seeked || walked === seeked) throw new Error(`${file}: no two boundaries to record`);
  const x = crossfade / RATE;
  // The first join's crossfade starts x before the boundary; the shortest segment starts with it and fades out x before its end.
  const firstJoinAt = BEFORE_S - x - SETTLE_S;
  return [
    { boundary: walked.start, joins: 2, seed: seedFor(all.length, walked.k - 1, shortest), seconds: firstJoinAt + (all[shortest]?.length ?? 0) / RATE + AFTER_S },
    { boundary: seeked.start, joins: 1, seconds: firstJoinAt + x + AFTER_S },
  ];
}

test.describe('a soundscape walks its segments as heard', () => {
  test.use({ bypassCSP: true });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(outputProbeScript(4096, 'worklet'));
    // The windows as scheduled, the walk's crossfades among them (the in-order loop has none), its context.
    await page.addInitScript({ content: `(${WATCH_WALK})();` });
  });

  const sounds = [
    ['Ocean', 'app'],
    ['Rain', 'app'],
    ['Underwater', 'app'],
    ['Seagulls', 'reversed'],
  ] as const;
  for (const source of ['streamed', 'cached'] as const) {
    for (const [name, host] of sounds) {
      const file = `${name.toLowerCase()}${host === 'reversed' ? '-reversed' : ''}.mp3`;
      test(`${name} (${file}), ${source}: three joins, two of them in a row, with 0 ms of silence and no jump over 3× p99.9`, async ({ page }) => {
        test.setTimeout(90_000);
        const crossfade = (loopSegments[file] as { crossfade: number }).crossfade / RATE;
        // From the saved copy, its bytes are what is walked (found by their fingerprint, not by URL).
        await startLoop(page, name, source, host);
        await expectDecodedLoop(page);
        for (const take of takesFor(file)) {
          const label = `${name} ${source}, ${take.joins} join(s) from ${(take.boundary / RATE).toFixed(2)} s`;
          const metrics = await record(page, take, label);
          const { schedule, ...figures } = metrics;
          console.log(`${label}: ${JSON.stringify(figures)}${figures.maxJumpRatio > 3 ? ` ${JSON.stringify(schedule)}` : ''}`);
          test.info().annotations.push({ type: label, description: JSON.stringify(metrics) });
          expect(metrics.longestSilenceMs, `${label}: exact silence (ms)`).toBe(0);
          expect(metrics.maxJumpRatio, `${label}: largest jump / p99.9`).toBeLessThanOrEqual(3);
          // Each join: the incoming segment starts one crossfade before the outgoing one ends (a fade may span two pieces).
          expect(metrics.crossfadedS, `${label}: seconds of crossfade inside the recording`).toBeGreaterThanOrEqual(take.joins * crossfade - 0.01);
        }
      });
    }
  }
});
