/**
 * Issue 22: a soundscape is decoded a window at a time (src/engine/soundscape/mp3-layout.ts). In
 * Chromium's own decoder, every 5 s window of the shipped files (frames with pre-roll behind the
 * rewritten Xing/LAME tag) decodes to the same samples as the whole file at that place: max |diff|
 * ≤ 1e-4, for Ocean, Rain, Underwater and the reversed Seagulls. Both decoded at the file's 48 kHz
 * (an OfflineAudioContext), as the loop voice does.
 */
import { test, expect } from './fixtures';
import { liveDecodedBytes } from './audio-census';
import { expectDecodedLoop } from './track-state';
import { pageModuleScript } from './page-module';

const FILES = ['ocean.mp3', 'rain.mp3', 'underwater.mp3', 'seagulls-reversed.mp3'];
const WINDOW = 240_000;

/** The pure module as a script the page can run (it imports nothing). */
const layoutScript = () => pageModuleScript('src/engine/soundscape/mp3-layout.ts', '__mp3Layout');

interface Mp3LayoutModule {
  parseMp3Layout(bytes: Uint8Array): { length: number; sampleRate: number };
  sliceMp3(file: Uint8Array, layout: unknown, start: number, length: number): { bytes: Uint8Array; skip: number };
}

test('every 5 s window decodes to the whole file’s samples in Chromium (max |diff| ≤ 1e-4)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.evaluate(layoutScript());
  for (const file of FILES) {
    const result = await page.evaluate(
      async ({ file, window: windowLength }) => {
        const { parseMp3Layout, sliceMp3 } = (window as unknown as { __mp3Layout: Mp3LayoutModule }).__mp3Layout;
        const bytes = new Uint8Array(await (await fetch(`/media/${file}`)).arrayBuffer());
        const layout = parseMp3Layout(bytes);
        const decoder = new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate: layout.sampleRate });
        const whole = await decoder.decodeAudioData(bytes.slice().buffer);
        let worst = 0;
        let windows = 0;
        const lengths: string[] = [];
        for (let start = 0; start < layout.length; start += windowLength) {
          const length = Math.min(windowLength, layout.length - start);
          const slice = sliceMp3(bytes, layout, start, length);
          const part = await decoder.decodeAudioData(slice.bytes.slice().buffer);
          if (part.length !== slice.skip + length) lengths.push(`[${start}]: ${part.length} ≠ ${slice.skip + length}`);
          for (let ch = 0; ch < 2; ch++) {
            const got = part.getChannelData(ch);
            const want = whole.getChannelData(ch);
            for (let i = 0; i < length; i++) worst = Math.max(worst, Math.abs((got[slice.skip + i] ?? 0) - (want[start + i] ?? 0)));
          }
          windows++;
        }
        return { wholeLength: whole.length, layoutLength: layout.length, windows, worst, lengths };
      },
      { file, window: WINDOW },
    );
    console.log(`${file}: ${JSON.stringify(result)}`);
    test.info().annotations.push({ type: file, description: JSON.stringify(result) });
    expect(result.wholeLength, `${file}: whole decode length`).toBe(result.layoutLength);
    expect(result.lengths, `${file}: window lengths`).toEqual([]);
    expect(result.worst, `${file}: max |window − whole|`).toBeLessThanOrEqual(1e-4);
  }
});

/**
 * Counted from outside the engine (audio-census.ts): every AudioBuffer the page made and has not collected, after a
 * garbage collection, so a buffer the engine forgets to count (or keeps by mistake) is in the sum.
 */
test('a playing soundscape holds at most 12 MB of decoded audio (issue 22’s goal; the whole file decoded is 46 MB)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await page.getByTestId('sound-grid').getByRole('button', { name: /^Ocean\b/ }).click();
  await expectDecodedLoop(page);
  // 12 s: the voice's first window ends and two more are decoded in that time.
  let peak = 0;
  for (let i = 0; i < 48; i++) {
    peak = Math.max(peak, await liveDecodedBytes(page));
    await page.waitForTimeout(250);
  }
  console.log(`Ocean: at most ${peak} decoded bytes alive over 12 s`);
  test.info().annotations.push({ type: 'Ocean, decoded bytes alive (peak)', description: String(peak) });
  expect(peak, 'decoded bytes held').toBeGreaterThan(0);
  expect(peak, 'decoded bytes held').toBeLessThanOrEqual(12_000_000);
});
