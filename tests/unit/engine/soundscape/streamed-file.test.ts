// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bytesFile, streamFile } from '../../../../src/engine/soundscape/streamed-file';

const FILE_BYTES = 64 * 1024;
const CHUNK_BYTES = 1024;

/** A response that gives `file` in small chunks, as a slow network does, with or without its length. */
function chunkedResponse(file: Uint8Array, withLength: boolean): Response {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= file.length) return controller.close();
      controller.enqueue(file.slice(at, at + CHUNK_BYTES));
      at += CHUNK_BYTES;
    },
  });
  return new Response(body, { headers: withLength ? { 'content-length': String(file.length) } : {} });
}

const fileOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) & 0xff);

async function readAll(file: ReturnType<typeof streamFile>): Promise<number> {
  let largest = 0;
  while (!file.complete) {
    await file.more();
    largest = Math.max(largest, file.bytes().buffer.byteLength);
  }
  return largest;
}

describe('streamFile', () => {
  it('holds one buffer of the file length when the response gives it, however many chunks come', async () => {
    const bytes = fileOf(FILE_BYTES);
    const file = streamFile('/media/ocean.mp3', () => Promise.resolve(chunkedResponse(bytes, true)));
    const largest = await readAll(file);
    // 64 chunks: a buffer that doubled at each would have asked for 2^64 times the file.
    expect(largest).toBe(FILE_BYTES);
    expect(file.bytes()).toEqual(bytes);
    expect(new Uint8Array(await file.whole)).toEqual(bytes);
  });

  it('grows by doubling, at most twice the file, when the length is unknown', async () => {
    const bytes = fileOf(FILE_BYTES + 100);
    const file = streamFile('/media/ocean.mp3', () => Promise.resolve(chunkedResponse(bytes, false)));
    const largest = await readAll(file);
    expect(largest).toBeLessThanOrEqual(2 * bytes.length);
    expect(file.bytes()).toEqual(bytes);
    expect(new Uint8Array(await file.whole)).toEqual(bytes);
  });
});

describe('bytesFile', () => {
  it('is whole at once, and its whole is a copy the save may transfer', async () => {
    const bytes = fileOf(4096);
    const given = bytes.slice().buffer;
    const file = bytesFile(given);
    expect(file.complete).toBe(true);
    expect(file.bytes()).toEqual(bytes);
    const whole = await file.whole;
    expect(whole).not.toBe(given);
    structuredClone(whole, { transfer: [whole] }); // detaches `whole`: the file's own bytes stay readable
    expect(file.bytes()).toEqual(bytes);
  });
});
