/**
 * Rendering the engine offline in the page, faster than real time, while its main-thread work keeps up.
 *
 * The engine schedules on the audio clock but does its work on the main thread: a loop voice decodes its next window
 * when a buffer source's `onended` fires (Chromium dispatches it in an offline render too, as a task, while the render
 * runs on) and when a decode's promise settles; the sleep timer ticks on setTimeout. An OfflineAudioContext renders
 * as fast as it can and waits for none of that, so the render is cut into chunks: `ctx.suspend(t)` stops the clock
 * at each chunk's end, the page's pending work (decodes, worklet modules, timers due) is let run until nothing is in
 * flight, then `resume()`. With the clock stopped while the work runs, a render is the same every time: what the
 * live clock would give on a machine that is never late.
 */

/** One macrotask turn (not setTimeout: a render may stand in a virtual clock for it, see `virtualTimers`). */
export const macrotask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

/** Counts the context's decodes and worklet module loads in flight (wrapped on this context only, from outside the engine). */
export function countWork(ctx: BaseAudioContext): () => number {
  let inFlight = 0;
  const track = <T>(promise: Promise<T>) => {
    inFlight++;
    return promise.finally(() => inFlight--);
  };
  const decode = ctx.decodeAudioData.bind(ctx);
  ctx.decodeAudioData = ((data: ArrayBuffer) => track(decode(data))) as typeof ctx.decodeAudioData;
  const addModule = ctx.audioWorklet.addModule.bind(ctx.audioWorklet);
  ctx.audioWorklet.addModule = (url: string | URL, options?: WorkletOptions) => track(addModule(url, options));
  return () => inFlight;
}

/** Lets the page's work run until nothing is in flight for two turns in a row (a settled decode may start the next). */
export async function settle(inFlight: () => number): Promise<void> {
  for (let quiet = 0; quiet < 2; ) {
    await macrotask();
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
}

/**
 * Renders `ctx` in chunks: stops at `nextStop(now)` (rounded up to a render quantum, at least one quantum on), runs
 * `atStop()` with the clock stopped, and goes on. Rejects with the first error `atStop` threw (the render is finished
 * first: a suspended context left unresumed would never settle).
 */
export async function renderInChunks(ctx: OfflineAudioContext, nextStop: (now: number) => number, atStop: () => Promise<void>): Promise<AudioBuffer> {
  const quantum = 128;
  let failure: unknown = null;
  const stopAfter = (frame: number) => {
    const wanted = Math.ceil((nextStop(frame / ctx.sampleRate) * ctx.sampleRate) / quantum) * quantum;
    const at = Math.max(frame + quantum, wanted);
    if (at >= ctx.length) return;
    // Half a frame in: Chromium rounds a suspend's time down to its quantum.
    ctx.suspend((at + 0.5) / ctx.sampleRate).then(async () => {
      try {
        if (failure === null) await atStop();
      } catch (error) {
        failure = error;
      }
      stopAfter(at);
      await ctx.resume();
    }, (error: unknown) => (failure ??= error));
  };
  stopAfter(Math.round(ctx.currentTime * ctx.sampleRate));
  const rendered = await ctx.startRendering();
  if (failure !== null) throw failure;
  return rendered;
}

/**
 * The page's setTimeout on the render's clock (this test page only): an engine's timers (the sleep timer's ticks)
 * fall due at their audio-clock time. Restore before the next render.
 */
export function virtualTimers(nowMs: () => number) {
  const timers = new Map<number, { due: number; run: () => void }>();
  let ids = 0;
  const real = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
  window.setTimeout = ((run: () => void, ms = 0) => {
    const id = ++ids;
    timers.set(id, { due: nowMs() + Math.max(0, ms), run });
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => void (id !== undefined && timers.delete(id))) as typeof window.clearTimeout;
  return {
    /** When the next timer falls due (ms), or Infinity. */
    nextDue: () => Math.min(Infinity, ...[...timers.values()].map((t) => t.due)),
    /** Runs every timer due by now, earliest first (one may set another). */
    runDue() {
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.due <= nowMs() + 1e-6).sort((a, b) => a[1].due - b[1].due)[0];
        if (!due) return;
        timers.delete(due[0]);
        due[1].run();
      }
    },
    restore() {
      window.setTimeout = real.setTimeout;
      window.clearTimeout = real.clearTimeout;
    },
  };
}
