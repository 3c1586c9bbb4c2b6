// @vitest-environment node
/**
 * Windowed decoding (issue 22): a slice of the catalogue MP3 (whole frames, pre-roll, the rewritten
 * Xing/LAME tag) decodes to exactly the samples the whole file decodes to at that place. Decoded
 * with mpg123 in gapless mode, which honours the tag as Chromium's FFmpeg does (the Chromium check
 * is tests/e2e/walk-render.spec.ts, on offline renders). Fixtures: 5 s in LAME VBR and at constant 128 kbps
 * (tests/fixtures/make-mp3-fixtures.ts); the whole catalogue file too when it is rendered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { Mp3LayoutError, parseMp3Layout, PRE_ROLL_FRAMES, samplesAfterEnd, sliceMp3, windowAt } from '../../../../src/engine/soundscape/mp3-layout';

/** Vitest runs from the repository's root. */
const root = `${process.cwd()}/`;

async function decode(bytes: Uint8Array): Promise<Float32Array[]> {
  const decoder = new MPEGDecoder({ enableGapless: true });
  await decoder.ready;
  try {
    const out = decoder.decode(bytes);
    return out.channelData.map((c) => c.slice(0, out.samplesDecoded));
  } finally {
    decoder.free();
  }
}

/** Largest |difference| between a decoded slice and the whole file's samples at its place. */
async function sliceError(file: Uint8Array, whole: Float32Array[], start: number, length: number, preRoll = PRE_ROLL_FRAMES): Promise<number> {
  const layout = parseMp3Layout(file);
  const slice = sliceMp3(file, layout, start, length, preRoll);
  const decoded = await decode(slice.bytes);
  expect(decoded[0]?.length, `samples of [${start}, ${start + length})`).toBe(slice.skip + length);
  let worst = 0;
  for (let ch = 0; ch < 2; ch++) {
    const got = decoded[ch]!;
    const want = whole[ch]!;
    for (let i = 0; i < length; i++) worst = Math.max(worst, Math.abs(got[slice.skip + i]! - want[start + i]!));
  }
  return worst;
}

const FIXTURES = ['ocean-vbr.mp3', 'forest-cbr128.mp3'];

describe('the MP3 layout', () => {
  for (const name of FIXTURES) {
    it(`${name}: reads the frames, delay and padding; the length is what the whole file decodes to`, async () => {
      const file = new Uint8Array(readFileSync(`${root}tests/fixtures/${name}`));
      const layout = parseMp3Layout(file);
      expect(layout.sampleRate).toBe(48000);
      // The studio's loop encoding: LAME's 576 plus 2304 of wrapped pre-roll.
      expect(layout.delay).toBe(576 + 2304);
      expect(layout.length).toBe(5 * 48000);
      expect((await decode(file))[0]?.length).toBe(layout.length);
      expect(layout.offsets.at(-1)).toBe(file.length);
    });
  }

  it('refuses a file without the gapless tag (it could not be windowed exactly)', () => {
    const file = new Uint8Array(readFileSync(`${root}tests/fixtures/ocean-vbr.mp3`));
    const untagged = file.slice(parseMp3Layout(file).tag.length);
    expect(() => parseMp3Layout(untagged)).toThrow(Mp3LayoutError);
    expect(() => parseMp3Layout(new Uint8Array(400))).toThrow(Mp3LayoutError);
  });

  it('windows tile the file: the last is shorter, positions wrap', () => {
    const layout = { length: 240_000 };
    expect(windowAt(layout, 100_000, 0)).toEqual({ start: 0, length: 100_000 });
    expect(windowAt(layout, 100_000, 199_999)).toEqual({ start: 100_000, length: 100_000 });
    expect(windowAt(layout, 100_000, 200_000)).toEqual({ start: 200_000, length: 40_000 });
    expect(windowAt(layout, 100_000, 240_000 + 5)).toEqual({ start: 0, length: 100_000 });
    expect(windowAt(layout, 100_000, -1)).toEqual({ start: 200_000, length: 40_000 });
  });
});

describe('a slice decodes to the whole file’s samples at its place (max |diff| ≤ 1e-4)', () => {
  for (const name of FIXTURES) {
    it(`${name}: tiled 1 s windows, odd starts and lengths, the very first and very last samples`, async () => {
      const file = new Uint8Array(readFileSync(`${root}tests/fixtures/${name}`));
      const whole = await decode(file);
      const n = whole[0]!.length;
      const cases: [number, number][] = [];
      for (let start = 0; start < n; start += 48000) cases.push([start, Math.min(48000, n - start)]);
      cases.push([1, 1151], [1152 * PRE_ROLL_FRAMES + 7, 99_991], [n - 1, 1], [123_457, n - 123_457], [0, n]);
      for (const [start, length] of cases) expect(await sliceError(file, whole, start, length), `[${start}, +${length})`).toBeLessThanOrEqual(1e-4);
    });
  }

  it('a slice past the end of a loop decodes to the loop’s first samples, coded a second time (the studio encodes them as padding): within 0.01', async () => {
    const file = new Uint8Array(readFileSync(`${root}tests/fixtures/ocean-vbr.mp3`));
    const whole = await decode(file);
    const layout = parseMp3Layout(file);
    const after = 96;
    expect(samplesAfterEnd(layout)).toBeGreaterThanOrEqual(after);
    const slice = sliceMp3(file, layout, layout.length - 1000, 1000 + after);
    const decoded = await decode(slice.bytes);
    let worst = 0;
    for (let ch = 0; ch < 2; ch++) for (let i = 0; i < after; i++) worst = Math.max(worst, Math.abs(decoded[ch]![slice.skip + 1000 + i]! - whole[ch]![i]!));
    expect(worst).toBeLessThanOrEqual(0.01);
  });

  it('without its pre-roll frames a slice decodes wrong (the check can fail, and the pre-roll is needed)', async () => {
    const file = new Uint8Array(readFileSync(`${root}tests/fixtures/ocean-vbr.mp3`));
    const whole = await decode(file);
    // A start whose first frame begins at least DECODER_DELAY before it, so a slice with no pre-roll is expressible.
    const start = 96_300;
    expect(await sliceError(file, whole, start, 48_000, 0)).toBeGreaterThan(1e-2);
    expect(await sliceError(file, whole, start, 48_000)).toBeLessThanOrEqual(1e-4);
  });
});

const catalogue = `${root}public/media/ocean.mp3`;
describe.skipIf(!existsSync(catalogue))('the rendered catalogue (when present)', () => {
  it('ocean.mp3, 120 s: every 5 s window matches the whole-file decode', async () => {
    const file = new Uint8Array(readFileSync(catalogue));
    const whole = await decode(file);
    const layout = parseMp3Layout(file);
    let worst = 0;
    for (let start = 0; start < layout.length; start += 240_000) {
      worst = Math.max(worst, await sliceError(file, whole, start, windowAt(layout, 240_000, start).length));
    }
    console.log(`ocean.mp3: max |slice − whole| over ${Math.ceil(layout.length / 240_000)} windows = ${worst}`);
    expect(worst).toBeLessThanOrEqual(1e-4);
  }, 60_000);
});
