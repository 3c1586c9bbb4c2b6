// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DRIFT_MAX_DB, DRIFT_STEP_SECONDS, driftPoints } from '../../../../worklets/dsp/drift';

const db = (gain: number) => 20 * Math.log10(gain);

describe('alive drift kernel', () => {
  it('stays within ±3 dB, one breakpoint every step, over a night', () => {
    const points = driftPoints(42, 0, 0, 8 * 3600);
    expect(points.length).toBe(8 * 3600 / DRIFT_STEP_SECONDS + 1);
    for (const [i, point] of points.entries()) {
      expect(point.at).toBe(i * DRIFT_STEP_SECONDS);
      expect(Math.abs(db(point.gain))).toBeLessThanOrEqual(DRIFT_MAX_DB + 1e-9);
    }
    // It moves: the night's levels span more than 2 dB, and not in steps a listener would hear as jumps.
    const dbs = points.map((point) => db(point.gain));
    expect(Math.max(...dbs) - Math.min(...dbs)).toBeGreaterThan(2);
    for (let i = 1; i < dbs.length; i++) expect(Math.abs(dbs[i]! - dbs[i - 1]!)).toBeLessThanOrEqual(2 * DRIFT_MAX_DB);
  });

  it('is the same from the same seed, whatever window is asked for; another seed or layer drifts otherwise', () => {
    const night = driftPoints(7, 1, 0, 3600);
    const later = driftPoints(7, 1, 1000, 2000);
    expect(later).toEqual(night.filter((point) => point.at >= 990 && point.at <= 2070));
    expect(driftPoints(8, 1, 0, 3600)).not.toEqual(night);
    expect(driftPoints(7, 2, 0, 3600)).not.toEqual(night);
  });
});
