/**
 * The sleep timer's fades (SPEC 4; issue 23's long fade), checked on offline renders (issue 38): the engine's own
 * sleep timer, wired to the app's own bus as startApp() wires it, on an OfflineAudioContext whose clock also runs the
 * timer's ticks (tests/render/render-clock.ts), under a mix that is a constant 1, so the output is the gain itself.
 * A 31-minute timer renders in seconds at 3 kHz; the short fade at 48 kHz, to read its 100 ms steps.
 *
 * The laws, from src (sleep-timer.ts, level-ramp.ts): with a long fade of F minutes the whole mix holds its level
 * until F minutes before the deadline, then falls linearly in amplitude to 0 at the deadline, where every engine is
 * asked to stop; with none, at the deadline the level steps 0.9, 0.8 … 0.1 every 100 ms, then the engines stop.
 * layer-levels.spec.ts read the short fade's steps in real time (±1.5 dB); here they are read within ±0.5 dB.
 */
import { test, expect } from './fixtures';
import { openRenderPage, renderSleep } from './offline-render';

const TOLERANCE_DB = 0.5;
/** The long fade is read down to −40 dB (its last 1 %: the render's quantum, 43 ms at 3 kHz, is a step of its own there). */
const FLOOR_DB = -40;

test.describe('the sleep timer fades the mix to silence (offline render)', () => {
  test.beforeEach(async ({ page }) => openRenderPage(page));

  for (const fadeMinutes of [1, 5, 10, 30]) {
    test(`a long fade over the last ${fadeMinutes} minute(s) of a ${fadeMinutes + 1}-minute timer: linear to silence at the deadline (offline render)`, async ({ page }) => {
      test.setTimeout(120_000);
      const render = await renderSleep(page, { minutes: fadeMinutes + 1, fadeMinutes, sampleRate: 3000, step: 1 });
      const { deadline, step } = render;
      const fadeFrom = deadline - fadeMinutes * 60;
      const law = (t: number) => (t < fadeFrom ? 0 : 20 * Math.log10((deadline - t) / (fadeMinutes * 60)));
      let worst = { t: 0, off: 0 };
      let read = 0;
      render.levelsDb.forEach((level, i) => {
        const t = i * step;
        if (t >= deadline || law(t) < FLOOR_DB) return;
        read++;
        const off = Math.abs(level - law(t));
        if (off > worst.off) worst = { t, off };
      });
      const label = `${fadeMinutes}-minute fade`;
      console.log(`${label}: ${read} levels read, worst ${worst.off.toFixed(3)} dB off the law at ${worst.t} s; stopped at ${render.stoppedAt} s (deadline ${deadline} s), peak after ${render.peakAfterStop}; ${Math.round(render.renderMs)} ms`);
      test.info().annotations.push({ type: label, description: JSON.stringify({ read, worst, stoppedAt: render.stoppedAt, peakAfterStop: render.peakAfterStop, renderMs: render.renderMs }) });
      // One a second, down to −40 dB: all but the fade's last 1 %.
      expect(read, 'levels read (one a second)').toBeGreaterThanOrEqual(Math.floor(deadline - 0.01 * fadeMinutes * 60));
      expect(worst.off, `${label}: largest distance from the law (dB), at ${worst.t} s`).toBeLessThanOrEqual(TOLERANCE_DB);
      // Silent at the deadline: the level is 0 there, and every engine was asked to stop then.
      expect(render.levelsDb[Math.round(deadline / step)], `${label}: the level at the deadline (dB)`).toBeLessThan(-80);
      expect(render.stoppedAt, `${label}: when the engines were asked to stop (s)`).toBeGreaterThanOrEqual(deadline);
      expect(render.stoppedAt!, `${label}: when the engines were asked to stop (s)`).toBeLessThan(deadline + 0.2);
      expect(render.peakAfterStop, `${label}: the loudest sample after the stop`).toBe(0);
    });
  }

  test("no long fade: at the deadline the mix steps down 0.9 … 0.1 every 100 ms, then stops in silence (offline render)", async ({ page }) => {
    test.setTimeout(60_000);
    const render = await renderSleep(page, { minutes: 1, fadeMinutes: 0, sampleRate: 48_000, step: 0.005 });
    const { deadline, step } = render;
    const at = (t: number) => render.levelsDb[Math.round(t / step)]!;
    expect(Math.abs(at(deadline - 0.01)), 'full level before the deadline (dB)').toBeLessThanOrEqual(TOLERANCE_DB);
    const steps: string[] = [];
    for (let k = 1; k <= 9; k++) {
      // Read at the end of each 100 ms step (the bus ramps each one with a 20 ms time constant).
      const level = at(deadline + (k - 1) * 0.1 + 0.095);
      const law = 20 * Math.log10(1 - k / 10);
      steps.push(`${(1 - k / 10).toFixed(1)}: ${level.toFixed(2)} (law ${law.toFixed(2)})`);
      expect(Math.abs(level - law), `the mix at fade ${(1 - k / 10).toFixed(1)} (dB off the law)`).toBeLessThanOrEqual(TOLERANCE_DB);
    }
    console.log(`short fade, dB: ${steps.join(', ')}; stopped at ${render.stoppedAt} s (deadline ${deadline}), peak after ${render.peakAfterStop}`);
    test.info().annotations.push({ type: 'short fade (dB)', description: steps.join(', ') });
    expect(render.stoppedAt, 'the engines asked to stop after the last step (s)').toBeGreaterThanOrEqual(deadline + 0.9);
    expect(render.stoppedAt!, 'the engines asked to stop after the last step (s)').toBeLessThan(deadline + 1);
    expect(render.peakAfterStop, 'the loudest sample after the stop').toBe(0);
  });
});
