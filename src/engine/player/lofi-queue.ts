/**
 * The lofi radio's shuffled queue (SPEC 4): when a lofi track ends the next one comes from a
 * shuffled queue; when the queue runs out it is reshuffled without the track that just ended.
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
  /** The lofi track to play after `current` ends. */
  next(current: number | null): number | undefined;
  /** What is still queued (for tests and debugging). */
  readonly pending: readonly number[];
}

export function createLofiQueue(lofiIndices: readonly number[], random: Random = Math.random): LofiQueue {
  let queue: number[] = [];
  return {
    next(current) {
      if (lofiIndices.length === 0) return undefined;
      if (lofiIndices.length === 1) return lofiIndices[0];
      while (queue.length > 0) {
        const candidate = queue.shift() as number;
        if (candidate !== current) return candidate;
      }
      queue = shuffle(lofiIndices.filter((index) => index !== current), random);
      return queue.shift();
    },
    get pending() {
      return queue;
    },
  };
}
