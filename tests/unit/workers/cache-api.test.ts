// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { deleteDB, openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_DB_NAME, AUDIO_STORE } from '../../../src/lib/audio-db-keys';
import { openAudioDb, type AudioDb } from '../../../src/lib/db';
import { listSavedEntries } from '../../../src/lib/saved-list';
import { createCacheApi } from '../../../src/workers/cache-api';
import { base64ToBytes, bytesToBase64, dataUrlFileBytes, fromDataUrl } from '../../../src/lib/data-url';

const audioBytes = (length: number, seed = 7): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = x >> 16;
  }
  return bytes;
};

/** A fetch that serves fixed files and counts requests. */
function fakeFetch(files: Record<string, Uint8Array<ArrayBuffer> | number>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const file = files[String(input)];
    if (file === undefined) throw new TypeError('Failed to fetch');
    if (typeof file === 'number') return new Response('nope', { status: file, statusText: file === 404 ? 'Not Found' : 'Internal Server Error' });
    return new Response(file, { status: 200, headers: { 'content-type': 'audio/mpeg' } });
  });
}

const OCEAN = 'http://localhost/media/ocean.mp3';
const FOREST = 'http://localhost/media/forest.mp3';

beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  globalThis.indexedDB = new IDBFactory();
});

const rawRecord = async (id: number): Promise<unknown> => (await openAudioDb()).get(AUDIO_STORE, id);

describe('base64 and data URLs', () => {
  it('round-trips every length remainder and a large file', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 100_003]) {
      const bytes = audioBytes(length, length + 1);
      expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('computes the file size of a data URL without decoding it, and rejects what is not one', () => {
    for (const length of [1, 2, 3, 10, 1000]) {
      const url = `data:audio/mpeg;base64,${Buffer.from(audioBytes(length)).toString('base64')}`;
      expect(dataUrlFileBytes(url)).toBe(length);
      expect(fromDataUrl(url).bytes.length).toBe(length);
      expect(fromDataUrl(url).mimeType).toBe('audio/mpeg');
    }
    expect(() => fromDataUrl('https://example.com/a.mp3')).toThrow();
    expect(() => fromDataUrl('data:text/plain,hello')).toThrow();
  });
});

describe('the cache API', () => {
  it('saves sound 0 as a SPEC record in lull-audio v1 / audio-data', async () => {
    const ocean = audioBytes(50_000);
    const api = createCacheApi({ fetch: fakeFetch({ [OCEAN]: ocean }), now: () => new Date('2026-11-22T06:00:00.000Z') });
    const result = await api.saveAudio(0, OCEAN);
    expect(result).toEqual({ outcome: 'saved', soundscapeId: 0, originalUrl: OCEAN, storedBytes: expect.any(Number), fileBytes: 50_000 });
    const db = await openDB(AUDIO_DB_NAME);
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames]).toEqual(['audio-data']);
    expect(db.transaction('audio-data').store.keyPath).toBe('soundscapeId');
    const record = (await db.get('audio-data', 0)) as Record<string, unknown>;
    db.close();
    expect(Object.keys(record).sort()).toEqual(['dataUrl', 'originalUrl', 'savedAt', 'soundscapeId']);
    expect(record).toMatchObject({ soundscapeId: 0, originalUrl: OCEAN, savedAt: '2026-11-22T06:00:00.000Z' });
    expect(record.dataUrl).toBe(`data:audio/mpeg;base64,${Buffer.from(ocean).toString('base64')}`);
    expect(result.outcome === 'saved' && result.storedBytes).toBe((record.dataUrl as string).length);
  });

  it('saves each sound once, and again only when its URL changes', async () => {
    const fetch = fakeFetch({ [OCEAN]: audioBytes(1000), [FOREST]: audioBytes(2000) });
    const api = createCacheApi({ fetch });
    expect((await api.saveAudio(0, OCEAN)).outcome).toBe('saved');
    expect((await api.saveAudio(0, OCEAN)).outcome).toBe('unchanged');
    expect(fetch).toHaveBeenCalledTimes(1);
    // The sound's URL changed (a new render): saved again under the same id.
    expect((await api.saveAudio(0, FOREST)).outcome).toBe('saved');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await rawRecord(0)).toMatchObject({ originalUrl: FOREST });
  });

  it('shares one download between concurrent saves of the same sound', async () => {
    const fetch = fakeFetch({ [OCEAN]: audioBytes(1000) });
    const api = createCacheApi({ fetch });
    const results = await Promise.all([api.saveAudio(3, OCEAN), api.saveAudio(3, OCEAN), api.saveAudio(3, OCEAN)]);
    expect(results.map((r) => r.outcome)).toEqual(['saved', 'saved', 'saved']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a non-ok response in SPEC wording and stores nothing', async () => {
    const api = createCacheApi({ fetch: fakeFetch({ [OCEAN]: 404, [FOREST]: 500 }) });
    expect(await api.saveAudio(0, OCEAN)).toEqual({ outcome: 'failed', kind: 'fetch', message: 'Failed to fetch audio: 404 Not Found' });
    expect(await api.saveAudio(1, FOREST)).toEqual({ outcome: 'failed', kind: 'fetch', message: 'Failed to fetch audio: 500 Internal Server Error' });
    expect(await api.saveAudio(2, 'http://localhost/offline.mp3')).toMatchObject({ outcome: 'failed', kind: 'fetch' });
    expect(await api.readAudio(0)).toEqual({ outcome: 'miss' });
  });

  it('only warns when asked to save without a soundscape id', async () => {
    const fetch = fakeFetch({ [OCEAN]: audioBytes(10) });
    const warn = vi.fn();
    const api = createCacheApi({ fetch, warn });
    for (const id of [undefined, null, -1, 1.5, Number.NaN]) expect(await api.saveAudio(id, OCEAN)).toEqual({ outcome: 'skipped' });
    expect(warn).toHaveBeenCalledTimes(5);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the saved bytes back, tells a miss, and a corrupt record from a good one', async () => {
    const ocean = audioBytes(4321);
    const api = createCacheApi({ fetch: fakeFetch({ [OCEAN]: ocean }) });
    await api.saveAudio(0, OCEAN);
    const hit = await api.readAudio(0);
    expect(hit.outcome).toBe('hit');
    if (hit.outcome !== 'hit') return;
    expect(new Uint8Array(hit.audio)).toEqual(ocean);
    expect(hit).toMatchObject({ mimeType: 'audio/mpeg', originalUrl: OCEAN });
    expect(await api.readAudio(5)).toEqual({ outcome: 'miss' });

    const db = await openAudioDb();
    await db.put(AUDIO_STORE, { soundscapeId: 1, dataUrl: 'data:audio/mpeg;base64,@@@not base64@@@', originalUrl: FOREST, savedAt: 'x' });
    await db.put(AUDIO_STORE, { soundscapeId: 2, dataUrl: 42, originalUrl: FOREST, savedAt: 'x' } as never);
    expect(await api.readAudio(1)).toEqual({ outcome: 'corrupt' });
    expect(await api.readAudio(2)).toEqual({ outcome: 'corrupt' });
    const list = await api.listCachedSounds();
    expect(list.ok && list.items.map((i) => [i.soundscapeId, i.corrupt])).toEqual([[0, false], [1, false], [2, true]]);
  });

  it('replaces a corrupt copy when asked, even from the same URL', async () => {
    const ocean = audioBytes(999);
    const fetch = fakeFetch({ [OCEAN]: ocean });
    const api = createCacheApi({ fetch });
    await (await openAudioDb()).put(AUDIO_STORE, { soundscapeId: 0, dataUrl: 'data:audio/mpeg;base64,!!', originalUrl: OCEAN, savedAt: 'x' });
    expect((await api.saveAudio(0, OCEAN)).outcome).toBe('unchanged');
    expect((await api.saveAudio(0, OCEAN, true)).outcome).toBe('saved');
    const hit = await api.readAudio(0);
    expect(hit.outcome === 'hit' && new Uint8Array(hit.audio)).toEqual(ocean);
  });

  it('keeps what is cached when storage is full', async () => {
    const fetch = fakeFetch({ [OCEAN]: audioBytes(1000), [FOREST]: audioBytes(2000) });
    let full = false;
    const openDb = async (): Promise<AudioDb> => {
      const db = await openAudioDb();
      return new Proxy(db, {
        get(target, key, receiver) {
          if (key === 'put' && full) return async () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
          const value: unknown = Reflect.get(target, key, receiver);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    };
    const api = createCacheApi({ fetch, openDb });
    await api.saveAudio(0, OCEAN);
    full = true;
    expect(await api.saveAudio(1, FOREST)).toEqual({ outcome: 'failed', kind: 'quota', message: expect.stringContaining('QuotaExceededError') });
    expect((await api.readAudio(0)).outcome).toBe('hit');
    expect(await api.readAudio(1)).toEqual({ outcome: 'miss' });
  });

  it('reports a database that cannot open, and tries again on the next call', async () => {
    let fail = true;
    const openDb = vi.fn(async () => {
      if (fail) throw new DOMException('Access denied', 'UnknownError');
      return openAudioDb();
    });
    const api = createCacheApi({ fetch: fakeFetch({ [OCEAN]: audioBytes(10) }), openDb });
    expect(await api.readAudio(0)).toEqual({ outcome: 'failed', kind: 'db', message: 'UnknownError: Access denied' });
    expect(await api.saveAudio(0, OCEAN)).toEqual({ outcome: 'failed', kind: 'db', message: 'UnknownError: Access denied' });
    expect(await api.listCachedSounds()).toEqual({ ok: false, message: 'UnknownError: Access denied' });
    fail = false;
    expect((await api.saveAudio(0, OCEAN)).outcome).toBe('saved');
    expect(openDb).toHaveBeenCalledTimes(4);
  });

  it('opens a new connection after another tab deleted or upgraded the database under it', async () => {
    const api = createCacheApi({ fetch: fakeFetch({ [OCEAN]: audioBytes(10), [FOREST]: audioBytes(20) }) });
    expect((await api.saveAudio(0, OCEAN)).outcome).toBe('saved');
    // Another tab (or the browser's "clear site data") deletes the database: our connection closes.
    await deleteDB(AUDIO_DB_NAME);
    expect(await api.readAudio(0)).toEqual({ outcome: 'miss' });
    expect((await api.saveAudio(1, FOREST)).outcome).toBe('saved');
    expect((await api.readAudio(1)).outcome).toBe('hit');
  });

  it('lists ids and URLs cheaply (on the page), sizes for settings, and removes one or all', async () => {
    const api = createCacheApi({ fetch: fakeFetch({ [OCEAN]: audioBytes(3000), [FOREST]: audioBytes(1001) }) });
    await api.saveAudio(1, FOREST);
    await api.saveAudio(0, OCEAN);
    expect(await listSavedEntries()).toEqual({ ok: true, items: [{ soundscapeId: 0, originalUrl: OCEAN }, { soundscapeId: 1, originalUrl: FOREST }] });
    const sounds = await api.listCachedSounds();
    expect(sounds.ok && sounds.items.map((i) => [i.soundscapeId, i.fileBytes, i.storedBytes])).toEqual([
      [0, 3000, 'data:audio/mpeg;base64,'.length + 4000],
      [1, 1001, 'data:audio/mpeg;base64,'.length + 1336],
    ]);
    expect(await api.removeCachedSound(0)).toEqual({ ok: true });
    expect(await api.readAudio(0)).toEqual({ outcome: 'miss' });
    expect((await api.readAudio(1)).outcome).toBe('hit');
    expect(await api.clearCachedSounds()).toEqual({ ok: true });
    expect(await listSavedEntries()).toEqual({ ok: true, items: [] });
  });
});

describe('IndexedDB edge states', () => {
  it('a database at a higher version (after a rollback) fails with a clear message, and saving and reading say so instead of hanging', async () => {
    const newer = await openDB(AUDIO_DB_NAME, 3, { upgrade: (db) => void db.createObjectStore(AUDIO_STORE, { keyPath: 'soundscapeId' }) });
    newer.close();
    await expect(openAudioDb()).rejects.toMatchObject({ name: 'VersionError', message: expect.stringContaining('newer version of Lull') });
    const api = createCacheApi({ fetch: fakeFetch({ [OCEAN]: audioBytes(100) }) });
    expect(await api.readAudio(0)).toMatchObject({ outcome: 'failed', kind: 'db', message: expect.stringContaining('newer version of Lull') });
    expect(await api.saveAudio(0, OCEAN)).toMatchObject({ outcome: 'failed', kind: 'db', message: expect.stringContaining('VersionError') });
    expect(await api.listCachedSounds()).toMatchObject({ ok: false });
  });

  it('a delete blocked by another tab gives up after the timeout instead of hanging every save', async () => {
    // Another tab holds a v1 database without Lull's store, and never closes its connection.
    const other = await openDB(AUDIO_DB_NAME, 1, { upgrade: (db) => void db.createObjectStore('something-else') });
    other.addEventListener('versionchange', () => undefined);
    const started = Date.now();
    await expect(openAudioDb({ blockedTimeoutMs: 200 })).rejects.toMatchObject({ name: 'BlockedError', message: expect.stringContaining('another Lull tab') });
    expect(Date.now() - started).toBeLessThan(5000);
    const api = createCacheApi({ openDb: () => openAudioDb({ blockedTimeoutMs: 200 }), fetch: fakeFetch({ [OCEAN]: audioBytes(100) }) });
    expect(await api.saveAudio(0, OCEAN)).toMatchObject({ outcome: 'failed', kind: 'db', message: expect.stringContaining('BlockedError') });
    // Once the other tab lets go, the next call works.
    other.close();
    await vi.waitFor(async () => expect((await api.saveAudio(0, OCEAN)).outcome).toBe('saved'), { timeout: 5000 });
  });
});
