// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { listOwnSounds, openOwnSoundsDb, OWN_SOUNDS_DB_NAME, putOwnSound, type OwnSoundRecord } from '../../../src/lib/own-sounds-db';

const sound: OwnSoundRecord = { id: 'a', name: 'fan', frames: 48_000, sampleRate: 48_000, channels: 1, savedAt: '2026-11-29T09:00:00.000Z' } as OwnSoundRecord;

/** A database of the name made as a bare `indexedDB.open(name)` makes it: version 1, no stores. */
function bareDatabase(stores: string[] = []): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(OWN_SOUNDS_DB_NAME);
    open.onupgradeneeded = () => stores.forEach((name) => open.result.createObjectStore(name));
    open.onsuccess = () => {
      open.result.close();
      resolve();
    };
    open.onerror = () => reject(open.error);
  });
}

afterEach(
  () =>
    new Promise<void>((resolve) => {
      const remove = indexedDB.deleteDatabase(OWN_SOUNDS_DB_NAME);
      remove.onsuccess = remove.onerror = () => resolve();
    }),
);

describe('the own-sounds database', () => {
  it('is created with both stores on a new device, at version 1', async () => {
    const db = await openOwnSoundsDb();
    expect([db.version, [...db.objectStoreNames].sort()]).toEqual([1, ['chunks', 'sounds']]);
    db.close();
  });

  it('found without its stores (opened bare before the app made it), is mended, and an import lands', async () => {
    // The e2e run met it: a tab closed before the app made the database, then a bare open made it empty; every
    // import after that failed with NotFoundError.
    await bareDatabase();
    const db = await openOwnSoundsDb();
    expect([db.version, [...db.objectStoreNames].sort()]).toEqual([2, ['chunks', 'sounds']]);
    await putOwnSound(db, sound, [new ArrayBuffer(8)]);
    expect((await listOwnSounds(db)).map((s) => s.name)).toEqual(['fan']);
    db.close();
  });

  it('missing one store, gets it and keeps what the other holds; opened again, it is as it was', async () => {
    await bareDatabase(['other']);
    const first = await openOwnSoundsDb();
    await putOwnSound(first, sound, [new ArrayBuffer(8)]);
    first.close();
    const again = await openOwnSoundsDb();
    expect([again.version, [...again.objectStoreNames].sort()]).toEqual([2, ['chunks', 'other', 'sounds']]);
    expect(await again.count('chunks')).toBe(1);
    again.close();
  });
});
