/**
 * The system taking the context (issue 40): iOS's 'interrupted' state, or a 'running' clock that stopped, is the
 * system's; the clock moving again gives it back; a context Lull suspended is not the system's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FROZEN_CLOCK_MS, watchContext } from '../../../src/engine/context-watchdog';

class FakeContext extends EventTarget {
  state = 'running';
  currentTime = 0;
  change(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

describe('context watchdog', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
  });
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const ctx = new FakeContext();
    const seen: boolean[] = [];
    let resuming = false;
    const watch = watchContext(ctx as unknown as BaseAudioContext, (taken) => seen.push(taken), { now: () => now, isResuming: () => resuming });
    /** `ms` of wall time, the audio clock moving by `rate` of it (0: frozen). */
    const run = (ms: number, rate = 1) => {
      for (let t = 0; t < ms; t += 100) {
        now += 100;
        ctx.currentTime += (rate * 100) / 1000;
        vi.advanceTimersByTime(100);
      }
    };
    return { ctx, seen, watch, run, resume: (value: boolean) => (resuming = value) };
  };

  it('a moving clock is left alone', () => {
    const { seen, watch, run } = setup();
    run(10_000);
    expect(seen).toEqual([]);
    expect(watch.taken).toBe(false);
  });

  it("'interrupted' is the system's at once; back to running with its clock moving, it is given back", () => {
    const { ctx, seen, watch, run } = setup();
    run(1000);
    ctx.change('interrupted');
    expect(seen).toEqual([true]);
    expect(watch.taken).toBe(true);
    run(3000, 0);
    ctx.change('running');
    expect(seen).toEqual([true]);
    run(1000);
    expect(seen).toEqual([true, false]);
  });

  it(`a 'running' clock stopped for ${FROZEN_CLOCK_MS} ms is the system's, not before; moving again, given back`, () => {
    const { seen, run } = setup();
    run(1000);
    run(FROZEN_CLOCK_MS - 600, 0);
    expect(seen).toEqual([]);
    run(1000, 0);
    expect(seen).toEqual([true]);
    run(1000);
    expect(seen).toEqual([true, false]);
  });

  it('a suspended context with a resume of Lull\'s on its way is not frozen; a stopped watch says nothing', () => {
    const { ctx, seen, watch, run, resume } = setup();
    resume(true);
    ctx.change('suspended');
    run(10_000, 0);
    expect(seen).toEqual([]);
    resume(false);
    ctx.change('running');
    watch.stop();
    run(10_000, 0);
    ctx.change('interrupted');
    expect(seen).toEqual([]);
  });

  it(`a context suspended by someone else for ${FROZEN_CLOCK_MS} ms (no resume of Lull's on its way) is the system's, not before; resumed and moving, given back`, () => {
    const { ctx, seen, run } = setup();
    run(1000);
    ctx.change('suspended');
    run(FROZEN_CLOCK_MS - 600, 0);
    expect(seen).toEqual([]);
    run(1000, 0);
    expect(seen).toEqual([true]);
    ctx.change('running');
    run(1000);
    expect(seen).toEqual([true, false]);
  });

  it("the output's stamp is read only while the clock stands still, and a faked clock's jump is not a freeze", () => {
    // Firefox 153 deadlocked a tab reading getOutputTimestamp twice a second (context-watchdog.ts).
    const ctx = new FakeContext();
    const seen: boolean[] = [];
    let page = 0;
    let output = 0;
    let stamps = 0;
    watchContext(ctx as unknown as BaseAudioContext, (taken) => seen.push(taken), { now: () => page, stamp: () => (stamps++, output) });
    const run = (ms: number, rate = 1, pageRate = 1) => {
      for (let t = 0; t < ms; t += 100) {
        page += 100 * pageRate;
        output += 100;
        ctx.currentTime += (rate * 100) / 1000;
        vi.advanceTimersByTime(100);
      }
    };
    run(10_000);
    expect(stamps).toBe(0);
    // A test's fast-forward: the page's clock leaps 59 s in one check while the output (real time) moves 100 ms.
    run(100, 0, 590);
    run(400, 0, 0);
    expect(seen).toEqual([]);
    run(1000);
    expect(seen).toEqual([]);
    // Frozen for real: the stamp is read at each still check, and the freeze is heard.
    run(3000, 0);
    expect(seen).toEqual([true]);
    expect(stamps).toBeGreaterThan(0);
  });

  it('a state change never reads the stamp, nor the tick right after it', () => {
    const ctx = new FakeContext();
    let stamps = 0;
    watchContext(ctx as unknown as BaseAudioContext, () => undefined, { now: () => 0, stamp: () => (stamps++, 0) });
    // The clock still (as a context just started): a state change, then one tick, read nothing.
    ctx.change('suspended');
    ctx.change('running');
    vi.advanceTimersByTime(500);
    expect(stamps).toBe(0);
    vi.advanceTimersByTime(500);
    expect(stamps).toBeGreaterThan(0);
  });
});
