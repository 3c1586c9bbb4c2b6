import { AUDIO_STORE, ORIGINAL_URL_INDEX, isSoundscapeId } from '../lib/audio-db-keys';
import { isCachedAudioRecord, openAudioDb, type AudioDb, type CachedAudioRecord } from '../lib/db';
import { strings } from '../lib/strings';
import type { CachedSoundInfo, ListResult, ReadResult, RemoveResult, SaveResult } from '../lib/cache-contract';
import { dataUrlFileBytes, fromDataUrl, toDataUrl } from '../lib/data-url';

/**
 * The offline audio cache: fetch, encode as a data URL, store, read back. Runs inside the cache
 * worker (cache.worker.ts), so the megabytes of base64 never touch the main thread. Plain async
 * functions with injectable fetch and database, so unit tests run them directly.
 */

export interface CacheApiDeps {
  openDb?: () => Promise<AudioDb>;
  fetch?: typeof fetch;
  now?: () => Date;
  warn?: (...args: unknown[]) => void;
}

const errorName = (error: unknown): string => (typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '');

export const isQuotaError = (error: unknown): boolean => {
  const name = errorName(error);
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
};

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function createCacheApi(deps: CacheApiDeps = {}) {
  const openDb = deps.openDb ?? openAudioDb;
  const fetchAudio = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = deps.now ?? (() => new Date());
  const warn = deps.warn ?? ((...args: unknown[]) => console.warn(...args));

  let dbPromise: Promise<AudioDb> | undefined;
  /**
   * One open connection; a failed open is retried on the next call rather than cached, and so is
   * a connection closed under us (another tab's upgrade, or the browser closing it).
   */
  const db = (): Promise<AudioDb> => {
    if (dbPromise) return dbPromise;
    const opening: Promise<AudioDb> = openDb().then(
      (database) => {
        const forget = () => {
          if (dbPromise === opening) dbPromise = undefined;
        };
        database.addEventListener('versionchange', forget);
        database.addEventListener('close', forget);
        return database;
      },
      (error: unknown) => {
        if (dbPromise === opening) dbPromise = undefined;
        throw error;
      },
    );
    dbPromise = opening;
    return opening;
  };

  /** The id saved under this URL, read from the index so no data URL is loaded. */
  async function savedIdFor(database: AudioDb, url: string): Promise<number | undefined> {
    try {
      return await database.getKeyFromIndex(AUDIO_STORE, ORIGINAL_URL_INDEX, url);
    } catch {
      // A database created without the index: fall back to reading the record.
      return undefined;
    }
  }

  async function readRecord(database: AudioDb, id: number): Promise<unknown> {
    return database.get(AUDIO_STORE, id);
  }

  const inFlight = new Map<string, Promise<SaveResult>>();

  async function save(soundscapeId: number, url: string, replace: boolean, given?: ArrayBuffer): Promise<SaveResult> {
    let database: AudioDb;
    try {
      database = await db();
    } catch (error) {
      return { outcome: 'failed', kind: 'db', message: describe(error) };
    }
    try {
      // Saved once, and again only when the sound's URL changes.
      if (!replace && (await savedIdFor(database, url)) === soundscapeId) return { outcome: 'unchanged', soundscapeId, originalUrl: url };
    } catch {
      // An unreadable index only costs a second save.
    }

    // Given: the page read the file already (to decode it), the same bytes are stored, no second download.
    let bytes = given && new Uint8Array(given);
    let mimeType = 'audio/mpeg';
    if (!bytes) try {
      const response = await fetchAudio(url);
      if (!response.ok) return { outcome: 'failed', kind: 'fetch', message: strings.failedToFetchAudio(response.status, response.statusText) };
      const blob = await response.blob();
      mimeType = blob.type || response.headers.get('content-type') || 'audio/mpeg';
      bytes = new Uint8Array(await blob.arrayBuffer());
    } catch (error) {
      return { outcome: 'failed', kind: 'fetch', message: describe(error) };
    }

    const record: CachedAudioRecord = { soundscapeId, dataUrl: toDataUrl(bytes, mimeType), originalUrl: url, savedAt: now().toISOString() };
    try {
      // A put that fails (quota) aborts only its own transaction: other records stay.
      await database.put(AUDIO_STORE, record);
    } catch (error) {
      return { outcome: 'failed', kind: isQuotaError(error) ? 'quota' : 'db', message: describe(error) };
    }
    return { outcome: 'saved', soundscapeId, originalUrl: url, storedBytes: record.dataUrl.length, fileBytes: bytes.length };
  }

  return {
    /**
     * Fetches the sound and stores it, unless it is already saved from this URL; `replace` saves
     * anyway (a corrupt copy). Concurrent calls for the same sound and URL share one save.
     */
    saveAudio(soundscapeId: number | null | undefined, url: string, replace = false, bytes?: ArrayBuffer): Promise<SaveResult> {
      if (!isSoundscapeId(soundscapeId)) {
        warn('Lull: not saving audio for offline use without a soundscape id:', url);
        return Promise.resolve({ outcome: 'skipped' });
      }
      const key = `${soundscapeId} ${url}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = save(soundscapeId, url, replace, bytes).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },

    /** The cached file's bytes (decoded here, off the main thread), or why there are none. */
    async readAudio(soundscapeId: number): Promise<ReadResult> {
      let database: AudioDb;
      try {
        database = await db();
      } catch (error) {
        return { outcome: 'failed', kind: 'db', message: describe(error) };
      }
      let value: unknown;
      try {
        value = await readRecord(database, soundscapeId);
      } catch (error) {
        return { outcome: 'failed', kind: 'db', message: describe(error) };
      }
      if (value === undefined) return { outcome: 'miss' };
      if (!isCachedAudioRecord(value) || value.soundscapeId !== soundscapeId) return { outcome: 'corrupt' };
      try {
        const { mimeType, bytes } = fromDataUrl(value.dataUrl);
        if (bytes.length === 0) return { outcome: 'corrupt' };
        return { outcome: 'hit', audio: bytes.buffer, mimeType, originalUrl: value.originalUrl, savedAt: value.savedAt };
      } catch {
        return { outcome: 'corrupt' };
      }
    },

    /** Every record with its size, for the settings page; corrupt records are listed too, so they can be removed. */
    async listCachedSounds(): Promise<ListResult<CachedSoundInfo>> {
      try {
        const database = await db();
        const items: CachedSoundInfo[] = [];
        let cursor = await database.transaction(AUDIO_STORE).store.openCursor();
        while (cursor) {
          const value: unknown = cursor.value;
          const id = cursor.primaryKey;
          if (isCachedAudioRecord(value)) {
            items.push({ soundscapeId: id, originalUrl: value.originalUrl, savedAt: value.savedAt, storedBytes: value.dataUrl.length, fileBytes: dataUrlFileBytes(value.dataUrl), corrupt: false });
          } else if (isSoundscapeId(id)) {
            items.push({ soundscapeId: id, originalUrl: '', savedAt: '', storedBytes: 0, fileBytes: 0, corrupt: true });
          }
          cursor = await cursor.continue();
        }
        return { ok: true, items };
      } catch (error) {
        return { ok: false, message: describe(error) };
      }
    },

    async removeCachedSound(soundscapeId: number): Promise<RemoveResult> {
      try {
        await (await db()).delete(AUDIO_STORE, soundscapeId);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: describe(error) };
      }
    },

    async clearCachedSounds(): Promise<RemoveResult> {
      try {
        await (await db()).clear(AUDIO_STORE);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: describe(error) };
      }
    },
  };
}

export type CacheApi = ReturnType<typeof createCacheApi>;
