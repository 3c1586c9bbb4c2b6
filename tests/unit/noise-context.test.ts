/**
 * The noise context's life: reused while it lives, replaced when the browser closed it or it sat
 * suspended for longer than LONG_SUSPENSION_MS (Safari may leave such a context's clock frozen).
 */
import { describe, expect, it } from 'vitest';
import { LONG_SUSPENSION_MS, noiseContext, noteNoiseContextSuspended } from '../../src/engine/noise/noise-context';

describe('noise context', () => {
  it('is reused after a short suspension and replaced after a long one', async () => {
    const t0 = 1_000_000;
    const first = noiseContext(t0)!;
    expect(first).toBeInstanceOf(AudioContext);
    expect(noiseContext(t0 + 1000)).toBe(first);
    await first.suspend();
    noteNoiseContextSuspended(first, t0 + 2000);
    expect(noiseContext(t0 + 2000 + 60_000)).toBe(first); // resumed by the next Play: not stale
    await first.suspend();
    noteNoiseContextSuspended(first, t0 + 100_000);
    const second = noiseContext(t0 + 100_000 + LONG_SUSPENSION_MS + 1)!;
    expect(second).not.toBe(first);
    await Promise.resolve();
    expect(first.state).toBe('closed');
    expect(noiseContext(t0 + 200_000 + LONG_SUSPENSION_MS)).toBe(second);
  });
});
