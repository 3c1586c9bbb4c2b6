/** An own sound's cover (issue 41): its hills follow its spectrum, band by band, and a sound keeps its palette. */
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../../../src/catalogue/cover-scenes';
import { coverHeights, coverScene, hillColours } from '../../../../src/engine/own-sound/own-sound-cover';

describe('an own sound\'s cover', () => {
  it('spreads the bands over the width: each band\'s level at its column, a smooth step between', () => {
    const spectrum = [0, 1, 0.5];
    const h = coverHeights(spectrum, 101);
    expect(h[0]).toBeCloseTo(0, 6);
    expect(h[50]).toBeCloseTo(1, 6);
    expect(h[100]).toBeCloseTo(0.5, 6);
    // Rising from band 0 to band 1 without a corner: monotone, flat at both ends of the step.
    for (let x = 1; x <= 50; x++) expect(h[x]).toBeGreaterThanOrEqual(h[x - 1] ?? 0);
    expect((h[1] ?? 0) - (h[0] ?? 0)).toBeLessThan((h[25] ?? 0) - (h[24] ?? 0));
  });

  it('the hills behind are the same spectrum, gentler: a peak is lower, the mean the same away from the edges', () => {
    const spectrum = [0, 0, 0, 1, 0, 0, 0];
    const front = coverHeights(spectrum, 300);
    const behind = coverHeights(spectrum, 300, 24);
    expect(Math.max(...behind)).toBeLessThan(Math.max(...front));
    const mean = (xs: Float32Array) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(behind)).toBeCloseTo(mean(front), 2);
  });

  it('a sound imported before covers had a spectrum gets flat hills', () => {
    expect([...coverHeights([], 8)]).toEqual(Array(8).fill(0.3).map((x) => Math.fround(x)));
  });

  it('takes one of the catalogue\'s palettes, the same one each time for the same sound', () => {
    const scenes = Object.values(SCENES);
    const ids = ['5f0c-77aa', 'a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7'];
    for (const id of ids) {
      expect(scenes).toContain(coverScene(id));
      expect(coverScene(id)).toBe(coverScene(id));
    }
    expect(new Set(ids.map(coverScene)).size).toBeGreaterThan(1);
  });
});

describe('the cover\'s hills', () => {
  it('three, back to front: a scene\'s own three, or its front one paled towards the sky for those it lacks', () => {
    expect(hillColours({ sky: ['#000000'], layers: [['#111111'], ['#222222'], ['#333333'], ['#444444']] })).toEqual(['#222222', '#333333', '#444444']);
    expect(hillColours({ sky: ['#ffffff', '#ffffff'], layers: [['#000000']] })).toEqual(['#808080', '#404040', '#000000']);
  });
});
