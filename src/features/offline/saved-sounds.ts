/**
 * Sounds saved on the device: a streamed track is saved once (the bytes the player read, where it read
 * them), and Settings lists, removes and clears the saved copies. The offline service composes this
 * with its choice of source (offline-service.ts).
 */
import type { Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { strings } from '../../lib/strings';
import { markCached, markUncached, setCachedSounds, showStatus, type OfflineState } from '../../stores/offline-store';
import type { CacheBackend, CachedEntry, CachedSoundInfo, ListResult, RemoveResult, SaveResult } from '../../lib/cache-contract';
import { listSavedEntries } from '../../lib/saved-list';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface SavedSoundsDeps {
  cache: () => CacheBackend;
  store: OfflineState;
  /** Sounds whose saved copy could not be read or played: the next save replaces it (shared with the source choice). */
  corruptCopies: Set<number>;
  /** Which sounds are saved, read on the page at start-up (the worker loads at the first save or read). */
  listSaved?: () => Promise<ListResult<CachedEntry>>;
}

export function createSavedSounds({ cache: backend, store, corruptCopies, listSaved = listSavedEntries }: SavedSoundsDeps) {
  const saving = new Map<number, string>();
  return {
    /** A streamed track started: save it once (again only when its URL changed), when online. */
    onStreamStarted(sound: Soundscape, url: string, bytes?: Promise<ArrayBuffer> | null): void {
      const id = sound.index;
      if (!store.online) return;
      const replace = corruptCopies.has(id);
      if (!replace && store.cachedUrls[id] === url) return;
      if (saving.get(id) === url) return;
      saving.set(id, url);
      let pending: Promise<SaveResult>;
      try {
        const cache = backend();
        pending = bytes
          ? bytes.then(
              (file) => cache.saveAudio(id, url, replace, file),
              // The track changed before its file was read: nothing to save, nothing fetched for it.
              (error: unknown) => (isAbort(error) ? { outcome: 'skipped' as const } : cache.saveAudio(id, url, replace)),
            )
          : cache.saveAudio(id, url, replace);
      } catch (error) {
        saving.delete(id);
        reportError(error, 'Lull: the offline cache is not available:');
        return;
      }
      void pending
        .then((result) => {
          switch (result.outcome) {
            case 'saved':
            case 'unchanged':
              corruptCopies.delete(id);
              markCached(id, result.originalUrl, store);
              return;
            case 'skipped':
              return;
            case 'failed':
              if (result.kind === 'quota') showStatus(strings.storageFull(sound.name), 'warning', store, 'settings');
              else if (result.kind === 'db') showStatus(strings.indexedDbError(result.message), 'error', store);
              // The stream plays on; a failed download for the cache is only logged.
              else console.warn(`Lull: ${sound.name} was not saved for offline use:`, result.message);
              return;
          }
        })
        .catch((error: unknown) => reportError(error, 'Lull: saving a sound for offline use failed:'))
        .finally(() => {
          if (saving.get(id) === url) saving.delete(id);
        });
    },

    /** Reads which sounds are saved (ids and URLs only). */
    async refreshCachedSounds(): Promise<void> {
      try {
        const result = await listSaved();
        if (result.ok) setCachedSounds(result.items, store);
        else console.warn('Lull: the list of offline sounds could not be read:', strings.indexedDbError(result.message));
      } catch (error) {
        reportError(error, 'Lull: the offline cache is not available:');
      }
    },

    /** Sizes of every saved copy, for the settings page. */
    async listCachedSounds(): Promise<ListResult<CachedSoundInfo>> {
      try {
        return await backend().listCachedSounds();
      } catch (error) {
        return { ok: false, message: String(error) };
      }
    },

    async removeCachedSound(soundscapeId: number): Promise<RemoveResult> {
      try {
        const result = await backend().removeCachedSound(soundscapeId);
        if (result.ok) {
          markUncached(soundscapeId, store);
          corruptCopies.delete(soundscapeId);
        }
        return result;
      } catch (error) {
        return { ok: false, message: String(error) };
      }
    },

    async clearCachedSounds(): Promise<RemoveResult> {
      try {
        const result = await backend().clearCachedSounds();
        if (result.ok) {
          setCachedSounds([], store);
          corruptCopies.clear();
        }
        return result;
      } catch (error) {
        return { ok: false, message: String(error) };
      }
    },
  };
}
