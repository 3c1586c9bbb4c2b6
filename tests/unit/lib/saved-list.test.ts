// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_DB_NAME, AUDIO_STORE } from '../../../src/lib/audio-db-keys';
import { listSavedEntries } from '../../../src/lib/saved-list';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const names = async () => (await indexedDB.databases()).map((database) => database.name);

describe('the saved list read on the page', () => {
  it('a first visit: nothing saved, and no database created by reading', async () => {
    expect(await listSavedEntries()).toEqual({ ok: true, items: [] });
    expect(await names()).toEqual([]);
  });

  it('reads ids and URLs from the index, in id order, and leaves the database closed for an upgrade', async () => {
    const database = await openDB(AUDIO_DB_NAME, 1, {
      upgrade: (db) => db.createObjectStore(AUDIO_STORE, { keyPath: 'soundscapeId' }).createIndex('originalUrl', 'originalUrl'),
    });
    await database.put(AUDIO_STORE, { soundscapeId: 4, dataUrl: 'data:audio/mpeg;base64,AA==', originalUrl: '/media/rain.mp3', savedAt: '' });
    await database.put(AUDIO_STORE, { soundscapeId: 0, dataUrl: 'data:audio/mpeg;base64,AA==', originalUrl: '/media/ocean.mp3', savedAt: '' });
    database.close();
    expect(await listSavedEntries()).toEqual({
      ok: true,
      items: [
        { soundscapeId: 0, originalUrl: '/media/ocean.mp3' },
        { soundscapeId: 4, originalUrl: '/media/rain.mp3' },
      ],
    });
    // An upgrade (a newer Lull in another tab) is not blocked by the reader's connection.
    const upgraded = await openDB(AUDIO_DB_NAME, 2, { blocked: () => expect.fail('blocked by the saved list') });
    expect(upgraded.version).toBe(2);
    upgraded.close();
  });

  it('a database without the store (made by something else) lists nothing', async () => {
    (await openDB(AUDIO_DB_NAME, 1, { upgrade: (db) => void db.createObjectStore('something-else') })).close();
    expect(await listSavedEntries()).toEqual({ ok: true, items: [] });
  });

  it('no IndexedDB: says so', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(await listSavedEntries()).toMatchObject({ ok: false, message: expect.stringContaining('not available') });
    vi.unstubAllGlobals();
  });
});
