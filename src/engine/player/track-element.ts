/**
 * The player's <audio id="lull-player">: created outside the React tree so navigation never interrupts it, or adopted
 * from the first tap (played inside that tap, as iOS requires). The player hears an element's events only while it is
 * the track and not while the clock watchdog reloads it; an element that has played may play again outside a gesture
 * (iOS), and one the first tap's script left playing (a song) has.
 */
import { watchClock, type ClockWatchdog } from './clock-watchdog';
import type { ElementListeners } from './track-output-types';

export const PLAYER_AUDIO_ID = 'lull-player';

/** A reload by the clock watchdog is not a new load: the player is not told it is loading. */
const RELOAD_QUIET: ReadonlySet<string> = new Set(['loadstart', 'canplay']);

export interface TrackElementDeps {
  parent: HTMLElement;
  listeners: ElementListeners;
  /** Whether `element` is the track now (the player hears only it). */
  heard(element: HTMLAudioElement): boolean;
  /** Plays the element again after the clock watchdog reloaded it (the player's play()). */
  replay?(): void;
  /** The element's clock stayed stopped after the watchdog's reloads. */
  onStalled?(): void;
}

export interface TrackElements {
  /** A new element (or the first tap's), listened to and watched; the one made before is no longer watched. */
  create(unlocked?: HTMLAudioElement): HTMLAudioElement;
  /** The player no longer hears `element` (replaced, or the output disposed). */
  forget(element: HTMLAudioElement): void;
  /** Whether `element` has played once. */
  played(element: HTMLMediaElement): boolean;
  dispose(): void;
}

export function createTrackElements(deps: TrackElementDeps): TrackElements {
  let watchdog: ClockWatchdog | undefined;
  const played = new WeakSet<HTMLMediaElement>();
  const markPlayed = (event: Event) => played.add(event.target as HTMLMediaElement);
  const heard = new WeakMap<HTMLAudioElement, ElementListeners>();
  return {
    create(unlocked) {
      const element = unlocked ?? document.createElement('audio');
      element.id = PLAYER_AUDIO_ID;
      element.preload = 'auto';
      // A MediaElementSource hears a cross-origin file only with CORS (the media host sends it).
      element.crossOrigin = 'anonymous';
      const listeners: ElementListeners = deps.listeners.map(([type, listener]) => [
        type,
        () => deps.heard(element) && !(RELOAD_QUIET.has(type) && watchdog?.reloading) && listener(),
      ]);
      heard.set(element, listeners);
      for (const [type, listener] of listeners) element.addEventListener(type, listener);
      element.addEventListener('playing', markPlayed);
      // The first tap's song may be playing already, its 'playing' told before anyone listened.
      if (!element.paused && element.hasAttribute('src')) played.add(element);
      watchdog?.dispose();
      watchdog = watchClock({
        element,
        heard: () => deps.heard(element),
        play: () => (deps.replay ? deps.replay() : element.play()?.catch(() => undefined)),
        onGiveUp: () => deps.onStalled?.(),
      });
      deps.parent.appendChild(element);
      return element;
    },
    forget(element) {
      for (const [type, listener] of heard.get(element) ?? []) element.removeEventListener(type, listener);
      heard.delete(element);
    },
    played: (element) => played.has(element),
    dispose() {
      watchdog?.dispose();
    },
  };
}
