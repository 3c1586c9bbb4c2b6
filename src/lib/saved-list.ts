import { AUDIO_DB_NAME, AUDIO_STORE, ORIGINAL_URL_INDEX, isSoundscapeId } from './audio-db-keys';
import type { CachedEntry, ListResult } from './cache-contract';

const describe = (error: unknown): string => (error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error));

/**
 * Ids and URLs of the saved sounds, read on the page from the index alone (no data URL is loaded),
 * with plain IndexedDB: the start-up list needs neither the cache worker nor the idb library, which
 * load at the first save or read (workers/lazy-cache.ts). Creates nothing: a database that does not
 * exist yet holds no sounds, and one without the store (rebuilt by the worker) neither.
 */
export function listSavedEntries(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<ListResult<CachedEntry>> {
  return new Promise((resolve) => {
    if (!factory) {
      resolve({ ok: false, message: 'IndexedDB is not available in this browser' });
      return;
    }
    let missing = false;
    const request = factory.open(AUDIO_DB_NAME);
    request.onupgradeneeded = () => {
      // Opened without a version, an upgrade means the database did not exist: abort, so none is created.
      missing = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(missing ? { ok: true, items: [] } : { ok: false, message: describe(request.error) });
    };
    request.onsuccess = () => {
      const database = request.result;
      // Another tab upgrading must not be blocked by this short-lived connection.
      database.onversionchange = () => database.close();
      if (!database.objectStoreNames.contains(AUDIO_STORE)) {
        database.close();
        resolve({ ok: true, items: [] });
        return;
      }
      const items: CachedEntry[] = [];
      try {
        const transaction = database.transaction(AUDIO_STORE, 'readonly');
        const cursor = transaction.objectStore(AUDIO_STORE).index(ORIGINAL_URL_INDEX).openKeyCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          if (isSoundscapeId(at.primaryKey) && typeof at.key === 'string') items.push({ soundscapeId: at.primaryKey, originalUrl: at.key });
          at.continue();
        };
        transaction.oncomplete = () => {
          database.close();
          resolve({ ok: true, items: items.sort((a, b) => a.soundscapeId - b.soundscapeId) });
        };
        transaction.onabort = () => {
          database.close();
          resolve({ ok: false, message: describe(transaction.error) });
        };
      } catch (error) {
        // A store without the index (made by something else): listed by the worker's rebuild, not here.
        database.close();
        resolve({ ok: false, message: describe(error) });
      }
    };
  });
}
