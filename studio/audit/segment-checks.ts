/** The audit's check of a loop file's segments (src/catalogue/loop-segments.ts) against the decoded file. */
import type { LoopSegments } from '../../src/catalogue/loop-segments.ts';
import { checkWalk, MAX_SEGMENT_SAMPLES, MIN_SEGMENT_SAMPLES, ORDERED_LOOPS, SEGMENT_GRID } from '../segments.ts';
import type { Verdict } from './checks.ts';

export function judgeSegments(slug: string, record: LoopSegments | undefined, ch: readonly [Float32Array, Float32Array], fingerprint: string): Verdict[] {
  const name = 'segments: on the grid, 8–24 s, every join clean';
  if (!record) return [{ name, ok: false, detail: 'no entry in src/catalogue/loop-segments.ts: run npm run studio' }];
  const n = ch[0].length;
  if (record.length !== n) return [{ name, ok: false, detail: `made for ${record.length} samples, the file has ${n}` }];
  // The player finds a file's segments by its fingerprint: a stale one would leave it playing in order.
  if (record.fingerprint !== fingerprint) return [{ name, ok: false, detail: `made for the file ${record.fingerprint}, this one is ${fingerprint}` }];
  if ('ordered' in record) {
    const ok = ORDERED_LOOPS[slug] === record.ordered;
    return [{ name: 'segments: played in order, with its reason', ok, detail: ok ? 'ordered' : 'marked ordered without the studio saying why' }];
  }
  const { starts } = record;
  const lengths = starts.map((s, k) => (k + 1 < starts.length ? (starts[k + 1] ?? 0) : (starts[0] ?? 0) + n) - s);
  const shape =
    starts.length >= 3 &&
    starts.every((s, k) => s % SEGMENT_GRID === 0 && s >= 0 && s < n && (k === 0 || s > (starts[k - 1] ?? 0))) &&
    lengths.every((l) => l >= MIN_SEGMENT_SAMPLES && l <= MAX_SEGMENT_SAMPLES && l >= 2 * record.crossfade);
  if (!shape) return [{ name, ok: false, detail: `boundaries ${starts.join(',')} (lengths ${lengths.join(',')})` }];
  const walk = checkWalk(ch, starts);
  return [
    {
      name,
      ok: walk.failed === 0,
      detail: `${walk.segments} segments ${(walk.shortestSamples / 48_000).toFixed(1)}–${(walk.longestSamples / 48_000).toFixed(1)} s, ${walk.joins - walk.failed}/${walk.joins} joins clean (worst jump ${walk.worstJumpRatio.toFixed(2)}× p99.9, level ${walk.worstLevelDb.toFixed(2)} dB)`,
    },
  ];
}
