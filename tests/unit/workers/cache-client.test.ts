// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheClient, failWith, terminateCacheWorker } from '../../../src/workers/cache-client';

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

describe('cache client restart', () => {
  /** A worker that never answers, and can be made to fail like a script that died. */
  class FakeWorker extends EventTarget {
    static started: FakeWorker[] = [];
    terminated = false;
    posted = 0;
    constructor(
      readonly url: URL | string,
      readonly options?: WorkerOptions,
    ) {
      super();
      FakeWorker.started.push(this);
    }
    postMessage() {
      this.posted += 1;
    }
    terminate() {
      this.terminated = true;
    }
    start() {}
  }

  afterEach(() => {
    terminateCacheWorker();
    vi.unstubAllGlobals();
    FakeWorker.started = [];
  });

  it('a worker that dies rejects the calls in flight, is terminated, and the next call starts a fresh one', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const first = cacheClient();
    const pending = first.readAudio(3);
    expect(FakeWorker.started).toHaveLength(1);
    const dead = FakeWorker.started[0] as FakeWorker;
    await vi.waitFor(() => expect(dead.posted).toBeGreaterThan(0));
    dead.dispatchEvent(Object.assign(new Event('error'), { message: 'boom' }));
    await expect(pending).rejects.toThrow('the offline cache worker stopped: boom');
    expect(dead.terminated).toBe(true);
    // The same client is not handed out again: a new worker serves the next call.
    const second = cacheClient();
    expect(second === first).toBe(false);
    expect(FakeWorker.started).toHaveLength(2);
    void second.readAudio(4);
    await vi.waitFor(() => expect(FakeWorker.started[1]?.posted).toBeGreaterThan(0));
  });

  it('says so when Web Workers are missing', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => cacheClient()).toThrow('Web Workers are not available');
  });
});
