/**
 * Issue 22's walk and issue 11's seamless loops, checked on offline renders (issue 38): each soundscape's own loop
 * voice renders into an OfflineAudioContext in real Chromium (tests/render/offline-render.ts), faster than real time,
 * its walk seeded. These replace the real-time recordings that sought the track and patched Math.random
 * (segment-walk.spec.ts, loop-seam.spec.ts): what they proved on 3 joins and 2 restarts per sound is proven here
 * on every join of 10 minutes of a walk, for every soundscape that walks, and on a natural restart of the loop.
 *
 * - Every join: 0 ms of exact silence and no sample-to-sample jump over 3× the render's p99.9 in the 4 s around it
 *   (for the four sounds the recordings covered, also over 3× that stretch's own p99.9, their check), none anywhere
 *   in the render either; the two segments' gains, read back from the render against the
 *   file's own samples, keep equal power (their squares sum to 1 within ±0.5 dB) and follow the walk's
 *   quarter-turn curves; the render is the walk the seed gives (a join read against the wrong segment fails).
 * - The file's end running into its start (a walk's segment over the end; the in-order loop's restart): no silence,
 *   no jump, and in step with the file.
 */
import { test, expect } from './fixtures';
import { openRenderPage, renderLoop } from './offline-render';
import { loopSegments } from '../../src/catalogue/loop-segments';
import { planPieces, walkable } from '../../src/engine/soundscape/loop-pieces';
import { segmentsOf } from '../../src/engine/soundscape/segment-walk';
import type { LoopRender, SeamFigures } from './render-api';

const RATE = 48_000;
const WALK_S = 600;
/** A wrap measured against the file, off its 96-sample join: anything but the file's own samples (a one-sample slip is tens of %) fails. */
const IN_STEP = 0.05;
/** The sounds segment-walk.spec.ts recorded in real time: their joins also hold its check on the 4 s around each (that stretch's own p99.9). */
const RECORDED = ['ocean.mp3', 'rain.mp3', 'underwater.mp3', 'seagulls-reversed.mp3'];

const walking = Object.entries(loopSegments).filter(([, s]) => walkable(s, s.length));
const inOrder = Object.entries(loopSegments).filter(([, s]) => 'ordered' in s);

/**
 * The first seed whose 10-minute walk turns into the segment over the file's end (its rise crosses the end: the join
 * that once clicked, loop-seam.spec.ts's Ocean case) and comes back to it at least twice.
 */
function seedFor(file: string): number {
  const segments = loopSegments[file]!;
  if (!('starts' in segments)) throw new Error(`${file} does not walk`);
  const overEnd = segments.starts.length - 1;
  for (let seed = 1; ; seed++) {
    const plan = planPieces({ fileLength: segments.length, windowSamples: 5 * RATE, segments, from: 0, seed });
    let into = 0;
    for (let p = plan(); p.at < (WALK_S - 3) * RATE; p = plan()) if (p.fadesIn && p.segmentOffset === 0 && p.start === segments.starts[overEnd]) into++;
    if (into >= 2) return seed;
  }
}

function expectSeam(seam: SeamFigures, label: string, local: boolean) {
  expect(seam.longestSilenceMs, `${label}: exact silence (ms)`).toBe(0);
  expect(seam.maxJumpReRender, `${label}: largest jump / the render's p99.9`).toBeLessThanOrEqual(3);
  if (local) expect(seam.maxJumpRatio, `${label}: largest jump / the 4 s stretch's own p99.9`).toBeLessThanOrEqual(3);
}

function expectWraps(render: LoopRender, file: string) {
  for (const w of render.wraps) {
    const label = `${file}, the file's end into its start at ${w.at.toFixed(2)} s`;
    expectSeam(w.seam, label, RECORDED.includes(file) || 'ordered' in loopSegments[file]!);
    // null: the wrap is inside a crossfade (the join's gains are read there instead).
    if (w.maxDifference !== null) expect(w.maxDifference, `${label}: |render − file| re the file's peak`).toBeLessThanOrEqual(IN_STEP);
  }
}

const annotate = (label: string, render: LoopRender) => {
  const worst = (f: (j: LoopRender['joins'][number]) => number) => Math.max(...render.joins.map(f));
  const figures = {
    joins: render.joins.length,
    wraps: render.wraps.length,
    worstJoinJump: worst((j) => j.seam.maxJumpReRender).toFixed(2),
    worstJoinJumpLocal: worst((j) => j.seam.maxJumpRatio).toFixed(2),
    powerSumDb: [Math.min(...render.joins.map((j) => j.powerSumDb.min)).toFixed(3), worst((j) => j.powerSumDb.max).toFixed(3)],
    worstGainError: worst((j) => j.gainError).toFixed(4),
    whole: render.whole,
    lateStarts: render.lateStarts,
    renderMs: Math.round(render.renderMs),
  };
  console.log(`${label}: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: label, description: JSON.stringify(figures) });
};

test.describe('a soundscape walks its segments (offline render)', () => {
  test.beforeEach(async ({ page }) => openRenderPage(page));

  for (const [file, segments] of walking) {
    test(`${file}: every join over 10 minutes of a seeded walk, seamless and equal-power (offline render)`, async ({ page }) => {
      test.setTimeout(180_000);
      const seed = seedFor(file);
      const render = await renderLoop(page, { file, seconds: WALK_S, seed });
      annotate(`${file}, seed ${seed}`, render);
      expect(render.walking, 'the file walks its segments').toBe(true);
      expect(render.lateStarts, 'windows started after their time').toBe(0);
      // Every segment at least once in 10 minutes (a walk stuck on a few would pass the joins it makes).
      expect(new Set(render.order).size, 'segments played').toBe('starts' in segments ? segments.starts.length : 0);
      const longest = Math.max(...segmentsOf('starts' in segments ? segments.starts : [], segments.length).map((s) => s.length)) / RATE;
      expect(render.joins.length, 'joins in 10 minutes').toBeGreaterThanOrEqual(Math.floor((WALK_S - 3) / longest) - 1);
      expect(render.joins.some((j) => j.to === render.order[0]), 'a join into the segment over the file\'s end').toBe(true);
      for (const join of render.joins) {
        const label = `${file}, join ${join.from} → ${join.to} at ${join.at.toFixed(2)} s`;
        expectSeam(join.seam, label, RECORDED.includes(file));
        expect(join.powerSumDb.min, `${label}: the two gains' power sum (dB), lowest`).toBeGreaterThanOrEqual(-0.5);
        expect(join.powerSumDb.max, `${label}: the two gains' power sum (dB), highest`).toBeLessThanOrEqual(0.5);
        expect(join.gainError, `${label}: largest distance of a gain from the walk's curve`).toBeLessThanOrEqual(0.05);
      }
      expect(render.wraps.length, 'the file\'s end crossed').toBeGreaterThanOrEqual(1);
      expectWraps(render, file);
      expect(render.whole.longestSilenceMs, `${file}: exact silence anywhere (ms)`).toBe(0);
      expect(render.whole.maxJumpRatio, `${file}: largest jump anywhere / the render's p99.9`).toBeLessThanOrEqual(3);
    });
  }

  for (const [file] of inOrder) {
    test(`${file}: the loop's natural restarts, twice, seamless (offline render)`, async ({ page }) => {
      test.setTimeout(120_000);
      // Two loops and a bit: the voice plays the file in order from its top, with no seek, round twice.
      const render = await renderLoop(page, { file, seconds: (2 * (loopSegments[file]!.length / RATE)) + 5, seed: 1 });
      annotate(file, render);
      expect(render.walking, 'the file plays in order').toBe(false);
      expect(render.lateStarts, 'windows started after their time').toBe(0);
      expect(render.wraps.length, 'natural restarts rendered').toBe(2);
      expectWraps(render, file);
      expect(render.wraps.every((w) => w.maxDifference !== null), 'every restart measured against the file').toBe(true);
      expect(render.whole.longestSilenceMs, `${file}: exact silence anywhere (ms)`).toBe(0);
      expect(render.whole.maxJumpRatio, `${file}: largest jump anywhere / the render's p99.9`).toBeLessThanOrEqual(3);
    });
  }
});
