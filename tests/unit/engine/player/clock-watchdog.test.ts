/**
 * The clock watchdog (clock-watchdog.ts): an element that says it plays but whose clock stopped (or
 * leapt), as WebKitGTK's routed element does after some resumes, is loaded again at its place and
 * played; a clock that moves, a decoded loop's element, a pause and a seek are left alone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FROZEN_MS, LEAP_S, MAX_RELOADS, SAMPLE_MS, WATCH_MS, watchClock } from '../../../../src/engine/player/clock-watchdog';

/** What the watchdog reads of an element, moved by the test. */
class FakeElement extends EventTarget {
  paused = false;
  ended = false;
  seeking = false;
  readyState = 4;
  playbackRate = 1;
  currentTime = 0;
  loads: number[] = [];
  load() {
    this.loads.push(this.currentTime);
    this.readyState = 0;
  }
  pause() {
    this.paused = true;
    this.emit('pause');
  }
  emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

let now = 0;

function setup(options: { heard?: () => boolean } = {}) {
  const element = new FakeElement();
  const play = vi.fn();
  const onGiveUp = vi.fn();
  const watchdog = watchClock({ element: element as unknown as HTMLMediaElement, heard: options.heard ?? (() => true), play, onGiveUp, now: () => now });
  /** `ms` of wall time, the clock moving by `rate` of it (0: stopped). */
  const run = (ms: number, rate = 1) => {
    for (let t = 0; t < ms; t += SAMPLE_MS) {
      now += SAMPLE_MS;
      element.currentTime += (rate * SAMPLE_MS) / 1000;
      vi.advanceTimersByTime(SAMPLE_MS);
    }
  };
  return { element, play, onGiveUp, watchdog, run };
}

describe('clock watchdog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('loads a resumed element whose clock stopped again at its place, and plays it', () => {
    const { element, play, watchdog, run } = setup();
    element.currentTime = 42.5;
    element.emit('playing');
    run(FROZEN_MS + 2 * SAMPLE_MS, 0);
    expect(element.loads).toEqual([42.5]);
    expect(element.currentTime).toBe(42.5);
    expect(play).toHaveBeenCalledTimes(1);
    // The reload's own load events are not a new load for the player.
    expect(watchdog.reloading).toBe(true);
    element.readyState = 4;
    element.emit('playing');
    expect(watchdog.reloading).toBe(false);
    run(WATCH_MS);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('ends the quiet reload at its canplay, so a replay that is refused does not hide the next load', () => {
    const { element, play, watchdog, run } = setup();
    element.emit('playing');
    run(FROZEN_MS + 2 * SAMPLE_MS, 0);
    expect(play).toHaveBeenCalledTimes(1);
    expect(watchdog.reloading).toBe(true);
    // The reload has its data, and the player's play() was refused: no 'playing' comes.
    element.readyState = 4;
    element.paused = true;
    element.emit('canplay');
    expect(watchdog.reloading).toBe(false);
  });

  it('leaves a moving clock alone, and one waiting for data', () => {
    const { element, play, run } = setup();
    element.emit('playing');
    run(WATCH_MS + 100);
    element.emit('playing');
    element.readyState = 2;
    run(WATCH_MS, 0);
    expect(play).not.toHaveBeenCalled();
    expect(element.loads).toEqual([]);
  });

  it('leaves a decoded loop alone: its element only keeps time', () => {
    const { element, play, run } = setup({ heard: () => false });
    element.emit('playing');
    run(WATCH_MS, 0);
    expect(play).not.toHaveBeenCalled();
  });

  it('stops watching at a pause, and a seek moves where it measures from', () => {
    const { element, play, run } = setup();
    element.emit('playing');
    element.paused = true;
    element.emit('pause');
    run(WATCH_MS, 0);
    element.paused = false;
    element.emit('playing');
    run(200);
    element.currentTime += 60;
    element.emit('seeked');
    run(WATCH_MS);
    expect(play).not.toHaveBeenCalled();
  });

  it('takes a seek for a seek, also between the end of seeking and its seeked event', () => {
    const { element, play, run } = setup();
    element.currentTime = 10;
    element.emit('playing');
    run(100);
    element.currentTime = 170;
    element.seeking = true;
    element.emit('seeking');
    run(SAMPLE_MS);
    element.seeking = false;
    run(2 * SAMPLE_MS);
    element.emit('seeked');
    run(WATCH_MS);
    expect(play).not.toHaveBeenCalled();
    expect(element.loads).toEqual([]);
  });

  it('brings a clock that leapt ahead back to where it should be', () => {
    const { element, play, run } = setup();
    element.currentTime = 10;
    element.emit('playing');
    run(300);
    element.currentTime += LEAP_S + 100;
    run(SAMPLE_MS);
    expect(play).toHaveBeenCalledTimes(1);
    expect(element.loads).toHaveLength(1);
    expect(element.currentTime).toBeCloseTo(10 + (300 + SAMPLE_MS) / 1000, 2);
  });

  it('gives up after MAX_RELOADS reloads in a row that cure nothing, and pauses the element (never playing over silence)', () => {
    const { element, play, onGiveUp, run } = setup();
    for (let i = 0; i <= MAX_RELOADS; i++) {
      element.readyState = 4;
      expect(element.paused).toBe(false);
      element.emit('playing');
      run(FROZEN_MS + 2 * SAMPLE_MS, 0);
    }
    expect(play).toHaveBeenCalledTimes(MAX_RELOADS);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(element.paused).toBe(true);
  });
});
