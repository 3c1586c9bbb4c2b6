import { describe, expect, it } from 'vitest';
import { failWith } from '../../src/workers/cache-client';

describe('cache client', () => {
  it('passes answers through, and rejects calls in flight once the worker fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    failed.catch(() => undefined);
    const never = new Promise<string>(() => undefined);
    const remote = { readAudio: async (id: number) => `read ${id}`, saveAudio: () => never, version: 1 };
    const guarded = failWith(remote, failed);
    expect(await guarded.readAudio(3)).toBe('read 3');
    expect(guarded.version).toBe(1);
    const pending = guarded.saveAudio();
    fail(new Error('the offline cache worker stopped'));
    await expect(pending).rejects.toThrow('the offline cache worker stopped');
  });
});
