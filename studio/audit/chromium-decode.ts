/**
 * One-off check (not part of test:audit, needs /usr/bin/chromium): Chromium's
 * decodeAudioData (FFmpeg) must return exactly the rendered frame count for each shipped
 * MP3. Run: `npx tsx studio/audit/chromium-decode.ts [slug...]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { MEDIA_DIR, readManifest } from '../paths.ts';

const manifest = readManifest();
const slugs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(manifest);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
let failed = 0;
for (const slug of slugs) {
  const expected = manifest[slug]?.result?.frames;
  if (!expected) continue;
  const b64 = readFileSync(join(MEDIA_DIR, `${slug}.mp3`)).toString('base64');
  const got = await page.evaluate(async (data: string) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const ctx = new OfflineAudioContext(2, 48000, 48000);
    const buf = await ctx.decodeAudioData(bytes.buffer);
    return { length: buf.length, rate: buf.sampleRate };
  }, b64);
  const ok = got.length === expected && got.rate === 48000;
  if (!ok) failed++;
  console.log(`${slug.padEnd(12)} chromium ${got.length} @ ${got.rate} / rendered ${expected} ${ok ? 'ok' : 'MISMATCH'}`);
}
await browser.close();
process.exitCode = failed > 0 ? 1 : 0;
