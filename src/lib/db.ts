import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { AUDIO_DB_NAME, AUDIO_DB_VERSION, AUDIO_STORE, ORIGINAL_URL_INDEX, isSoundscapeId } from './audio-db-keys';
import { strings } from './strings';

/** SPEC 3: one record per sound, keyed by soundscapeId (0 is a valid id). */
export interface CachedAudioRecord {
  soundscapeId: number;
  dataUrl: string;
  originalUrl: string;
  /** ISO time. */
  savedAt: string;
}

export interface LullAudioSchema extends DBSchema {
  'audio-data': {
    key: number;
    value: CachedAudioRecord;
    indexes: { originalUrl: string };
  };
}

export type AudioDb = IDBPDatabase<LullAudioSchema>;

/** A record is usable only with every field of the right shape and a base64 data URL. */
export function isCachedAudioRecord(value: unknown): value is CachedAudioRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    isSoundscapeId(record.soundscapeId) &&
    typeof record.dataUrl === 'string' &&
    /^data:[^,]*;base64,/.test(record.dataUrl.slice(0, 200)) &&
    typeof record.originalUrl === 'string' &&
    typeof record.savedAt === 'string'
  );
}

/** How long a delete or open blocked by another tab's connection may wait before it gives up. */
export const DB_BLOCKED_TIMEOUT_MS = 5000;

/** A database problem the user can act on; `name` stays the DOM error's ('VersionError', 'BlockedError'). */
export class AudioDbError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface OpenAudioDbOptions {
  blockedTimeoutMs?: number;
}

/**
 * Opens (and on first use creates) lull-audio v1. Rejects when IndexedDB is missing or refuses,
 * when the database is at a higher version (a newer Lull wrote it, then the app rolled back), or
 * when another tab blocks a needed delete for longer than `blockedTimeoutMs`. Callers then play
 * from the network and show the message; nothing waits forever.
 */
export async function openAudioDb(options: OpenAudioDbOptions = {}): Promise<AudioDb> {
  const timeoutMs = options.blockedTimeoutMs ?? DB_BLOCKED_TIMEOUT_MS;
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available in this browser');
  const db = await open(timeoutMs);
  if (db.objectStoreNames.contains(AUDIO_STORE)) return db;
  // A v1 database without the store (made by something else) holds no audio: rebuild it.
  db.close();
  await withTimeout(deleteDB(AUDIO_DB_NAME), timeoutMs, () => new AudioDbError('BlockedError', strings.offlineCacheBlocked));
  return open(timeoutMs);
}

function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(error()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (reason: unknown) => {
        clearTimeout(timer);
        // Passed on as it is: a DOMException is not always an Error (workers, jsdom), and its name matters.
        reject(reason as Error);
      },
    );
  });
}

async function open(timeoutMs: number): Promise<AudioDb> {
  const opening = openDB<LullAudioSchema>(AUDIO_DB_NAME, AUDIO_DB_VERSION, {
    upgrade(database) {
      const store = database.createObjectStore(AUDIO_STORE, { keyPath: 'soundscapeId' });
      store.createIndex(ORIGINAL_URL_INDEX, 'originalUrl');
    },
  });
  let db: AudioDb;
  try {
    db = await withTimeout(opening, timeoutMs, () => new AudioDbError('BlockedError', strings.offlineCacheBlocked));
  } catch (error) {
    // A newer Lull upgraded the database and the app rolled back: v1 cannot open it.
    if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'VersionError') throw new AudioDbError('VersionError', strings.offlineCacheNewerVersion);
    if (error instanceof AudioDbError) {
      // If it opens later, close it again, so it blocks nobody.
      void opening.then((late) => late.close(), () => undefined);
    }
    throw error;
  }
  // Another tab upgrading later must not be blocked by this connection.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
