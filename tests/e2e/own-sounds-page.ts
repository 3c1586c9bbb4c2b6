/**
 * What the import tests (issue 41) read from the page from outside the app: the own-sounds database's records, and
 * how often the page itself decoded audio (decodeAudioData), which a file the import worker decodes must not cost.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { wav } from './audio-files';

/** Every stored sound's record, as the player reads it. */
export const storedSounds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ name: string; frames: number; sampleRate: number; storedBytes: number; opus?: { bitrate: number; delay: number }; segments?: { starts: number[]; crossfade: number } }[]>((resolve, reject) => {
        const open = indexedDB.open('lull-own-sounds');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('sounds').objectStore('sounds').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result);
          };
        };
      }),
  );

/** The page's own decodes (decodeAudioData), counted from outside the app. */
export const countPageDecodes = (page: Page) =>
  page.addInitScript(() => {
    const decode = BaseAudioContext.prototype.decodeAudioData;
    (window as unknown as { __pageDecodes: number }).__pageDecodes = 0;
    BaseAudioContext.prototype.decodeAudioData = function (this: BaseAudioContext, ...args: Parameters<typeof decode>) {
      (window as unknown as { __pageDecodes: number }).__pageDecodes++;
      return decode.apply(this, args);
    };
  });
export const pageDecodes = (page: Page) => page.evaluate(() => (window as unknown as { __pageDecodes: number }).__pageDecodes);

/** Imports a 48 kHz WAV of `channels` through the page's picker and waits for its row (named as the file, less `.wav`). */
export async function importWav(page: Page, fileName: string, channels: readonly Float32Array[], timeout = 45_000): Promise<Locator> {
  await page.getByTestId('own-sounds-input').setInputFiles([{ name: fileName, mimeType: 'audio/wav', buffer: wav(channels, 48_000) }]);
  const row = page.getByTestId('own-sound').filter({ hasText: fileName.replace(/\.wav$/, '') });
  await expect(row).toHaveCount(1, { timeout });
  return row;
}
