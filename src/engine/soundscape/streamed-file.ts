/**
 * A soundscape's file read once (issue 22, one download): its bytes as they arrive, for the loop track to decode
 * its first windows before the rest has come, and the whole file at the end, which is what the offline save stores.
 * A saved copy (a blob) is whole at once. `abort` stops the download; whatever waits on it then rejects with an
 * AbortError.
 */

export interface StreamedFile {
  /** The bytes that have arrived (a view: read it before awaiting `more`). */
  bytes(): Uint8Array;
  /** Every byte has arrived. */
  readonly complete: boolean;
  /** Resolves when more bytes have arrived or the file is complete; rejects if the read failed. */
  more(): Promise<void>;
  /** The whole file (its own buffer, for the offline save). */
  readonly whole: Promise<ArrayBuffer>;
  abort(): void;
}

export type FetchFile = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

const abortError = () => new DOMException('the file is no longer wanted', 'AbortError');

function createFile(): { file: StreamedFile; append(chunk: Uint8Array): void; finish(): void; fail(error: unknown): void; signal: AbortSignal; reserve(n: number): void } {
  const controller = new AbortController();
  let buffer = new Uint8Array(0);
  let received = 0;
  let complete = false;
  let failure: unknown = null;
  let waiting: { resolve(): void; reject(error: unknown): void }[] = [];
  let settleWhole: { resolve(bytes: ArrayBuffer): void; reject(error: unknown): void } | undefined;
  const whole = new Promise<ArrayBuffer>((resolve, reject) => (settleWhole = { resolve, reject }));
  // Nobody may ask for the whole file (a saved copy is not saved again): its failure is not unhandled.
  whole.catch(() => undefined);
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const w of woken) {
      if (failure) w.reject(failure);
      else w.resolve();
    }
  };
  const reserve = (n: number) => {
    if (n <= buffer.length) return;
    const next = new Uint8Array(n);
    next.set(buffer.subarray(0, received));
    buffer = next;
  };
  const fail = (error: unknown) => {
    if (complete || failure) return;
    failure = error;
    settleWhole?.reject(error);
    wake();
  };
  controller.signal.addEventListener('abort', () => fail(abortError()));
  return {
    signal: controller.signal,
    reserve,
    append(chunk) {
      if (failure) return;
      // Grows only when the chunk does not fit (doubling, for a response of unknown length): sized from its
      // content-length, the buffer is allocated once. (It used to double at every chunk: 79 ms of one task at 4x CPU
      // for a 1.8 MB file on localhost, and on a slow network's many small chunks, memory without bound.)
      if (received + chunk.length > buffer.length) reserve(Math.max(received + chunk.length, buffer.length * 2));
      buffer.set(chunk, received);
      received += chunk.length;
      wake();
    },
    finish() {
      if (failure) return;
      complete = true;
      if (buffer.length !== received) buffer = buffer.slice(0, received);
      settleWhole?.resolve(buffer.buffer.slice(0));
      wake();
    },
    fail,
    file: {
      bytes: () => buffer.subarray(0, received),
      get complete() {
        return complete;
      },
      more() {
        if (failure) return Promise.reject(failure);
        if (complete) return Promise.resolve();
        return new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      },
      whole,
      abort: () => controller.abort(),
    },
  };
}

/** Reads `url` as it arrives; an HTTP error status or a broken connection rejects `more` and `whole`. */
export function streamFile(url: string, fetchFile: FetchFile = (u, init) => fetch(u, init)): StreamedFile {
  const reading = createFile();
  const read = async () => {
    const response = await fetchFile(url, { signal: reading.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    const length = Number(response.headers.get('content-length'));
    // A compressed response's length is not the file's: then the buffer grows as it must.
    if (length > 0 && !response.headers.get('content-encoding')) reading.reserve(length);
    if (!response.body) {
      reading.append(new Uint8Array(await response.arrayBuffer()));
      return reading.finish();
    }
    const reader = response.body.getReader();
    reading.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return reading.finish();
      reading.append(value);
    }
  };
  read().catch((error: unknown) => reading.fail(reading.signal.aborted ? abortError() : error));
  return reading.file;
}

/** A saved copy: whole once its bytes are read. */
export function blobFile(blob: Blob): StreamedFile {
  const reading = createFile();
  blob.arrayBuffer().then(
    (bytes) => fill(reading, bytes),
    (error: unknown) => reading.fail(error),
  );
  return reading.file;
}

/** A saved copy as the cache read it: whole at once (a copy, so the caller's buffer may be transferred). */
export function bytesFile(bytes: ArrayBuffer): StreamedFile {
  const reading = createFile();
  fill(reading, bytes);
  return reading.file;
}

function fill(reading: ReturnType<typeof createFile>, bytes: ArrayBuffer): void {
  reading.append(new Uint8Array(bytes));
  reading.finish();
}

/** A sound file's bytes from its URL, whole (a mix's layers); an HTTP error status is an error. */
export const fetchFileBytes = async (url: string, signal?: AbortSignal): Promise<ArrayBuffer> => {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.arrayBuffer();
};
