// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { catalogueEntries } from '../../../src/catalogue/entries';
import { CARD_COVER, renderCardCover, renderCover } from '../../../studio/cover';

const size = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20), colourType: png[25] });

describe('covers', () => {
  it('the home card cover is the full cover\'s middle 3 : 2 at half size, indexed, and far smaller (issue 39)', () => {
    let full = 0;
    let card = 0;
    for (const entry of catalogueEntries) {
      const big = renderCover(entry);
      const small = renderCardCover(entry);
      expect(size(big)).toEqual({ width: 512, height: 512, colourType: 3 });
      expect(size(small)).toEqual({ width: CARD_COVER.width, height: CARD_COVER.height, colourType: 3 });
      full += big.length;
      card += small.length;
    }
    // The 24 a desktop's first screen shows stay well inside the 60 KB image budget.
    expect(card).toBeLessThan(45_000);
    expect(card).toBeLessThan(full / 2);
  });
});
