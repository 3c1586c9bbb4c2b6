import { subscribe } from 'valtio/vanilla';
import { offlineStore, type OfflineState } from '../../stores/offline-store';
import {
  canPlaySound,
  playableSoundscapes,
  playerStore,
  playLofiNext,
  reportPaused,
  showNothingElseToPlay,
  type PlayerState,
} from '../../stores/player-store';

/**
 * The lofi radio's shuffled queue (SPEC 4): when a lofi track ends the next one comes from a
 * shuffled queue; when the queue runs out it is reshuffled without the track that just ended.
 * Songs that cannot play (offline and not saved, or failed to load) are passed over.
 */
export type Random = () => number;

/** Unbiased Fisher–Yates on a copy; `random` returns [0, 1) like Math.random. */
export function shuffle<T>(items: readonly T[], random: Random = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    // Math.min guards a random() that returns exactly 1.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export interface LofiQueue {
  /** The lofi track to play after `current` ends: the next queued one `canPlay` accepts, if any. */
  next(current: number | null, canPlay?: (index: number) => boolean): number | undefined;
  /** What is still queued (for tests and debugging). */
  readonly pending: readonly number[];
}

export function createLofiQueue(lofiIndices: readonly number[], random: Random = Math.random): LofiQueue {
  let queue: number[] = [];
  return {
    next(current, canPlay = () => true) {
      if (lofiIndices.length === 0) return undefined;
      if (lofiIndices.length === 1) return canPlay(lofiIndices[0] as number) ? lofiIndices[0] : undefined;
      // What is left of this round, then one fresh round: together every other song is tried once.
      for (let round = 0; round < 2; round++) {
        while (queue.length > 0) {
          const candidate = queue.shift() as number;
          if (candidate !== current && canPlay(candidate)) return candidate;
        }
        queue = shuffle(lofiIndices.filter((index) => index !== current), random);
      }
      return undefined;
    },
    get pending() {
      return queue;
    },
  };
}

export interface LofiRadioOptions {
  store?: PlayerState;
  offline?: OfflineState;
  random?: Random;
}

export interface LofiRadio {
  /** The radio song `current` ended: play the next one that can play, or stop and say why. */
  playAfter(current: number): void;
  dispose(): void;
}

/**
 * The radio over the player store: after a song ends, and when a song it picked fails to load,
 * it goes on with the next song that can play (SPEC 4; issue #14 point 3).
 */
export function createLofiRadio(options: LofiRadioOptions = {}): LofiRadio {
  const store = options.store ?? playerStore;
  const offline = options.offline ?? offlineStore;
  const queue = createLofiQueue(
    playableSoundscapes(store).filter((sound) => sound.kind === 'lofi').map((sound) => sound.index),
    options.random,
  );

  const playAfter = (current: number) => {
    const next = queue.next(current, (index) => canPlaySound(index, store, offline));
    if (next !== undefined) {
      playLofiNext(next, store);
      return;
    }
    reportPaused(store);
    showNothingElseToPlay(true, offline);
  };

  let seenErrors = store.loadErrors;
  const unsubscribeErrors = subscribe(store, () => {
    if (store.loadErrors === seenErrors) return;
    seenErrors = store.loadErrors;
    if (store.reachedBy === 'radio' && store.currentIndex !== null) playAfter(store.currentIndex);
  });

  return {
    playAfter,
    dispose() {
      unsubscribeErrors();
    },
  };
}
