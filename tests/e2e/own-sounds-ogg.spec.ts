/**
 * Ogg files among your sounds (issue 41), in Chromium: an Ogg Vorbis made here by libvorbis (wasm-media-encoders, as
 * the studio's MP3s come from its LAME) and an Ogg Opus encoded by the page's own WebCodecs encoder and written into
 * Ogg pages here (ogg-mux.ts). The import worker's way (src/lib/ogg-packets.ts into AudioDecoder, through
 * src/lib/audio-decoding.ts) decodes each to exactly the samples the browser's own decodeAudioData gives, Opus's
 * pre-skip included; then both import with no decode on the page, at their length, and play.
 */
import type { Page } from '@playwright/test';
import { createOggEncoder } from 'wasm-media-encoders';
import { expect, test } from './fixtures';
import { recording } from './audio-files';
import { oggStream, opusHead, opusTags } from './ogg-mux';
import { countPageDecodes, pageDecodes, storedSounds } from './own-sounds-page';
import { pageModuleScript } from './page-module';
import { outputProbeScript } from './output-probe';
import { outputRms } from './record-rms';
import { opusPacketSamples, type OggAudio } from '../../src/lib/ogg-packets';
import type { DecodeRun } from '../../src/lib/audio-decoding';

const SECONDS = 7;

async function vorbisFile(rate: number): Promise<Buffer> {
  const encoder = await createOggEncoder();
  encoder.configure({ channels: 2, sampleRate: rate, vbrQuality: 5 });
  const [left, right] = [recording(SECONDS, 31, rate), recording(SECONDS, 32, rate)];
  const parts: Uint8Array[] = [];
  for (let i = 0; i < left.length; i += rate) parts.push(encoder.encode([left.subarray(i, i + rate), right.subarray(i, i + rate)]).slice());
  parts.push(encoder.finalize().slice());
  return Buffer.concat(parts);
}

/** The page's AudioEncoder makes the Opus packets (and says its pre-skip, where it gives a description); Ogg pages are written here. */
async function opusFile(page: Page): Promise<Buffer> {
  const encoded = await page.evaluate(
    async ({ source, seconds }) => {
      const make = new Function(`const __name = (f) => f; return (${source});`)() as (s: number, seed: number, rate: number) => Float32Array;
      const [left, right] = [make(seconds, 41, 48_000), make(seconds, 42, 48_000)];
      const packets: number[][] = [];
      let description: number[] | null = null;
      const encoder = new AudioEncoder({
        output: (chunk, meta) => {
          const bytes = new Uint8Array(chunk.byteLength);
          chunk.copyTo(bytes);
          packets.push([...bytes]);
          if (meta?.decoderConfig?.description) description = [...new Uint8Array(meta.decoderConfig.description as ArrayBuffer)];
        },
        error: (error) => {
          throw error;
        },
      });
      encoder.configure({ codec: 'opus', sampleRate: 48_000, numberOfChannels: 2, bitrate: 128_000 });
      const planar = new Float32Array(left.length * 2);
      planar.set(left);
      planar.set(right, left.length);
      encoder.encode(new AudioData({ format: 'f32-planar', sampleRate: 48_000, numberOfFrames: left.length, numberOfChannels: 2, timestamp: 0, data: planar }));
      await encoder.flush();
      encoder.close();
      return { packets, description };
    },
    { source: recording.toString(), seconds: SECONDS },
  );
  // The encoder's own OpusHead says its pre-skip; without one, libopus's lookahead at 48 kHz (312 samples).
  const preSkip = encoded.description ? Buffer.from(encoded.description).readUInt16LE(10) : 312;
  const packets = encoded.packets.map((packet) => Uint8Array.from(packet));
  let granule = 0;
  const granules = packets.map((packet) => (granule += opusPacketSamples(packet)));
  // The last page's granule is the recording's end: its length after the pre-skip (RFC 7845 section 4.4).
  granules[granules.length - 1] = preSkip + SECONDS * 48_000;
  return oggStream([opusHead(2, preSkip), opusTags(), ...packets], [0, 0, ...granules]);
}

test.describe('Ogg files among your sounds', () => {
  test('the worker\'s way decodes Ogg Vorbis and Ogg Opus to the very samples of the browser\'s own decoder, Opus\'s pre-skip included', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(pageModuleScript('src/lib/ogg-packets.ts', '__ogg'));
    await page.evaluate(pageModuleScript('src/lib/audio-decoding.ts', '__decoding'));
    const files = { vorbis: await vorbisFile(44_100), opus: await opusFile(page) };
    for (const [name, file] of Object.entries(files)) {
      const result = await page.evaluate(async (bytes) => {
        type OggModule = { splitOggAudio(b: Uint8Array): OggAudio | null; decodedStartSkip(o: OggAudio): (first: number) => number };
        const w = window as unknown as { __ogg: OggModule; __decoding: { decodeKeeping(run: DecodeRun): Promise<Float32Array[]> } };
        const file = Uint8Array.from(bytes);
        const ogg = w.__ogg.splitOggAudio(file);
        if (!ogg) return { error: 'not split' };
        const browser = await new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate: ogg.sampleRate }).decodeAudioData(file.slice().buffer);
        const worker = await w.__decoding.decodeKeeping({
          config: { codec: ogg.codec, sampleRate: ogg.sampleRate, numberOfChannels: ogg.channels, description: ogg.description },
          chunks: ogg.packets,
          skip: w.__ogg.decodedStartSkip(ogg),
          keep: ogg.totalSamples,
          channels: 2,
          microsPerChunk: 1000,
        });
        let worst = 0;
        for (let c = 0; c < 2; c++) {
          const a = browser.getChannelData(c);
          const b = worker[c]!;
          for (let i = 0; i < Math.min(a.length, b.length); i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
        }
        return { codec: ogg.codec, preSkip: ogg.preSkip, total: ogg.totalSamples, browserLength: browser.length, workerLength: worker[0]!.length, worst };
      }, [...file]);
      console.log(`${name}: ${JSON.stringify(result)}`);
      expect(result, name).toMatchObject({ codec: name, total: SECONDS * (name === 'opus' ? 48_000 : 44_100) });
      expect(result.workerLength, `${name}: the worker's length`).toBe(result.browserLength);
      expect(result.worst, `${name}: the largest difference from the browser's own decode`).toBeLessThanOrEqual(1e-4);
    }
  });

  test('both import with no decode on the page, at their length, and play, heard', async ({ page }) => {
    await page.addInitScript(outputProbeScript(4096));
    await countPageDecodes(page);
    await page.goto('/');
    const opus = await opusFile(page);
    await page.getByTestId('own-sounds-input').setInputFiles([
      { name: 'creek.ogg', mimeType: 'audio/ogg', buffer: await vorbisFile(44_100) },
      { name: 'kettle.opus', mimeType: 'audio/ogg', buffer: opus },
    ]);
    await expect(page.getByTestId('own-sound')).toHaveCount(2, { timeout: 60_000 });
    expect(await pageDecodes(page), 'decodes on the page').toBe(0);
    // 7 s at 48 kHz less its crossfade (a quarter of a recording this short), as the FLAC in own-sounds.spec. The
    // database lists records by their random ids: sorted by name here.
    const records = (await storedSounds(page)).map((sound) => [sound.name, sound.frames, sound.sampleRate]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(records).toEqual([['creek', 252_000, 48_000], ['kettle', 252_000, 48_000]]);
    await page.getByTestId('own-sound').filter({ hasText: 'kettle' }).getByTestId('own-sound-play').click();
    await expect(page.getByTestId('player-bar')).toHaveAttribute('data-status', 'playing');
    await page.waitForTimeout(500);
    expect(await outputRms(page, 1000), 'RMS heard from the Ogg Opus').toBeGreaterThan(0.01);
  });
});
