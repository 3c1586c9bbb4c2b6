// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { CacheBackend } from '../../../src/lib/cache-contract';
import { lazyCacheBackend } from '../../../src/workers/lazy-cache';

const fakeClient = (): CacheBackend => ({
  saveAudio: vi.fn(async (id, url) => ({ outcome: 'unchanged' as const, soundscapeId: id ?? 0, originalUrl: url })),
  readAudio: vi.fn(async () => ({ outcome: 'miss' as const })),
  listCachedSounds: vi.fn(async () => ({ ok: true as const, items: [] })),
  removeCachedSound: vi.fn(async () => ({ ok: true as const })),
  clearCachedSounds: vi.fn(async () => ({ ok: true as const })),
});

describe('the cache worker loaded at first use', () => {
  it('loads nothing until a call or a press, then passes calls and answers through', async () => {
    const client = fakeClient();
    const load = vi.fn(async () => client);
    const cache = lazyCacheBackend(load);
    expect(load).not.toHaveBeenCalled();
    cache.warm();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.backend.readAudio(3)).toEqual({ outcome: 'miss' });
    expect(client.readAudio).toHaveBeenCalledWith(3);
    const bytes = new ArrayBuffer(2);
    expect(await cache.backend.saveAudio(2, '/media/rain.mp3', true, bytes)).toMatchObject({ outcome: 'unchanged', soundscapeId: 2 });
    expect(client.saveAudio).toHaveBeenCalledWith(2, '/media/rain.mp3', true, bytes);
  });

  it('a client that cannot load rejects that call, and the next call tries again', async () => {
    const client = fakeClient();
    const load = vi.fn().mockRejectedValueOnce(new Error('Web Workers are not available in this browser')).mockResolvedValue(client);
    const cache = lazyCacheBackend(load);
    await expect(cache.backend.listCachedSounds()).rejects.toThrow('Web Workers are not available');
    expect(await cache.backend.listCachedSounds()).toEqual({ ok: true, items: [] });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
