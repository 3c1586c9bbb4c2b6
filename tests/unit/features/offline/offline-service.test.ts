import { IDBFactory } from 'fake-indexeddb';
import { subscribe } from 'valtio/vanilla';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { soundscapes } from '../../../../src/catalogue/catalogue';
import { AUDIO_STORE } from '../../../../src/lib/audio-db-keys';
import { openAudioDb } from '../../../../src/lib/db';
import { createOfflineService } from '../../../../src/features/offline/offline-service';
import type { CacheBackend, CachedEntry, ListResult } from '../../../../src/lib/cache-contract';
import { createOfflineStore, type OfflineState } from '../../../../src/stores/offline-store';
import { createCacheApi } from '../../../../src/workers/cache-api';

const ocean = soundscapes[0]!;
const forest = soundscapes[1]!;
const oceanBytes = new Uint8Array([73, 68, 51, 4, 0, 0, 0, 0, 1, 2, 3]);
const forestBytes = new Uint8Array([73, 68, 51, 4, 9, 9, 9]);

function fakeFetch(failing: Set<string> = new Set()) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (failing.has(url)) throw new TypeError('Failed to fetch');
    const body = url === ocean.url ? oceanBytes : url === forest.url ? forestBytes : undefined;
    if (!body) return new Response('', { status: 404, statusText: 'Not Found' });
    return new Response(body.slice(), { headers: { 'content-type': 'audio/mpeg' } });
  });
}

interface Harness {
  store: OfflineState;
  sources: ReturnType<typeof createOfflineService>;
  statuses: string[];
  blobs: Map<string, Blob>;
  revoked: string[];
  fetch: ReturnType<typeof fakeFetch>;
  api: ReturnType<typeof createCacheApi>;
}

function harness(options: { online?: boolean; cache?: () => CacheBackend; listSaved?: () => Promise<ListResult<CachedEntry>>; context?: 'track' | 'playlist'; failing?: Set<string> } = {}): Harness {
  const store = createOfflineStore(options.online ?? true);
  const statuses: string[] = [];
  subscribe(store, () => {
    if (store.status && statuses.at(-1) !== store.status.message) statuses.push(store.status.message);
  }, true);
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  const fetch = fakeFetch(options.failing);
  const api = createCacheApi({ fetch, warn: () => undefined });
  let n = 0;
  const sources = createOfflineService({
    cache: options.cache ?? (() => api),
    listSaved: options.listSaved,
    store,
    createObjectUrl: (blob) => {
      const url = `blob:test/${++n}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectUrl: (url) => revoked.push(url),
    context: () => options.context ?? 'track',
    readTimeoutMs: 200,
  });
  return { store, sources, statuses, blobs, revoked, fetch, api };
}

/** Lets the background save in onStreamStarted finish. */
const settle = async (store: OfflineState, id: number) => {
  await vi.waitFor(() => expect(store.cachedSoundIds).toContain(id));
};

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('playback source order', () => {
  it('streams an uncached sound, saves it once when it starts, then plays the saved copy', async () => {
    const h = harness();
    await h.sources.refreshCachedSounds();
    expect(await h.sources.resolvePlaybackSource(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
    h.sources.onStreamStarted(ocean, ocean.url);
    await settle(h.store, 0);
    expect(h.store.cachedUrls[0]).toBe(ocean.url);
    // Played again (or streamed again): not saved again.
    h.sources.onStreamStarted(ocean, ocean.url);
    await Promise.resolve();
    expect(h.fetch).toHaveBeenCalledTimes(1);

    const source = await h.sources.resolvePlaybackSource(ocean, ocean.url);
    expect(source.fromCache).toBe(true);
    expect(new Uint8Array(await h.blobs.get(source.src)!.arrayBuffer())).toEqual(oceanBytes);
    expect(h.blobs.get(source.src)!.type).toBe('audio/mpeg');
    // The bytes as read, for a loop track to decode without reading the blob back.
    expect(new Uint8Array(source.bytes!)).toEqual(oceanBytes);
    expect(h.statuses).toEqual(['Playing cached version of: Ocean']);
  });

  it('a later sound that streams clears "Playing cached version of" the earlier one; other messages stay', async () => {
    const h = harness();
    await h.sources.refreshCachedSounds();
    await h.sources.resolvePlaybackSource(ocean, ocean.url);
    h.sources.onStreamStarted(ocean, ocean.url);
    await settle(h.store, 0);
    expect((await h.sources.resolvePlaybackSource(ocean, ocean.url)).fromCache).toBe(true);
    expect(h.store.status?.message).toBe('Playing cached version of: Ocean');
    expect((await h.sources.resolvePlaybackSource(forest, forest.url)).fromCache).toBe(false);
    expect(h.store.status).toBeNull();
    h.store.status = { id: -1, message: 'You are back online', tone: 'success' };
    await h.sources.resolvePlaybackSource(forest, forest.url);
    expect(h.store.status?.message).toBe('You are back online');
  });

  it('one download: saves the bytes the player read to decode the loop, without fetching the file again', async () => {
    const h = harness();
    await h.sources.refreshCachedSounds();
    await h.sources.resolvePlaybackSource(ocean, ocean.url);
    h.sources.onStreamStarted(ocean, ocean.url, Promise.resolve(oceanBytes.slice().buffer));
    await settle(h.store, 0);
    expect(h.fetch).not.toHaveBeenCalled();
    const source = await h.sources.resolvePlaybackSource(ocean, ocean.url);
    expect(new Uint8Array(await h.blobs.get(source.src)!.arrayBuffer())).toEqual(oceanBytes);
  });

  it('a track changed before its file was read saves nothing and fetches nothing for it', async () => {
    const h = harness();
    await h.sources.refreshCachedSounds();
    h.sources.onStreamStarted(ocean, ocean.url, Promise.reject(new DOMException('the track changed', 'AbortError')));
    await new Promise((r) => setTimeout(r, 20));
    expect(h.fetch).not.toHaveBeenCalled();
    expect(h.store.cachedSoundIds).toEqual([]);
  });

  it('does not save while offline', async () => {
    const h = harness({ online: false });
    h.sources.onStreamStarted(ocean, ocean.url);
    await new Promise((r) => setTimeout(r, 20));
    expect(h.fetch).not.toHaveBeenCalled();
    expect(h.store.cachedSoundIds).toEqual([]);
  });

  it('on a load error tries the cache: statuses in SPEC order, then the saved copy', async () => {
    const h = harness();
    await h.api.saveAudio(1, forest.url);
    const source = await h.sources.recoverFromLoadError(forest, forest.url);
    expect(source?.fromCache).toBe(true);
    expect(h.statuses).toEqual(['Network error: Attempting to load from cache...', 'Playing cached version of: Forest']);
  });

  it('on a load error with nothing saved says so and returns null', async () => {
    const h = harness();
    expect(await h.sources.recoverFromLoadError(ocean, ocean.url)).toBeNull();
    expect(h.statuses).toEqual(['Network error: Attempting to load from cache...', 'Network error: No cached version available for Ocean']);
  });

  it('a saved copy that fails to play: SPEC message, then the stream when online, nothing when offline', async () => {
    const h = harness();
    await h.api.saveAudio(0, ocean.url);
    await h.sources.refreshCachedSounds();
    const cached = await h.sources.resolvePlaybackSource(ocean, ocean.url);
    expect(cached.fromCache).toBe(true);
    const shown = h.statuses.length;
    // WebKitGTK refuses a blob: URL now and then before reading it: the same copy once more, as a data: URL (no blob registry), saying nothing.
    const again = await h.sources.recoverFromLoadError(ocean, ocean.url);
    expect(again).toMatchObject({ fromCache: true, blob: cached.blob });
    expect(again?.src).toBe(`data:audio/mpeg;base64,${Buffer.from(await cached.blob!.arrayBuffer()).toString('base64')}`);
    expect(h.revoked).toEqual([cached.src]);
    expect(h.statuses).toHaveLength(shown);
    expect(await h.sources.recoverFromLoadError(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
    expect(h.statuses.at(-1)).toBe('Failed to play cached audio');
    // The stream fails too: the broken copy is not offered again (no loop).
    expect(await h.sources.recoverFromLoadError(ocean, ocean.url)).toBeNull();
    expect(h.statuses.slice(-2)).toEqual(['Network error: Attempting to load from cache...', 'Failed to play cached audio']);

    const offline = harness({ online: false, context: 'playlist' });
    await offline.api.saveAudio(0, ocean.url);
    expect((await offline.sources.resolvePlaybackSource(ocean, ocean.url)).fromCache).toBe(true);
    expect((await offline.sources.recoverFromLoadError(ocean, ocean.url))?.fromCache).toBe(true);
    expect(await offline.sources.recoverFromLoadError(ocean, ocean.url)).toBeNull();
    expect(offline.statuses.at(-1)).toBe('Failed to play cached playlist audio');
    expect(offline.sources.recoverFromCachedPlaybackError(ocean, ocean.url, 'track')).toBeNull();
    expect(offline.statuses.at(-1)).toBe('Failed to play cached audio');
  });

  it('a database that cannot open: IndexedDB error, and playback goes on from the network', async () => {
    const broken = createCacheApi({ openDb: () => Promise.reject(new DOMException('The user denied permission to access the database.', 'UnknownError')), warn: () => undefined });
    const denied = 'UnknownError: The user denied permission to access the database.';
    const h = harness({ cache: () => broken, listSaved: async () => ({ ok: false, message: denied }) });
    await h.sources.refreshCachedSounds();
    expect(h.store.cacheListLoaded).toBe(false);
    expect(await h.sources.resolvePlaybackSource(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
    expect(h.statuses).toEqual(['IndexedDB error: UnknownError: The user denied permission to access the database.']);
  });

  it('no worker at all (or one that never answers): the stream plays', async () => {
    const missing = harness({ cache: () => { throw new Error('Web Workers are not available in this browser'); } });
    expect(await missing.sources.resolvePlaybackSource(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
    missing.sources.onStreamStarted(ocean, ocean.url);
    const stuck = harness({ cache: () => ({ readAudio: () => new Promise(() => undefined) }) as unknown as CacheBackend });
    expect(await stuck.sources.resolvePlaybackSource(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
  });

  it('a corrupt record: plain message, the stream plays, and the next save repairs it', async () => {
    const h = harness();
    await (await openAudioDb()).put(AUDIO_STORE, { soundscapeId: 0, dataUrl: 'data:audio/mpeg;base64,%%%', originalUrl: ocean.url, savedAt: 'x' });
    await h.sources.refreshCachedSounds();
    expect(await h.sources.resolvePlaybackSource(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
    expect(h.statuses).toEqual(['The saved copy of Ocean could not be read, so it plays from the network and will be saved again.']);
    h.sources.onStreamStarted(ocean, ocean.url);
    await vi.waitFor(() => expect(h.fetch).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect((await h.api.readAudio(0)).outcome).toBe('hit'));
  });

  it('a copy saved from an older URL: the new stream online, the old copy offline', async () => {
    const h = harness();
    await h.api.saveAudio(0, forest.url);
    await h.sources.refreshCachedSounds();
    expect(await h.sources.resolvePlaybackSource(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
    h.sources.onStreamStarted(ocean, ocean.url);
    await vi.waitFor(() => expect(h.store.cachedUrls[0]).toBe(ocean.url));
    const offline = harness({ online: false });
    await offline.api.saveAudio(0, forest.url);
    expect((await offline.sources.resolvePlaybackSource(ocean, ocean.url)).fromCache).toBe(true);
  });

  it("a layer's file: the saved copy's bytes (its own URL online, any copy offline), else null; no status, no object URL", async () => {
    const h = harness();
    await h.api.saveAudio(0, ocean.url);
    await h.sources.refreshCachedSounds();
    expect(new Uint8Array((await h.sources.readSavedFile(ocean, ocean.url))!)).toEqual(oceanBytes);
    expect(await h.sources.readSavedFile(forest, forest.url)).toBeNull();
    expect(await h.sources.readSavedFile(ocean, `${ocean.url}&other`)).toBeNull();
    expect(h.blobs.size).toBe(0);
    expect(h.statuses).toEqual([]);
    h.store.online = false;
    expect(new Uint8Array((await h.sources.readSavedFile(ocean, `${ocean.url}&other`))!)).toEqual(oceanBytes);
  });

  it('storage full: says so plainly, and the sounds already saved stay', async () => {
    const h = harness();
    await h.api.saveAudio(0, ocean.url);
    const full: CacheBackend = {
      ...h.api,
      saveAudio: async () => ({ outcome: 'failed', kind: 'quota', message: 'QuotaExceededError: full' }),
    };
    const sources = createOfflineService({ cache: () => full, store: h.store, createObjectUrl: () => 'blob:x', revokeObjectUrl: () => undefined });
    await sources.refreshCachedSounds();
    sources.onStreamStarted(forest, forest.url);
    await vi.waitFor(() => expect(h.store.status?.message).toMatch(/^Storage is full: Forest could not be saved/));
    // The status line links it to Settings, where saved sounds can be removed.
    expect(h.store.status?.link).toBe('settings');
    expect(h.store.cachedSoundIds).toEqual([0]);
    expect((await h.api.readAudio(0)).outcome).toBe('hit');
  });

  it('keeps one object URL alive: the previous cached copy is released', async () => {
    const h = harness();
    await h.api.saveAudio(0, ocean.url);
    await h.api.saveAudio(1, forest.url);
    const a = await h.sources.resolvePlaybackSource(ocean, ocean.url);
    const b = await h.sources.resolvePlaybackSource(forest, forest.url);
    expect(a.fromCache && b.fromCache).toBe(true);
    expect(h.revoked).toEqual([a.src]);
  });

  it('removes one saved sound or all of them, and the store follows', async () => {
    const h = harness();
    await h.api.saveAudio(0, ocean.url);
    await h.api.saveAudio(1, forest.url);
    await h.sources.refreshCachedSounds();
    expect(h.store.cachedSoundIds).toEqual([0, 1]);
    expect(await h.sources.removeCachedSound(0)).toEqual({ ok: true });
    expect(h.store.cachedSoundIds).toEqual([1]);
    expect(await h.sources.clearCachedSounds()).toEqual({ ok: true });
    expect(h.store.cachedSoundIds).toEqual([]);
    expect((await h.api.readAudio(1)).outcome).toBe('miss');
  });
});

describe('only the current start touches the live object URL (issue 14, point 8)', () => {
  /** A cache whose reads answer when the test says so, in any order. */
  function gatedCache(api: CacheBackend) {
    const gates = new Map<number, () => void>();
    const cache: CacheBackend = {
      ...api,
      readAudio: (id) => new Promise((resolve) => gates.set(id, () => void api.readAudio(id).then(resolve))),
    };
    return { cache, open: (id: number) => gates.get(id)?.() };
  }

  it('an overtaken read creates, revokes and shows nothing; the current copy stays live', async () => {
    const h = harness();
    await h.api.saveAudio(0, ocean.url);
    await h.api.saveAudio(1, forest.url);
    const gated = gatedCache(h.api);
    let n = 0;
    const created: string[] = [];
    const sources = createOfflineService({
      cache: () => gated.cache,
      store: h.store,
      createObjectUrl: () => {
        created.push(`blob:test/${++n}`);
        return created.at(-1)!;
      },
      revokeObjectUrl: (url) => h.revoked.push(url),
    });
    let wanted = 'ocean';
    const first = sources.resolvePlaybackSource(ocean, ocean.url, () => wanted === 'ocean');
    await vi.waitFor(() => expect(gated.open(0)).toBeUndefined());
    wanted = 'forest';
    const second = sources.resolvePlaybackSource(forest, forest.url, () => wanted === 'forest');
    // Forest's read answers first, then the overtaken Ocean read.
    gated.open(1);
    const forestSource = await second;
    gated.open(0);
    await first;
    expect(forestSource.fromCache).toBe(true);
    expect(created).toEqual([forestSource.src]);
    expect(h.revoked).toEqual([]);
    expect(h.statuses).toEqual(['Playing cached version of: Forest']);
  });

  it('a stream that replaces a saved copy releases the copy\'s URL', async () => {
    const h = harness();
    await h.api.saveAudio(0, ocean.url);
    await h.sources.refreshCachedSounds();
    const copy = await h.sources.resolvePlaybackSource(ocean, ocean.url);
    expect(copy.fromCache).toBe(true);
    expect(await h.sources.resolvePlaybackSource(forest, forest.url)).toEqual({ src: forest.url, fromCache: false });
    expect(h.revoked).toEqual([copy.src]);
  });
});

describe('a saved copy that fails after a network error (issue 14, point 12)', () => {
  it('statuses in SPEC order end with the failure, and the failed stream is not offered again', async () => {
    for (const context of ['track', 'playlist'] as const) {
      const h = harness({ context });
      await h.api.saveAudio(0, ocean.url);
      // Saved by another tab after this one read the list: the stream is chosen, and fails.
      h.store.cacheListLoaded = true;
      expect(await h.sources.resolvePlaybackSource(ocean, ocean.url)).toEqual({ src: ocean.url, fromCache: false });
      const copy = await h.sources.recoverFromLoadError(ocean, ocean.url);
      expect(copy?.fromCache).toBe(true);
      // The copy fails too, and once more under a new URL: nothing is left to try.
      const again = await h.sources.recoverFromLoadError(ocean, ocean.url);
      expect(again?.fromCache).toBe(true);
      expect(await h.sources.recoverFromLoadError(ocean, ocean.url)).toBeNull();
      const failed = context === 'playlist' ? 'Failed to play cached playlist audio' : 'Failed to play cached audio';
      expect(h.statuses).toEqual(['Network error: Attempting to load from cache...', 'Playing cached version of: Ocean', failed]);
      expect(again!.src.startsWith('data:audio/')).toBe(true);
      expect(h.revoked).toEqual([copy!.src]);
    }
  });
});
