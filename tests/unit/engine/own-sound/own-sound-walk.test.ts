// @vitest-environment node
/**
 * An own sound's walk (issue 41, src/engine/own-sound/own-sound-walk.ts), its pure part: the stream it mixes from the
 * loop is the catalogue's walk (seeded order, no segment twice in a row, equal-power crossfades inside both
 * segments), the same whatever the piece length it is handed out in, and the same again from the same seed.
 */
import { describe, expect, it } from 'vitest';
import { createOwnSoundWalk, type LoopReader } from '../../../../src/engine/own-sound/own-sound-walk';
import { createWalk } from '../../../../src/engine/soundscape/segment-walk';

const N = 6000;
const STARTS = [500, 1700, 3400, 4600];
const X = 200;
/** The loop's sample i is i + 1 (never 0): where a sample came from is readable in the output. */
const loop = Float32Array.from({ length: N }, (_, i) => i + 1);
const reader = (reads?: number[]): LoopReader => async (from, count) => {
  reads?.push(count);
  return [Float32Array.from({ length: count }, (_, k) => loop[(from + k) % N]!)];
};

async function stream(pieceFrames: number, seed: number, frames: number): Promise<Float32Array> {
  const walk = createOwnSoundWalk({ starts: STARTS, loopFrames: N, crossfade: X, channels: 1, pieceFrames, seed, readLoop: reader() });
  const out = new Float32Array(Math.ceil(frames / pieceFrames) * pieceFrames);
  for (let i = 0; i * pieceFrames < frames; i++) out.set((await walk.piece(i))[0]!, i * pieceFrames);
  return out.subarray(0, frames);
}

/** The walk written out directly from its definition, as a check on the module. */
function expected(seed: number, frames: number): { out: Float64Array; order: number[] } {
  const lengths = STARTS.map((s, k) => (k + 1 < STARTS.length ? STARTS[k + 1]! : STARTS[0]! + N) - s);
  const next = createWalk(STARTS.length, seed);
  const out = new Float64Array(frames);
  const order = [0];
  for (let at = 0, k = 0, first = true; at < frames; ) {
    const len = lengths[k]!;
    for (let t = 0; t < len && at + t < frames; t++) {
      const rise = !first && t < X ? Math.sin((Math.PI / 2) * (t / X)) : 1;
      const fall = t > len - X ? Math.cos((Math.PI / 2) * ((t - (len - X)) / X)) : 1;
      out[at + t]! += loop[(STARTS[k]! + t) % N]! * rise * fall;
    }
    at += len - X;
    k = next(k);
    order.push(k);
    first = false;
  }
  return { out, order };
}

describe('an own sound walked through its segments', () => {
  it('is the walk by its definition: segments in the seeded order, each join crossfaded equal-power inside both', async () => {
    const frames = 40_000;
    const got = await stream(700, 42, frames);
    const { out, order } = expected(42, frames);
    let worst = 0;
    for (let i = 0; i < frames; i++) worst = Math.max(worst, Math.abs(got[i]! - out[i]!) / out[i]!);
    expect(worst).toBeLessThan(1e-5);
    // It walked: more than one segment, none twice in a row, not the loop in order.
    expect(new Set(order).size).toBeGreaterThan(2);
    expect(order.every((k, i) => i === 0 || k !== order[i - 1])).toBe(true);
    expect(order.slice(0, 8)).not.toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
  });

  it('is the same stream whatever the piece length it is handed out in (no step at a piece\'s edge)', async () => {
    const a = await stream(700, 7, 30_000);
    const b = await stream(333, 7, 30_000);
    const c = await stream(6000, 7, 30_000);
    expect([...b]).toEqual([...a]);
    expect([...c]).toEqual([...a]);
  });

  it('is reproducible from its seed, and another seed walks another way', async () => {
    expect([...(await stream(700, 3, 20_000))]).toEqual([...(await stream(700, 3, 20_000))]);
    expect([...(await stream(700, 4, 20_000))]).not.toEqual([...(await stream(700, 3, 20_000))]);
  });

  it('begins with the loop\'s first segment from its start, with no fade in', async () => {
    const got = await stream(700, 1, 100);
    expect(got[0]).toBe(loop[STARTS[0]!]);
    expect(got[99]).toBe(loop[STARTS[0]! + 99]);
  });

  it('reads only what a piece needs', async () => {
    const reads: number[] = [];
    const walk = createOwnSoundWalk({ starts: STARTS, loopFrames: N, crossfade: X, channels: 1, pieceFrames: 700, seed: 1, readLoop: reader(reads) });
    for (let i = 0; i < 20; i++) await walk.piece(i);
    // Each piece reads its frames once, plus the overlap of a crossfade where two segments sound together.
    expect(reads.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(20 * 700 + 20 * X);
  });
});
