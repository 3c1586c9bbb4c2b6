import type { Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { strings } from '../../lib/strings';
import { clearStatus, markUncached, offlineStore, showStatus, type OfflineState } from '../../stores/offline-store';
import { playerStore } from '../../stores/player-store';
import type { CacheBackend, CachedEntry, ListResult, ReadResult } from '../../lib/cache-contract';
import { createSavedSounds } from './saved-sounds';
import type { PlaybackSource, PlaybackSourceService } from '../../engine/playback-sources';

/**
 * The offline service, the one client of the cache worker on the page (SPEC 4): source choice for
 * the player engine (which src to play, saving a stream once it started, a fallback after a load
 * error) and the cache management and statuses Settings uses. main.tsx starts it over the worker
 * client and hands it to startApp(); the cache itself lives in workers/cache.worker.ts.
 * Over 200 lines because both halves share one state (the live object URL, failed and corrupt copies),
 * which a split would have to pass back and forth.
 */

export type PlaybackContext = 'track' | 'playlist';

export interface OfflineServiceDeps {
  cache: () => CacheBackend;
  /** Which sounds are saved, read at start-up (lib/saved-list.ts by default). */
  listSaved?: () => Promise<ListResult<CachedEntry>>;
  store?: OfflineState;
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
  /** Who started the current track, for the playlist wording of a cached failure. */
  context?: () => PlaybackContext;
  /** A cache that does not answer within this time is skipped, so playback never waits on it. */
  readTimeoutMs?: number;
}

class CacheTimeout extends Error {
  override name = 'CacheTimeout';
}

/** A request a newer one overtook (the engine asks `isCurrent`): it creates, revokes and shows nothing. */
const STALE = Symbol('stale');
const always = () => true;

const failedCachedText = (playbackContext: PlaybackContext): string =>
  playbackContext === 'playlist' ? strings.failedCachedPlaylistAudio : strings.failedCachedAudio;

export function createOfflineService(deps: OfflineServiceDeps) {
  const store = deps.store ?? offlineStore;
  const createObjectUrl = deps.createObjectUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeObjectUrl = deps.revokeObjectUrl ?? ((url: string) => URL.revokeObjectURL(url));
  const context = deps.context ?? (() => 'track' as const);
  const readTimeoutMs = deps.readTimeoutMs ?? 8000;

  /**
   * The object URL of the saved copy the element holds; one element plays one track, so one is live.
   * Only a current request replaces or revokes it (issue 14: an overtaken read used to revoke the
   * playing track's URL and leak its own).
   */
  let liveObjectUrl: string | undefined;
  /** The last source handed out, so a failure of a cached copy is recognised as such. */
  let lastSource: { soundscapeId: number; fromCache: boolean; blob?: Blob; reopened?: boolean } | undefined;
  /** Sounds whose cached copy failed to play since they were last started: not offered again. */
  const failedCopies = new Set<number>();
  /** Sounds whose stream failed since they were last started: a failing copy then has nothing to fall back to. */
  const failedStreams = new Set<number>();
  /** Sounds whose saved copy could not be read: the next save replaces it. */
  const corruptCopies = new Set<number>();

  const savedSounds = createSavedSounds({ cache: deps.cache, listSaved: deps.listSaved, store, corruptCopies });

  const releaseLiveUrl = () => {
    if (liveObjectUrl) revokeObjectUrl(liveObjectUrl);
    liveObjectUrl = undefined;
  };

  /** The "Playing cached version of" line: it goes when a later sound streams (it would name a sound no longer heard). */
  let playingCachedStatus: number | undefined;

  const network = (sound: Soundscape, url: string): PlaybackSource => {
    lastSource = { soundscapeId: sound.index, fromCache: false };
    if (playingCachedStatus !== undefined) clearStatus(playingCachedStatus, store);
    playingCachedStatus = undefined;
    releaseLiveUrl();
    return { src: url, fromCache: false };
  };

  function withTimeout<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new CacheTimeout('the offline cache did not answer in time')), readTimeoutMs);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Reads the saved copy; anything but a usable copy is reported here and yields null. */
  async function readCopy(sound: Soundscape, isCurrent: () => boolean): Promise<Extract<ReadResult, { outcome: 'hit' }> | null | typeof STALE> {
    let result: ReadResult;
    try {
      result = await withTimeout(deps.cache().readAudio(sound.index));
    } catch (error) {
      if (!isCurrent()) return STALE;
      // No worker or a stuck one: the network still works.
      reportError(error, 'Lull: the offline cache could not be read:');
      return null;
    }
    if (!isCurrent()) return STALE;
    switch (result.outcome) {
      case 'hit':
        return result;
      case 'miss':
        if (store.cachedSoundIds.includes(sound.index)) markUncached(sound.index, store);
        return null;
      case 'corrupt':
        corruptCopies.add(sound.index);
        showStatus(strings.corruptCachedCopy(sound.name), 'warning', store);
        return null;
      case 'failed':
        showStatus(strings.indexedDbError(result.message), 'error', store);
        return null;
    }
  }

  function cachedSource(sound: Soundscape, copy: Extract<ReadResult, { outcome: 'hit' }>): PlaybackSource {
    const blob = new Blob([copy.audio], { type: copy.mimeType });
    const src = createObjectUrl(blob);
    releaseLiveUrl();
    liveObjectUrl = src;
    lastSource = { soundscapeId: sound.index, fromCache: true, blob };
    playingCachedStatus = showStatus(strings.playingCached(sound.name), 'info', store);
    return { src, fromCache: true, blob, bytes: copy.audio };
  }

  /** The same copy as a data: URL, which needs no blob registry (WebKitGTK refused a fresh blob: URL twice in a row). */
  async function asDataUrl(sound: Soundscape, blob: Blob): Promise<PlaybackSource> {
    // Loaded on this rare path only (WebKit), not with the app: the same codec the cache stores copies with.
    const { toDataUrl } = await import('../../lib/data-url');
    const src = toDataUrl(new Uint8Array(await blob.arrayBuffer()), blob.type);
    releaseLiveUrl();
    lastSource = { soundscapeId: sound.index, fromCache: true, blob, reopened: true };
    return { src, fromCache: true, blob };
  }

  /** A cached copy failed to play: say so, and stream instead when there is a network. */
  function cachedCopyFailed(sound: Soundscape, url: string, playbackContext: PlaybackContext = context()): PlaybackSource | null {
    failedCopies.add(sound.index);
    // The next stream of this sound replaces the unplayable copy.
    corruptCopies.add(sound.index);
    showStatus(failedCachedText(playbackContext), 'error', store);
    // The stream is worth a try only if it has not just failed (issue 14: the copy tried after a network error).
    if (store.online && !failedStreams.has(sound.index)) return network(sound, url);
    releaseLiveUrl();
    return null;
  }

  const service = {
    /**
     * SPEC order: a saved copy first (unless it came from an older URL and the network is there), else
     * the stream. `isCurrent` says whether the engine still wants this start once the read is back.
     */
    async resolvePlaybackSource(sound: Soundscape, url: string, isCurrent: () => boolean = always): Promise<PlaybackSource> {
      failedCopies.delete(sound.index);
      failedStreams.delete(sound.index);
      const savedUrl = store.cachedUrls[sound.index];
      // The saved list is known: skip the worker round trip when there is nothing worth reading.
      if (store.cacheListLoaded && savedUrl === undefined && !corruptCopies.has(sound.index)) return network(sound, url);
      if (store.online && savedUrl !== undefined && savedUrl !== url) return network(sound, url);
      const copy = await readCopy(sound, isCurrent);
      if (copy === STALE) return { src: url, fromCache: false };
      if (!copy || (store.online && copy.originalUrl !== url)) return network(sound, url);
      return cachedSource(sound, copy);
    },

    /** After a load error: the saved copy (or, when the copy failed, the stream), or null; SPEC statuses in order. */
    async recoverFromLoadError(sound: Soundscape, url: string, isCurrent: () => boolean = always): Promise<PlaybackSource | null> {
      if (lastSource?.soundscapeId === sound.index && lastSource.fromCache) {
        // WebKitGTK refuses a sound blob: URL now and then (MEDIA_ERR_SRC_NOT_SUPPORTED before reading it,
        // 1 start in 2-4 measured): the same copy gets one more try as a data: URL before it counts as failed.
        if (lastSource.blob && !lastSource.reopened) return asDataUrl(sound, lastSource.blob);
        return cachedCopyFailed(sound, url);
      }
      failedStreams.add(sound.index);
      showStatus(strings.networkErrorTryingCache, 'warning', store);
      const copy = failedCopies.has(sound.index) ? null : await readCopy(sound, isCurrent);
      if (copy === STALE) return null;
      if (!copy) {
        showStatus(failedCopies.has(sound.index) ? failedCachedText(context()) : strings.networkErrorNoCache(sound.name), 'error', store);
        lastSource = undefined;
        releaseLiveUrl();
        return null;
      }
      return cachedSource(sound, copy);
    },

    /** A layer's file (issue 23): offline a saved soundscape must play from its copy, as a saved track does. */
    async readSavedFile(sound: Soundscape, url: string): Promise<ArrayBuffer | null> {
      if (store.cacheListLoaded && store.cachedUrls[sound.index] === undefined) return null;
      if (store.online && store.cachedUrls[sound.index] !== url) return null;
      const copy = await readCopy(sound, always);
      return copy && copy !== STALE && (!store.online || copy.originalUrl === url) ? copy.audio : null;
    },

    /** For an engine that knows the cached copy failed (e.g. the playlists engine): status, then the stream if online. */
    recoverFromCachedPlaybackError(sound: Soundscape, url: string, playbackContext?: PlaybackContext): PlaybackSource | null {
      return cachedCopyFailed(sound, url, playbackContext);
    },

    ...savedSounds,
  };
  // The player engine's side of the service is the interface the engine declares.
  return service satisfies PlaybackSourceService;
}

export type OfflineService = ReturnType<typeof createOfflineService>;

let started: OfflineService | undefined;

/** Once, from main.tsx, over the cache worker's client; the same service plays and manages the cache. */
export function startOfflineService(cache: () => CacheBackend): OfflineService {
  started ??= createOfflineService({
    cache,
    // A playlist item plays through the player with origin 'playlist': its cached failure gets the playlist wording.
    context: () => (playerStore.origin === 'playlist' ? 'playlist' : 'track'),
  });
  return started;
}

/** The started service, for the offline feature's components and hooks. */
export function offlineService(): OfflineService {
  if (!started) throw new Error('Lull: the offline service was not started (startOfflineService in main.tsx)');
  return started;
}
