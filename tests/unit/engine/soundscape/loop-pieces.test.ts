// @vitest-environment node
/**
 * The pieces a loop voice plays (issue 22): in order they cover the file round and round with no gap; walking,
 * each segment is played whole (from its first sample to its last) in the walk's order, the next one starting a
 * crossfade before the last one ends, so the level stays equal-power through every join and nothing is skipped.
 */
import { describe, expect, it } from 'vitest';
import { planPieces, pieceGain, shapePiece, walkable, type Piece } from '../../../../src/engine/soundscape/loop-pieces';
import { loopSegments, type LoopSegments } from '../../../../src/catalogue/loop-segments';

const n = 48_000 * 120;
const window = 240_000;
const segments: LoopSegments = { fingerprint: 'f', length: n, crossfade: 48_000, starts: [459_840, 1_399_680, 1_783_680, 2_656_800, 3_360_000, 4_394_880, 5_306_880, 5_721_120] };
const take = (next: () => Piece, count: number) => Array.from({ length: count }, next);

describe('pieces in order', () => {
  it('cover the file from the window holding where the sound is, round and round, each following the last sample to sample', () => {
    const pieces = take(planPieces({ fileLength: n, windowSamples: window, from: 1_000_000, seed: 1 }), 60);
    // The window [960,000, 1,200,000) holds sample 1,000,000: the voice plays it from there.
    expect(pieces[0]).toMatchObject({ start: 960_000, length: window, at: 0 });
    for (let i = 1; i < pieces.length; i++) {
      const a = pieces[i - 1] as Piece;
      const b = pieces[i] as Piece;
      expect(b.start).toBe((a.start + a.length) % n);
      expect(b.at).toBe(a.at + a.length);
      expect(a.continues && b.continued).toBe(true);
      expect(a.start + a.length).toBeLessThanOrEqual(n);
      expect(a.length).toBeLessThanOrEqual(window);
      expect(pieceGain(a, 0)).toBe(1);
    }
  });

  it('a file marked to play in order is not walked', () => {
    const kettle: LoopSegments = { fingerprint: 'f', length: n, ordered: 'one heating cycle' };
    expect(walkable(kettle, n)).toBe(false);
    const pieces = take(planPieces({ fileLength: n, windowSamples: window, segments: kettle, from: 0, seed: 1 }), 30);
    expect(pieces.map((p) => p.start)).toEqual(Array.from({ length: 30 }, (_, i) => (i * window) % n));
  });
});

describe('which files are walked', () => {
  it('only a table made for this file, with three segments or more, each longer than two crossfades', () => {
    expect(walkable(segments, n)).toBe(true);
    expect(walkable(undefined, n)).toBe(false);
    // Another file (another length): in order, never cut where its own quiet points are not.
    expect(walkable(segments, n - 480)).toBe(false);
    expect(walkable({ ...segments, starts: [0, 2_000_000] }, n)).toBe(false);
    expect(walkable({ ...segments, starts: [0, 60_000, 3_000_000] }, n)).toBe(false);
  });
});

describe('pieces walking the segments', () => {
  const plan = () => planPieces({ fileLength: n, windowSamples: window, segments, from: 500_000, seed: 9 });

  /** Groups pieces into the segments they play (a segment begins where a piece is not continued). */
  const segmentRuns = (pieces: Piece[]) => {
    const runs: Piece[][] = [];
    for (const p of pieces) if (p.continued && runs.length > 0) runs[runs.length - 1]?.push(p); else runs.push([p]);
    return runs;
  };

  it('plays each segment whole and contiguous, never one twice in a row, never across the file end in one piece', () => {
    const runs = segmentRuns(take(plan(), 400)).slice(1, -1);
    expect(runs.length).toBeGreaterThan(20);
    const startsOf = runs.map((run) => run[0]?.start);
    for (const [k, run] of runs.entries()) {
      const first = run[0] as Piece;
      expect(segments.starts).toContain(first.start);
      expect(first.segmentOffset).toBe(0);
      const total = run.reduce((sum, p) => sum + p.length, 0);
      expect(total).toBe(first.segmentLength);
      for (const p of run) expect(p.start + p.length).toBeLessThanOrEqual(n);
      if (k > 0) expect(startsOf[k]).not.toBe(startsOf[k - 1]);
    }
  });

  it('starts each segment one crossfade before the last one ends, with gains summing to equal power', () => {
    const runs = segmentRuns(take(plan(), 400)).slice(1, -1);
    for (let k = 1; k < runs.length; k++) {
      const prev = runs[k - 1] as Piece[];
      const last = prev[prev.length - 1] as Piece;
      const first = runs[k]?.[0] as Piece;
      expect(first.at).toBe(last.at + last.length - segments.crossfade);
      for (let t = 0; t <= segments.crossfade; t += 4800) {
        // The outgoing sample heard at timeline first.at + t (it may sit in the segment's previous piece).
        const out = prev.find((p) => first.at + t >= p.at && first.at + t <= p.at + p.length) as Piece;
        const gOut = pieceGain(out, first.at + t - out.at);
        const gIn = pieceGain(first, t);
        expect(gOut ** 2 + gIn ** 2).toBeCloseTo(1, 9);
      }
    }
  });

  it('starts with the piece holding where the sound is (mid-segment, no fade in) and is the same walk for the same seed', () => {
    const first = plan()();
    // Sample 500,000 is in the segment from 459,840, in its first piece.
    expect(first.start).toBe(459_840);
    expect(500_000 - first.start).toBeLessThan(first.length);
    expect(pieceGain(first, 500_000 - first.start)).toBe(1);
    expect(take(plan(), 100)).toEqual(take(plan(), 100));
  });
});

describe('no slivers', () => {
  it('walking every catalogue table, a piece shorter than a third of a window is a whole stretch (to the file end, or after it)', () => {
    // A 480-sample leftover at the end of Ocean's segment from 3,877,440 decoded to 527 or 911 samples in WebKit (issue 40).
    for (const [name, table] of Object.entries(loopSegments)) {
      if (!('starts' in table)) continue;
      for (const seed of [1, 2, 3]) {
        for (const p of take(planPieces({ fileLength: table.length, windowSamples: window, segments: table, from: 0, seed }), 300)) {
          const wholeStretch = (p.segmentOffset === 0 || p.start === 0) && (p.start + p.length === table.length || p.segmentOffset + p.length === p.segmentLength);
          if (p.length < window / 3 && !wholeStretch) throw new Error(`${name}: a ${p.length}-sample piece at ${p.start} (segment offset ${p.segmentOffset} of ${p.segmentLength})`);
        }
      }
    }
  });
});

describe('a piece shaped in its buffer (no gain node per window)', () => {
  /** A decoded window of `length` samples at `from`, both channels a sound (a ramp, so each sample is told apart). */
  const decoded = (length: number, from = 0) => [0, 1].map((c) => Float32Array.from({ length: from + length }, (_, i) => (c ? -1 : 1) * (0.1 + (i % 997) / 997)));

  it('in order: fades in over a join, out over the samples after its end, untouched between; two pieces sum to the sound', () => {
    const [a, b] = take(planPieces({ fileLength: n, windowSamples: window, from: 0, seed: 1 }), 2) as [Piece, Piece];
    const tail = 96;
    // Piece a with its tail (b's first 96 samples), decoded at index 50 of its buffer; b from its first sample.
    const bufA = decoded(a.length + tail, 50);
    const bufB = decoded(b.length + tail, 0);
    const sound = (i: number) => 0.1 + (i % 997) / 997;
    shapePiece(bufA, 50, a, 0, 0, tail);
    shapePiece(bufB, 0, b, 0, tail, tail);
    expect(bufA[0]![50]).toBeCloseTo(sound(50), 6);
    expect(bufA[0]![50 + a.length - 1]).toBeCloseTo(sound(50 + a.length - 1), 6);
    expect(bufB[0]![tail + 1000]).toBeCloseTo(sound(tail + 1000), 6);
    // The 96 samples played by both: the outgoing from 1 down, the incoming from 0 up; together the sound itself.
    expect(bufB[0]![0]).toBe(0);
    for (let k = 0; k < tail; k++) {
      const original = sound(k);
      const outgoing = bufA[0]![50 + a.length + k]! / sound(50 + a.length + k);
      const incoming = bufB[0]![k]! / original;
      expect(outgoing).toBeCloseTo(1 - k / tail, 6);
      expect(outgoing + incoming).toBeCloseTo(1, 6);
      // Both channels alike.
      expect(bufB[1]![k]).toBeCloseTo(-bufB[0]![k]!, 6);
    }
  });

  it('walking: the equal-power envelope at every sample, and a late start\'s fade on top of it, each applied once', () => {
    const next = planPieces({ fileLength: n, windowSamples: window, segments, from: 500_000, seed: 4 });
    let piece = next();
    // The first piece of a segment the walk fades in.
    while (!piece.fadesIn || piece.segmentOffset !== 0) piece = next();
    const ones = () => [new Float32Array(piece.length), new Float32Array(piece.length)].map((c) => c.fill(1));
    const whole = ones();
    shapePiece(whole, 0, piece, 0, 0, 0);
    for (let k = 0; k < piece.length; k += 997) expect(whole[0]![k]).toBeCloseTo(pieceGain(piece, k), 6);
    expect(whole[0]![0]).toBe(0);
    // Started late, 12,000 samples in (inside the 48,000-sample rise), faded in over 480 from there.
    const late = ones();
    shapePiece(late, 12_000, piece, 12_000, 480, 0);
    expect(late[1]![11_999]).toBe(1);
    expect(late[1]![12_000]).toBe(0);
    expect(late[1]![12_240]).toBeCloseTo(0.5 * pieceGain(piece, 12_240), 6);
    for (let k = 12_480; k < piece.length; k += 997) expect(late[1]![k]).toBeCloseTo(pieceGain(piece, k), 6);
  });
});
