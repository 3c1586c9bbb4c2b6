// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seamJump, selectInPlace } from '../../../studio/audit/checks';
import { seededRandom } from '../../../src/lib/seeded-random';

/** What the audit computed before: a full sort, then the k-th value. */
const bySort = (values: Float32Array, k: number) => Float32Array.from(values).sort()[k];

describe('selectInPlace (the audit p99.9 without a sort)', () => {
  it('returns what a sort puts at k, for noise, ties, runs and tiny arrays', () => {
    const random = seededRandom(11);
    const cases: Float32Array[] = [
      Float32Array.from({ length: 10_001 }, () => random() * 2 - 1),
      Float32Array.from({ length: 5_000 }, () => Math.round(random() * 4) / 4),
      Float32Array.from({ length: 4_096 }, (_, i) => i % 7),
      Float32Array.from({ length: 3_000 }, (_, i) => 3_000 - i),
      new Float32Array(2_000),
      Float32Array.of(5),
      Float32Array.of(2, 1),
    ];
    for (const values of cases) {
      for (const k of [0, 1, Math.floor(values.length / 2), Math.floor(0.999 * (values.length - 1)), values.length - 1]) {
        if (k >= values.length) continue;
        expect(selectInPlace(Float32Array.from(values), k)).toBe(bySort(values, k));
      }
    }
  });

  it("keeps seamJump's p99.9 what the sorted jumps give", () => {
    const random = seededRandom(3);
    const x = Float32Array.from({ length: 48_000 }, (_, i) => Math.sin(i / 30) * 0.3 + (random() - 0.5) * 0.01);
    const d = Float32Array.from({ length: x.length - 1 }, (_, i) => Math.abs(x[i + 1]! - x[i]!));
    expect(seamJump(x).p999).toBe(bySort(d, Math.floor(0.999 * (d.length - 1))));
    expect(seamJump(Float32Array.of(0.5)).p999).toBe(0);
  });
});
