/**
 * The offline cache's contract: what the cache worker (workers/cache-api.ts) answers and what the
 * page's offline service (features/offline/offline-service.ts) may ask. Both sides import this
 * file and nothing of each other, so the feature never imports the worker.
 */

export type CacheFailureKind = 'fetch' | 'quota' | 'db';

export type SaveResult =
  | { outcome: 'saved'; soundscapeId: number; originalUrl: string; storedBytes: number; fileBytes: number }
  | { outcome: 'unchanged'; soundscapeId: number; originalUrl: string }
  | { outcome: 'skipped' }
  | { outcome: 'failed'; kind: CacheFailureKind; message: string };

export type ReadResult =
  | { outcome: 'hit'; audio: ArrayBuffer; mimeType: string; originalUrl: string; savedAt: string }
  | { outcome: 'miss' }
  | { outcome: 'corrupt' }
  | { outcome: 'failed'; kind: 'db'; message: string };

export interface CachedEntry {
  soundscapeId: number;
  originalUrl: string;
}

export interface CachedSoundInfo extends CachedEntry {
  savedAt: string;
  /** Length of the stored data URL (ASCII, so bytes). */
  storedBytes: number;
  /** Size of the audio file it encodes. */
  fileBytes: number;
  corrupt: boolean;
}

export type ListResult<T> = { ok: true; items: T[] } | { ok: false; message: string };
export type RemoveResult = { ok: true } | { ok: false; message: string };

/** What the page may call on the cache worker (the comlink client, or a fake in tests). */
export interface CacheBackend {
  /** `bytes`: the file as the page already read it (no second download); fetched from `url` when absent. */
  saveAudio(soundscapeId: number | null | undefined, url: string, replace?: boolean, bytes?: ArrayBuffer): Promise<SaveResult>;
  readAudio(soundscapeId: number): Promise<ReadResult>;
  listCachedSounds(): Promise<ListResult<CachedSoundInfo>>;
  removeCachedSound(soundscapeId: number): Promise<RemoveResult>;
  clearCachedSounds(): Promise<RemoveResult>;
}
