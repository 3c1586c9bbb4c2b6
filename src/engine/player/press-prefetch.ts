/**
 * A phone's first sound: a finger rests 50–150 ms on a card before its click, and on slow 4G the
 * stream's first bytes are most of the wait. A press on a sound card when the player holds nothing
 * starts that stream on the player's element; the tap then plays the same load (no second
 * download). Only a stream known to be unsaved and playable now: a saved sound comes from the
 * cache, and a press that turns into a scroll (pointercancel) or ends elsewhere stops the load.
 * A mix link's card offers its track (offer-store.ts) for as long as it shows: that soundscape's
 * stream is read and its first window decoded before the tap (not with Save-Data on).
 */
import { subscribeKey } from 'valtio/vanilla/utils';
import { soundscapes, type Soundscape } from '../../catalogue/catalogue';
import { offerStore, type OfferState } from '../../stores/offer-store';
import { isSoundAvailable, type OfflineState } from '../../stores/offline-store';
import { playbackUrl, type PlayerState } from '../../stores/player-store';
import type { TrackOutput } from './track-output';
import { firstTapTakes } from '../first-tap';

/** The sound grid's cards carry their catalogue index (features/player/sound-grid.tsx), and so does 'Play this mix' for its track. */
const SOUND_CARD = '[data-sound-index]';

const cardAt = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>(SOUND_CARD) : null);

/** The listener asked the browser to spare their data (Chromium's Save-Data): nothing is read before a tap. */
const savesData = () => typeof navigator !== 'undefined' && (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

export interface PrefetchDeps {
  target: Window;
  output: TrackOutput;
  store: PlayerState;
  offline: OfflineState;
  offer?: OfferState;
}

export function prefetchOnPress(deps: PrefetchDeps): () => void {
  const { target, output, store, offline } = deps;
  const offer = deps.offer ?? offerStore;
  let pressed: HTMLElement | null = null;
  /** The offered sound being read ahead, or null. */
  let offered: Soundscape | null = null;

  /** Known to stream (the saved list is read and holds no copy) and playable now, with nothing playing. */
  const streamable = (sound: Soundscape | undefined): sound is Soundscape =>
    !!sound && store.intent !== 'play' && !output.holdsSource() && offline.online && offline.cacheListLoaded && offline.cachedUrls[sound.index] === undefined && isSoundAvailable(offline, sound.index);

  const down = (event: PointerEvent) => {
    const card = cardAt(event.target);
    if (!card || event.button !== 0) return;
    const sound = soundscapes[Number(card.dataset.soundIndex)];
    // While the page hydrates the first-paint script takes the tap and reads its file (first-tap.ts): not twice.
    if (!streamable(sound) || card.matches(':disabled') || firstTapTakes(card)) return;
    // False when the offer already reads this sound: the press then has nothing of its own to cancel.
    if (output.prefetch(playbackUrl(sound, store), sound.kind !== 'lofi')) pressed = card;
  };
  const cancel = () => {
    if (pressed) output.cancelPrefetch();
    pressed = null;
  };
  const up = (event: PointerEvent) => {
    // Released on the card, the click follows and its setSource takes the load over.
    if (pressed && cardAt(event.target) !== pressed) cancel();
    pressed = null;
  };

  const followOffer = () => {
    const sound = offer.index === null ? undefined : soundscapes[offer.index];
    if (sound === offered) return;
    // The card went: without a tap its read stops (a tap's setSource has taken it over already).
    if (offered && store.intent !== 'play') output.cancelPrefetch();
    offered = null;
    if (!streamable(sound) || sound.kind === 'lofi' || savesData()) return;
    if (output.prefetch(playbackUrl(sound, store), true, true)) offered = sound;
  };

  target.addEventListener('pointerdown', down, { capture: true, passive: true });
  target.addEventListener('pointerup', up, { capture: true, passive: true });
  target.addEventListener('pointercancel', cancel, { capture: true, passive: true });
  const unsubscribers = [subscribeKey(offer, 'index', followOffer), subscribeKey(offline, 'cacheListLoaded', followOffer), subscribeKey(offline, 'online', followOffer)];
  followOffer();
  return () => {
    target.removeEventListener('pointerdown', down, { capture: true });
    target.removeEventListener('pointerup', up, { capture: true });
    target.removeEventListener('pointercancel', cancel, { capture: true });
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
