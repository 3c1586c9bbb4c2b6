import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, type PaintEnv } from '../../../src/lib/after-first-paint';

/** A browser whose frames, timers and paint entries the test releases one by one. */
function fakeBrowser(paintTiming: boolean) {
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const observers: { callback: (list: { getEntriesByName(name: string): unknown[] }) => void; disconnected: boolean }[] = [];
  class Observer {
    static readonly supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    record: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  let observing = false;
  /** Timers set inside an observer's callback are dropped (WebKitGTK, now and then). */
  let dropObserverTimers = false;
  const env: PaintEnv = {
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms) => (observing && dropObserverTimers ? 0 : timers.push({ callback, ms })),
    PerformanceObserver: Observer,
  };
  const paint = (name: string) => {
    observing = true;
    for (const observer of observers) if (!observer.disconnected) observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    observing = false;
  };
  /** Runs the timers queued so far with at most `upToMs` delay. */
  const runTimers = (upToMs: number) => {
    const due = timers.filter((timer) => timer.ms <= upToMs);
    for (const timer of due) timers.splice(timers.indexOf(timer), 1);
    for (const timer of due) timer.callback();
  };
  const frame = () => frames.splice(0).forEach((callback) => callback());
  const dropTimersSetByObservers = () => (dropObserverTimers = true);
  return { env, paint, runTimers, frame, observers, dropTimersSetByObservers };
}

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not the frame: the app loads after the page is shown', () => {
    const browser = fakeBrowser(true);
    const run = vi.fn();
    afterFirstPaint(run, browser.env, 1000);
    browser.frame();
    browser.runTimers(0);
    browser.runTimers(0);
    expect(run).not.toHaveBeenCalled();
    browser.paint('first-paint');
    browser.runTimers(0);
    expect(run).not.toHaveBeenCalled();
    browser.paint('first-contentful-paint');
    browser.runTimers(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(browser.observers[0]?.disconnected).toBe(true);
    // The capped wait that was still set ends without running it again.
    browser.runTimers(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts after the frame and the cap when the entry never comes', () => {
    const browser = fakeBrowser(true);
    const run = vi.fn();
    afterFirstPaint(run, browser.env, 1000);
    browser.runTimers(1000);
    expect(run).not.toHaveBeenCalled();
    browser.frame();
    browser.runTimers(0);
    browser.runTimers(999);
    expect(run).not.toHaveBeenCalled();
    browser.runTimers(1000);
    browser.runTimers(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts a task after the first frame where paint timing is missing', () => {
    const browser = fakeBrowser(false);
    const run = vi.fn();
    afterFirstPaint(run, browser.env, 1000);
    expect(browser.observers).toHaveLength(0);
    browser.frame();
    browser.runTimers(0);
    expect(run).not.toHaveBeenCalled();
    browser.runTimers(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a page that gets no frame and no paint (loaded hidden) starts after 3 s all the same', () => {
    const browser = fakeBrowser(true);
    const run = vi.fn();
    afterFirstPaint(run, browser.env, 1000);
    browser.runTimers(2999);
    expect(run).not.toHaveBeenCalled();
    browser.runTimers(3000);
    browser.runTimers(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts on the frame and the cap when the timer the paint entry set is dropped (WebKitGTK)', () => {
    const browser = fakeBrowser(true);
    browser.dropTimersSetByObservers();
    const run = vi.fn();
    afterFirstPaint(run, browser.env, 1000);
    browser.paint('first-contentful-paint');
    browser.runTimers(0);
    expect(run).not.toHaveBeenCalled();
    browser.frame();
    browser.runTimers(0);
    browser.runTimers(1000);
    browser.runTimers(0);
    expect(run).toHaveBeenCalledTimes(1);
    browser.runTimers(3000);
    browser.runTimers(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
