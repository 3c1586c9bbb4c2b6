/**
 * Listening stats as the page sees them (SPEC 4): the tracker counts while the element plays, the
 * time so far is written when the page is hidden for good, and `window.incrementSessionCount` lets
 * other parts add 1 to a track's sessionCount.
 */
import { incrementSessionCount, statsKey } from '../../stores/stats-store';
import type { ListeningTracker } from './listening-tracker';

declare global {
  interface Window {
    /** SPEC 4: lets other parts add 1 to a track's sessionCount. */
    incrementSessionCount?: (key: string) => void;
  }
}

export interface PlayerStats {
  /** The element plays the track named `name`. */
  playing(name: string): void;
  /** It paused, ended or is being replaced. */
  stopped(): void;
  dispose(): void;
}

export function createPlayerStats(tracker: ListeningTracker, target: Window = window): PlayerStats {
  const onPageHide = () => tracker.flush();
  const increment = (key: string) => incrementSessionCount(key);
  target.addEventListener('pagehide', onPageHide);
  target.incrementSessionCount = increment;
  return {
    playing: (name) => tracker.start(statsKey(name)),
    stopped: () => tracker.stop(),
    dispose() {
      target.removeEventListener('pagehide', onPageHide);
      if (target.incrementSessionCount === increment) delete target.incrementSessionCount;
      tracker.dispose();
    },
  };
}
