/**
 * Runs `run` once the page's first contentful paint has been shown (the browser's own
 * 'first-contentful-paint' entry), in a task of its own. Until then the prerendered HTML has the
 * network and the main thread to itself. A frame's requestAnimationFrame callback runs before that
 * frame is shown, and a task queued from it can still run before the paint is presented (Chromium:
 * ~40 ms before, measured): the app's ~40 module requests then began before the first paint, and
 * Lighthouse's simulation counted them all in FCP and LCP (0.8 s when they came after, 1.2–2.0 s when
 * before). Where paint timing is missing, or the entry never comes (no contentful paint), the frame
 * is waited for, then at most `capMs` more; a page that gets no frame at all starts after NO_FRAME_CAP_MS.
 */
export interface PaintEnv {
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  PerformanceObserver?: {
    new (callback: (list: { getEntriesByName(name: string): unknown[] }) => void): { observe(options: { type: string; buffered: boolean }): void; disconnect(): void };
    readonly supportedEntryTypes?: readonly string[];
  };
}

export const FIRST_PAINT_CAP_MS = 1000;
/** A page loaded hidden (a background tab, an occluded window) gets no frame and no paint: it starts after this all the same. */
export const NO_FRAME_CAP_MS = 3000;

export function afterFirstPaint(run: () => void, env: PaintEnv = window, capMs = FIRST_PAINT_CAP_MS): void {
  let started = false;
  // Every way in schedules its own task and the first of them to run starts the app: WebKitGTK 2.50 now and then
  // drops a timer set in a PerformanceObserver callback that runs during the module's evaluation (seen in the
  // engines suite: the paint entry seen at 38 ms, its timer never fired, and the page never started), so the
  // frame's path and the cap must still be able to start it.
  const start = () =>
    env.setTimeout(() => {
      if (started) return;
      started = true;
      observer?.disconnect();
      run();
    }, 0);
  const observer = watchFirstContentfulPaint(env, start);
  env.requestAnimationFrame(() => env.setTimeout(() => (observer ? env.setTimeout(start, capMs) : start()), 0));
  env.setTimeout(start, NO_FRAME_CAP_MS);
}

/** Calls `seen` at the first contentful paint's entry; undefined where paint timing is missing. */
function watchFirstContentfulPaint(env: PaintEnv, seen: () => void): { disconnect(): void } | undefined {
  const Observer = env.PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('paint')) return undefined;
  try {
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) seen();
    });
    observer.observe({ type: 'paint', buffered: true });
    return observer;
  } catch {
    return undefined;
  }
}
