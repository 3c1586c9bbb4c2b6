// @vitest-environment node
/**
 * The worklet recorder's count of quanta the audio thread passed over (tests/e2e/output-probe.ts). Chromium copies the
 * context's frame into the worklet scope only when a try-lock of the graph succeeds
 * (BaseAudioContext::UpdateWorkletGlobalScopeOnRenderingThread), so while the main thread connects or disconnects a node
 * `currentFrame` reads the previous quantum's frame again, and the next call reads ahead to the true one: measured in
 * the night bench as pairs (-1 then +1 quantum, or -1, -1, -1 then +3) beside the page's source starts, process()
 * called once per quantum all the same (frames advanced = calls × 128 over every minute).
 */
import { describe, expect, it } from 'vitest';
import { placeQuantum } from '../../e2e/output-probe';

/** The main thread's reading of a run of currentFrame stamps: quanta counted missing, and where. */
function follow(frames: number[]) {
  let expected: number | null = null;
  let dropped = 0;
  const at: number[] = [];
  for (const frame of frames) {
    const place = placeQuantum(expected, frame, 128);
    if (place.skipped > 0) dropped++;
    at.push(place.at);
    expected = place.at + 128;
  }
  return { dropped, at };
}

describe('output probe: quanta the audio thread skipped', () => {
  it('counts none when the worklet reads a stale frame once and then catches up (every quantum was rendered)', () => {
    expect(follow([0, 128, 128, 384, 512])).toEqual({ dropped: 0, at: [0, 128, 256, 384, 512] });
  });

  it('counts none for a stale frame held over three quanta', () => {
    expect(follow([0, 128, 128, 128, 128, 640]).dropped).toBe(0);
  });

  it('counts a frame ahead of the one expected, once per hole', () => {
    expect(follow([0, 128, 512, 640]).dropped).toBe(1);
    expect(follow([0, 128, 128, 384, 768]).dropped).toBe(1);
  });
});
