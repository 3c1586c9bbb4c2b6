/**
 * The track's way out: the shared <audio id="lull-player"> (SPEC 1: one track at a time), created
 * outside the React tree so navigation never interrupts it, and its place in the audio graph:
 * element → MediaElementSource → element gain → track gain (the catalogue volume) → the bus; a
 * looping soundscape hands over to its decoded copy (loop-handover.ts) on the same track gain.
 * Without Web Audio the element plays on its own and the level is element.volume (not on iOS).
 */
import { reportError } from '../../lib/error-reporting';
import type { AudioBus, BusNodes } from '../audio-bus';
import { ramp } from '../level-ramp';
import { watchClock, type ClockWatchdog } from './clock-watchdog';
import { createLoopHandover, type LoopHandover } from './loop-handover';

export const PLAYER_AUDIO_ID = 'lull-player';

export type ElementListeners = readonly [keyof HTMLMediaElementEventMap, () => void][];

export interface TrackOutput {
  readonly element: HTMLAudioElement;
  /** The decoded-loop hand-over of the current graph, if routed. */
  readonly loop: LoopHandover | null;
  /** Inside the tap (or its microtasks): resumes the graph and routes the element into it. */
  open(): void;
  /**
   * Inside the tap, before the new source is known (a saved copy comes from a worker): iOS lets an
   * element play later only if play() was called on it in a gesture, so a never-played one is started
   * here, emptied; the source is swapped in and played after (issue 14, point 13).
   */
  unlock(): void;
  /**
   * A press on a sound when the element holds nothing: its stream starts loading now, and the tap's
   * setSource with the same URL keeps that load instead of starting another (press-prefetch.ts).
   */
  prefetch(url: string): void;
  /** The press did not become a tap on that sound: the load stops and the element is empty again. */
  cancelPrefetch(): void;
  /** The catalogue volume, ramped (or element.volume × the bus level in the fallback). */
  setLevel(volume: number): void;
  /** A new file: `src` plays (a stream URL or the saved copy's object URL); `url` names the catalogue file. */
  setSource(source: { src: string; url: string; loops: boolean; blob?: Blob }): void;
  /** The element started, paused or was seeked: the decoded loop follows it. */
  follow(): void;
  /** The current loop's file as read for decoding (null for songs or without Web Audio): what the offline save stores. */
  fileBytes(): Promise<ArrayBuffer> | null;
  dispose(): void;
}

interface Route {
  readonly nodes: BusNodes;
  readonly trackGain: GainNode;
  readonly loop: LoopHandover;
}

export interface TrackOutputOptions {
  bus?: AudioBus;
  parent: HTMLElement;
  listeners: ElementListeners;
  element?: HTMLAudioElement;
  /** Plays the element again after the clock watchdog reloaded it (the player's play()). */
  replay?(): void;
}

/** A reload by the clock watchdog is not a new load: the player is not told it is loading. */
const RELOAD_QUIET: ReadonlySet<string> = new Set(['loadstart', 'canplay']);

export function createTrackOutput(options: TrackOutputOptions): TrackOutput {
  const { bus, parent } = options;
  let watchdog: ClockWatchdog | undefined;
  const listeners: ElementListeners = options.listeners.map(([type, listener]) => [type, RELOAD_QUIET.has(type) ? () => watchdog?.reloading || listener() : listener]);
  /** Elements that have played once: iOS lets them play again outside a gesture. */
  const played = new WeakSet<HTMLMediaElement>();
  const markPlayed = (event: Event) => played.add(event.target as HTMLMediaElement);
  const newElement = (unlocked?: HTMLAudioElement) => {
    const element = unlocked ?? document.createElement('audio');
    element.id = PLAYER_AUDIO_ID;
    element.preload = 'auto';
    // A MediaElementSource hears a cross-origin file only with CORS (the media host sends it).
    element.crossOrigin = 'anonymous';
    for (const [type, listener] of listeners) element.addEventListener(type, listener);
    element.addEventListener('playing', markPlayed);
    watchdog?.dispose();
    watchdog = watchClock({
      element,
      // A decoded loop is heard from its voice; its element only keeps time.
      heard: () => !(current.loops && route),
      play: () => (options.replay ? options.replay() : element.play()?.catch(() => undefined)),
      onGiveUp: () => reportError(new Error('the track element stayed silent after reloads'), 'Lull: playback stalled:'),
    });
    parent.appendChild(element);
    return element;
  };
  let element = newElement(options.element);
  let route: Route | null = null;
  /** No Web Audio (or the element could not be routed): levels fall back to element.volume. */
  let elementLevels = !bus;
  let volume = 1;
  let current: { loops: boolean; blob?: Blob } = { loops: false };
  /** The stream a press started loading, until a setSource takes it over or the press is cancelled. */
  let prefetched: string | undefined;
  let prefetchPlayed = false;
  const notePrefetchPlayed = () => {
    prefetchPlayed = true;
  };
  const holdsPrefetch = () => prefetched !== undefined && element.getAttribute('src') === prefetched && !element.error;

  const applyLevel = () => {
    // Silent while paused: WebKit's MediaElementSource plays on for ~1 s of what it buffered (-26 dBFS, measured).
    if (route) ramp(route.trackGain.gain, route.nodes.ctx, element.paused ? 0 : volume);
    // Before the first play nothing is routed yet: the level is applied when it is.
    else if (elementLevels) {
      const level = volume * (bus?.level() ?? 1);
      element.volume = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
    }
  };

  /** A fresh element for a replaced context (an element takes one MediaElementSource for life), at the same place of the same file. */
  const replaceElement = () => {
    const old = element;
    element = newElement();
    for (const [type, listener] of listeners) old.removeEventListener(type, listener);
    element.loop = old.loop;
    if (old.dataset.url) element.dataset.url = old.dataset.url;
    element.src = old.src;
    element.currentTime = old.currentTime;
    old.pause();
    old.remove();
  };

  const connect = (nodes: BusNodes) => {
    if (route?.nodes === nodes) return;
    if (route) {
      route.loop.release();
      replaceElement();
    }
    try {
      const { ctx } = nodes;
      const source = ctx.createMediaElementSource(element);
      const elementGain = ctx.createGain();
      const trackGain = ctx.createGain();
      trackGain.gain.value = volume;
      source.connect(elementGain);
      elementGain.connect(trackGain);
      trackGain.connect(nodes.input);
      element.volume = 1;
      route = { nodes, trackGain, loop: createLoopHandover({ ctx, element, elementGain, output: trackGain }) };
      if (current.loops && element.src) route.loop.load(element.src, current.blob);
    } catch (error) {
      reportError(error, 'Lull: could not route the player through Web Audio, playing the element directly:');
      route = null;
      elementLevels = true;
    }
  };

  const unsubscribers = [bus?.onLevel(applyLevel), bus?.onReplaced(connect)];

  return {
    get element() {
      return element;
    },
    get loop() {
      return route?.loop ?? null;
    },
    open() {
      if (!bus) return;
      const nodes = bus.open();
      if (nodes) connect(nodes);
      else elementLevels = true;
      applyLevel();
    },
    unlock() {
      if (played.has(element)) return;
      // Its old source was never heard: it goes, so this play() cannot start it (a press's prefetch stays: it is what the tap plays).
      const keep = holdsPrefetch();
      if (element.hasAttribute('src') && !keep) {
        element.removeAttribute('src');
        element.load();
      }
      // AbortError once the source is swapped in; NotAllowedError outside a gesture: both harmless here.
      // A press's prefetch starts now: it is the sound the tap asked for (setSource keeps it).
      element.play()?.catch(() => undefined);
    },
    setLevel(next) {
      volume = next;
      applyLevel();
    },
    prefetch(url) {
      if (element.hasAttribute('src')) return;
      prefetched = url;
      prefetchPlayed = false;
      element.addEventListener('playing', notePrefetchPlayed, { once: true });
      element.src = url;
    },
    cancelPrefetch() {
      if (!holdsPrefetch()) return;
      prefetched = undefined;
      element.removeAttribute('src');
      element.load();
    },
    setSource(source) {
      current = { loops: source.loops, blob: source.blob };
      element.loop = source.loops;
      // Which file plays, even when src is a blob URL of the cached copy.
      element.dataset.url = source.url;
      // The press already started this file's load: assigning it again would start a second download.
      if (holdsPrefetch() && source.src === prefetched) {
        // Its 'playing' came before the player knew the track, which then ignored it: once more, now that it does.
        if (prefetchPlayed && !element.paused) element.dispatchEvent(new Event('playing'));
      } else element.src = source.src;
      element.removeEventListener('playing', notePrefetchPlayed);
      prefetched = undefined;
      // Loops hand over to their decoded copy; songs play on the element (they do not loop).
      if (route) {
        if (source.loops) route.loop.load(source.src, source.blob);
        else route.loop.release();
      }
      applyLevel();
    },
    follow() {
      route?.loop.sync();
      applyLevel();
    },
    fileBytes() {
      return current.loops ? (route?.loop.fileBytes ?? null) : null;
    },
    dispose() {
      watchdog?.dispose();
      for (const unsubscribe of unsubscribers) unsubscribe?.();
      route?.loop.release();
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
      element.pause();
      element.remove();
    },
  };
}
