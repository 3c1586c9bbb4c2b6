// @vitest-environment node
/**
 * The studio's segments (issue 22): boundaries at the sound's quiet points, and the audit's check of the segment
 * table, which must fail on data the player could not walk cleanly.
 */
import { describe, expect, it } from 'vitest';
import { chooseSegments, MAX_SEGMENT_SAMPLES, MIN_SEGMENT_SAMPLES, SEGMENT_GRID } from '../../../studio/segments';
import { judgeSegments } from '../../../studio/audit/segment-checks';

const rate = 48_000;
const n = 60 * rate;
/** Noise whose level swells like waves, quiet every 12 s (at 6, 18, 30, 42, 54 s). */
function waves(): [Float32Array, Float32Array] {
  let s = 12345;
  const noise = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const level = 0.05 + 0.25 * Math.sin((Math.PI * i) / (12 * rate)) ** 2;
    l[i] = level * noise();
    r[i] = level * noise();
  }
  return [l, r];
}

describe('studio segments', () => {
  const ch = waves();
  const chosen = chooseSegments(...ch);

  it('puts the boundaries between the waves, on the grid, 8–24 s apart', () => {
    expect(chosen.starts.length).toBe(5);
    for (const [k, s] of chosen.starts.entries()) {
      expect(s % SEGMENT_GRID).toBe(0);
      // Quiet points at 0, 12, 24, 36, 48 s (sin² = 0); within 0.5 s (0 may come out just before the file's end).
      const fromQuiet = s % (12 * rate);
      expect(Math.min(fromQuiet, 12 * rate - fromQuiet)).toBeLessThan(rate / 2);
      expect(chosen.boundaryDb[k]).toBeLessThan(-6);
    }
    const lengths = chosen.starts.map((s, k) => ((chosen.starts[k + 1] ?? n + (chosen.starts[0] ?? 0)) - s));
    for (const length of lengths) expect(length >= MIN_SEGMENT_SAMPLES && length <= MAX_SEGMENT_SAMPLES).toBe(true);
  });

  it('the audit passes the chosen segments and fails data the player could not walk', () => {
    const record = { fingerprint: 'f', length: n, crossfade: rate, starts: chosen.starts };
    expect(judgeSegments('ocean', record, ch, 'f').every((v) => v.ok)).toBe(true);
    expect(judgeSegments('ocean', undefined, ch, 'f')[0]?.ok).toBe(false);
    expect(judgeSegments('ocean', { ...record, length: n - 1 }, ch, 'f')[0]?.ok).toBe(false);
    expect(judgeSegments('ocean', record, ch, 'another file')[0]?.ok).toBe(false);
    expect(judgeSegments('ocean', { ...record, starts: [1, ...chosen.starts.slice(1)] }, ch, 'f')[0]?.ok).toBe(false);
    expect(judgeSegments('ocean', { ...record, starts: [0, 4 * rate, 30 * rate] }, ch, 'f')[0]?.ok).toBe(false);
    expect(judgeSegments('ocean', { fingerprint: 'f', length: n, ordered: 'no reason given by the studio' }, ch, 'f')[0]?.ok).toBe(false);
  });

  it('fails a join that would go silent', () => {
    const [l, r] = waves();
    // Two seconds of silence over the boundary at 24 s: its crossfade plays nothing.
    l.fill(0, 23 * rate, 25 * rate);
    r.fill(0, 23 * rate, 25 * rate);
    const verdicts = judgeSegments('ocean', { fingerprint: 'f', length: n, crossfade: rate, starts: [0, 12 * rate, 24 * rate, 36 * rate, 48 * rate] }, [l, r], 'f');
    expect(verdicts[0]?.ok).toBe(false);
  });
});
