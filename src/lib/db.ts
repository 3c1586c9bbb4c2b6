import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { PRODUCT } from './strings';

/** SPEC 3: the cached audio database. */
export const AUDIO_DB_NAME = `${PRODUCT.toLowerCase()}-audio`;
export const AUDIO_DB_VERSION = 1;
export const AUDIO_STORE = 'audio-data';
/** Lets a saved URL be checked without loading the (megabytes of) data URL. */
export const ORIGINAL_URL_INDEX = 'originalUrl';

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

export const isSoundscapeId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

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

/** Opens (and on first use creates) lull-audio v1. Rejects when IndexedDB is missing or refuses. */
export async function openAudioDb(): Promise<AudioDb> {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available in this browser');
  const db = await open();
  if (db.objectStoreNames.contains(AUDIO_STORE)) return db;
  // A v1 database without the store (made by something else) holds no audio: rebuild it.
  db.close();
  await deleteDB(AUDIO_DB_NAME);
  return open();
}

async function open(): Promise<AudioDb> {
  const db = await openDB<LullAudioSchema>(AUDIO_DB_NAME, AUDIO_DB_VERSION, {
    upgrade(database) {
      const store = database.createObjectStore(AUDIO_STORE, { keyPath: 'soundscapeId' });
      store.createIndex(ORIGINAL_URL_INDEX, 'originalUrl');
    },
  });
  // Another tab upgrading later must not be blocked by this connection.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
