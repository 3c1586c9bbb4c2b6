import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { holdsOwnSounds, OWN_SOUNDS_DB_NAME } from './own-sounds-db-name';
import type { OpusStorage } from './own-sound-opus';

/**
 * The listener's own sounds (issue 41), in their own database: SPEC fixes lull-audio at version 1 with one store,
 * and the cache worker opens it at that version, so a second database cannot disturb a saved sound, mix or playlist.
 * A sound is one `sounds` record (what the list shows and the player needs) and its `chunks` (5 s each, Opus or 16-bit PCM:
 * own-sound-opus.ts, own-sound-pcm.ts), written in one transaction: an import that stops half-way leaves nothing.
 */
export { OWN_SOUNDS_DB_NAME };
export const OWN_SOUNDS_STORE = 'sounds';
export const OWN_CHUNKS_STORE = 'chunks';

export interface OwnSoundRecord {
  id: string;
  name: string;
  /** Loop length in frames at `sampleRate`. */
  frames: number;
  sampleRate: number;
  channels: number;
  chunkFrames: number;
  chunkCount: number;
  /** Bytes of its chunks (the storage it uses). */
  storedBytes: number;
  loudnessLufs: number;
  gainDb: number;
  truePeakDb: number;
  /** The source was longer than the cap: only its first minutes were kept. */
  truncated: boolean;
  /** ISO time. */
  savedAt: string;
  /** Chosen by the listener (own-sound-strings.ts OWN_SOUND_EMOJI); absent until then. */
  emoji?: string;
  /** Third-octave band levels 0..1, low to high (the import worker's spectrumProfile): its lock-screen cover is drawn from them. Absent on sounds imported before. */
  spectrum?: number[];
  /** Its segments for the walk (chosen at import as the catalogue's are: measure/segments.ts); absent on a loop too short to walk, or imported before. */
  segments?: OwnSoundSegments;
  /** Present when the chunks are Opus (own-sound-opus.ts); absent, they are 16-bit PCM (own-sound-pcm.ts), as every sound imported before. */
  opus?: OpusStorage;
}

/** Segment starts (frames, ascending; the last segment runs round the loop's end to the first) and the join's crossfade (frames). */
export interface OwnSoundSegments {
  readonly starts: readonly number[];
  readonly crossfade: number;
}

export interface OwnChunkRecord {
  soundId: string;
  index: number;
  /** Interleaved Int16 samples, or the chunk's Opus packets (own-sound-opus.ts packPackets) when the sound says `opus`. */
  pcm: ArrayBuffer;
}

interface OwnSoundsSchema extends DBSchema {
  sounds: { key: string; value: OwnSoundRecord };
  chunks: { key: [string, number]; value: OwnChunkRecord };
}

export type OwnSoundsDb = IDBPDatabase<OwnSoundsSchema>;

/** Creates whichever of the two stores the database lacks. */
function createMissingStores(database: IDBPDatabase<OwnSoundsSchema>): void {
  if (!database.objectStoreNames.contains(OWN_SOUNDS_STORE)) database.createObjectStore(OWN_SOUNDS_STORE, { keyPath: 'id' });
  if (!database.objectStoreNames.contains(OWN_CHUNKS_STORE)) database.createObjectStore(OWN_CHUNKS_STORE, { keyPath: ['soundId', 'index'] });
}

const hasStores = (db: OwnSoundsDb) => db.objectStoreNames.contains(OWN_SOUNDS_STORE) && db.objectStoreNames.contains(OWN_CHUNKS_STORE);

/**
 * Opened at whatever version the device holds (1 when it is new). A database of this name
 * without the stores (made by a bare `indexedDB.open` without a version, an extension, or another app on the
 * origin) is mended at the next version, keeping whatever it holds; before, every import into it failed.
 */
export async function openOwnSoundsDb(): Promise<OwnSoundsDb> {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available in this browser');
  let db = await openDB<OwnSoundsSchema>(OWN_SOUNDS_DB_NAME, undefined, { upgrade: createMissingStores });
  if (!hasStores(db)) {
    const version = db.version + 1;
    db.close();
    // Another tab mending it at the same moment takes this version first: then its database is opened as it is.
    db = await openDB<OwnSoundsSchema>(OWN_SOUNDS_DB_NAME, version, { upgrade: createMissingStores }).catch((error: unknown) => {
      if ((error as { name?: unknown }).name !== 'VersionError') throw error;
      return openDB<OwnSoundsSchema>(OWN_SOUNDS_DB_NAME);
    });
  }
  // Another tab upgrading later must not be blocked by this connection.
  db.addEventListener('versionchange', () => db.close());
  return db;
}

let shared: Promise<OwnSoundsDb> | undefined;

/**
 * The page's one connection, opened at first use and kept: the feature, a layer's reader and the names read at start
 * share it. Opened again after a failure, or after another tab's upgrade closed it.
 */
export function ownSoundsDb(): Promise<OwnSoundsDb> {
  shared ??= openOwnSoundsDb().then(
    (db) => {
      db.addEventListener('versionchange', () => (shared = undefined));
      return db;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

const chunkRange = (soundId: string) => IDBKeyRange.bound([soundId, 0], [soundId, Number.MAX_SAFE_INTEGER]);

/** The sound and all its chunks in one transaction: both land, or neither. */
export async function putOwnSound(db: OwnSoundsDb, sound: OwnSoundRecord, chunks: readonly ArrayBuffer[]): Promise<void> {
  const tx = db.transaction([OWN_SOUNDS_STORE, OWN_CHUNKS_STORE], 'readwrite');
  const writes: Promise<unknown>[] = chunks.map((pcm, index) => tx.objectStore(OWN_CHUNKS_STORE).put({ soundId: sound.id, index, pcm }));
  writes.push(tx.objectStore(OWN_SOUNDS_STORE).put(sound));
  // The transaction's own outcome decides (a quota error aborts it); a failed put is that abort seen early.
  await Promise.all([...writes.map((write) => write.catch(() => undefined)), tx.done]);
}

export async function listOwnSounds(db: OwnSoundsDb): Promise<OwnSoundRecord[]> {
  const all = await db.getAll(OWN_SOUNDS_STORE);
  return all.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export async function readOwnChunk(db: OwnSoundsDb, soundId: string, index: number): Promise<ArrayBuffer> {
  const record = await db.get(OWN_CHUNKS_STORE, [soundId, index]);
  if (!record) throw new Error(`own sound ${soundId}: chunk ${index} is missing`);
  return record.pcm;
}

/** A stored sound with a reader of its chunks: what a voice plays (engine/own-sound/own-sound-voice.ts). */
export type OwnSoundReader = OwnSoundRecord & { readChunk(index: number): Promise<ArrayBuffer> };

/**
 * One sound, to play it (a layer of a mix, issue 41), from the page's connection; null when this device does not hold
 * it (deleted, or a mix saved before the site's data was cleared). A device with no database is not given one by asking.
 */
export async function openOwnSoundReader(id: string): Promise<OwnSoundReader | null> {
  if (!shared && !(await holdsOwnSounds())) return null;
  const db = await ownSoundsDb();
  const sound = await db.get(OWN_SOUNDS_STORE, id);
  return sound ? { ...sound, readChunk: (index) => readOwnChunk(db, id, index) } : null;
}

/** What the listener may change on a stored sound. */
export type OwnSoundChange = Partial<Pick<OwnSoundRecord, 'name' | 'emoji'>>;

export async function changeOwnSoundRecord(db: OwnSoundsDb, soundId: string, change: OwnSoundChange): Promise<void> {
  const tx = db.transaction(OWN_SOUNDS_STORE, 'readwrite');
  const sound = await tx.store.get(soundId);
  if (sound) await tx.store.put({ ...sound, ...change });
  await tx.done;
}

/** The sound and its chunks, in one transaction (a sound never loses its chunks while its record stays). */
export async function deleteOwnSoundRecord(db: OwnSoundsDb, soundId: string): Promise<void> {
  const tx = db.transaction([OWN_SOUNDS_STORE, OWN_CHUNKS_STORE], 'readwrite');
  await Promise.all([tx.objectStore(OWN_SOUNDS_STORE).delete(soundId), tx.objectStore(OWN_CHUNKS_STORE).delete(chunkRange(soundId)), tx.done]);
}
