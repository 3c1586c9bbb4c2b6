import { proxy } from 'valtio/vanilla';

/**
 * A sound on offer before any tap: a mix link's card names its track (features/mix/shared-mix-prompt.tsx), and
 * the player engine reads its stream and decodes its first window while the card shows (engine/player/press-prefetch.ts).
 */
export interface OfferState {
  /** The offered track's catalogue index, or null. */
  index: number | null;
}

export const createOfferStore = (): OfferState => proxy<OfferState>({ index: null });

export const offerStore = createOfferStore();

/** The card shows (`index`) or went (null). */
export function offerSound(index: number | null, store: OfferState = offerStore): void {
  store.index = index;
}
