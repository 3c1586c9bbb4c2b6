// @vitest-environment node
/**
 * The share target (issue 41): public/share-target.js, the service worker's receiver, run as the worker runs it,
 * against the contract in src/lib/own-sound-files.ts; then the page's side (takeSharedFiles) reads what it kept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_FIELD, SHARE_TARGET_ACTION, SHARED_CACHE, shareTarget } from '../../../src/lib/own-sound-files';
import { takeSharedFiles } from '../../../src/features/own-sounds/shared-files';

const ORIGIN = 'https://lull.example';

/** Cache Storage as the worker and the page see it, in memory; `full` makes every put fail as a full disk does. */
function memoryCaches(full = false) {
  const stores = new Map<string, Map<string, Response>>();
  const cache = (entries: Map<string, Response>) => ({
    put: async (key: string, response: Response) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      entries.set(new URL(key, ORIGIN).href, response);
    },
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    match: async (request: Request) => entries.get(request.url)?.clone(),
  });
  return {
    stores,
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cache(stores.get(name)!);
    },
    delete: async (name: string) => stores.delete(name),
  };
}

type FetchListener = (event: { request: Request; respondWith: (response: Promise<Response>) => void }) => void;

/** Runs the worker's script once and returns its fetch listener. */
function receiver(caches: ReturnType<typeof memoryCaches>): FetchListener {
  let listener: FetchListener | undefined;
  const self = { location: new URL(`${ORIGIN}/sw.js`), addEventListener: (type: string, fn: FetchListener) => type === 'fetch' && (listener = fn) };
  new Function('self', 'caches', readFileSync(join(__dirname, '../../../public/share-target.js'), 'utf8'))(self, caches);
  if (!listener) throw new Error('share-target.js added no fetch listener');
  return listener;
}

/** What the worker answers to `request` (undefined: it let the request pass). */
async function answer(listen: FetchListener, request: Request): Promise<Response | undefined> {
  let response: Promise<Response> | undefined;
  listen({ request, respondWith: (r) => (response = r) });
  return response;
}

const share = (...files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append(SHARE_FIELD, file);
  return new Request(`${ORIGIN}${SHARE_TARGET_ACTION}`, { method: 'POST', body: form });
};

describe('the share target', () => {
  let caches: ReturnType<typeof memoryCaches>;
  beforeEach(() => {
    caches = memoryCaches();
    vi.stubGlobal('caches', caches);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is what the manifest declares: a multipart POST of audio files under the field the worker reads', () => {
    expect(shareTarget).toMatchObject({ action: SHARE_TARGET_ACTION, method: 'POST', enctype: 'multipart/form-data', params: { files: [{ name: SHARE_FIELD }] } });
    expect(shareTarget.params.files[0]?.accept).toContain('audio/*');
  });

  it('keeps the shared files, opens Home to import them, and the page takes each once with its name and type', async () => {
    const rain = new File([new Uint8Array([1, 2, 3])], 'Rain on the “porch” <b>.wav', { type: 'audio/wav' });
    const fan = new File([new Uint8Array([4, 5])], 'fan.mp3', { type: 'audio/mpeg' });
    const response = await answer(receiver(caches), share(rain, fan));
    expect(response?.status).toBe(303);
    expect(response?.headers.get('Location')).toBe(`${ORIGIN}/?shared=2`);
    const taken = await takeSharedFiles('2');
    if (!('files' in taken)) throw new Error('nothing taken');
    expect(taken.files.map((file) => [file.name, file.type, file.size])).toEqual([
      ['Rain on the “porch” <b>.wav', 'audio/wav', 3],
      ['fan.mp3', 'audio/mpeg', 2],
    ]);
    expect([...new Uint8Array(await taken.files[0]!.arrayBuffer())]).toEqual([1, 2, 3]);
    // Taken once: the cache is gone, and a second look finds nothing.
    expect(caches.stores.has(SHARED_CACHE)).toBe(false);
    expect(await takeSharedFiles('2')).toEqual({ failed: true });
  });

  it('a share replaces one the page never took', async () => {
    const listen = receiver(caches);
    await answer(listen, share(new File(['a'], 'old.wav'), new File(['b'], 'older.wav')));
    await answer(listen, share(new File(['c'], 'new.wav')));
    const taken = await takeSharedFiles('1');
    expect('files' in taken && taken.files.map((file) => file.name)).toEqual(['new.wav']);
  });

  it('storage full: Home is told the share failed, and nothing is left half-kept', async () => {
    caches = memoryCaches(true);
    vi.stubGlobal('caches', caches);
    const response = await answer(receiver(caches), share(new File(['a'], 'rain.wav')));
    expect(response?.headers.get('Location')).toBe(`${ORIGIN}/?shared=failed`);
    expect(caches.stores.has(SHARED_CACHE)).toBe(false);
    expect(await takeSharedFiles('failed')).toEqual({ failed: true });
  });

  it('leaves every other request to Workbox: a GET of the action, a POST elsewhere, another origin', async () => {
    const listen = receiver(caches);
    expect(await answer(listen, new Request(`${ORIGIN}${SHARE_TARGET_ACTION}`))).toBeUndefined();
    expect(await answer(listen, new Request(`${ORIGIN}/elsewhere`, { method: 'POST', body: 'x' }))).toBeUndefined();
    expect(await answer(listen, new Request(`https://other.example${SHARE_TARGET_ACTION}`, { method: 'POST', body: 'x' }))).toBeUndefined();
  });

  it('a name that is not URI-encoded text, or none, reads as "Shared sound"', async () => {
    const cache = await caches.open(SHARED_CACHE);
    await cache.put('/shared-file/0', new Response('a', { headers: { 'X-Lull-File-Name': '%E0%A4%A' } }));
    await cache.put('/shared-file/1', new Response('b'));
    const taken = await takeSharedFiles('2');
    expect('files' in taken && taken.files.map((file) => file.name)).toEqual(['Shared sound', 'Shared sound']);
  });
});
