/**
 * A phone's first sound: a finger rests 50–150 ms on a card before its click, and on slow 4G the
 * stream's first bytes are most of the wait. A press on a sound card when the player holds nothing
 * starts that stream on the player's element; the tap then plays the same load (no second
 * download). Only a stream known to be unsaved and playable now: a saved sound comes from the
 * cache, and a press that turns into a scroll (pointercancel) or ends elsewhere stops the load.
 */
import { soundscapes } from '../../catalogue/catalogue';
import { isSoundAvailable, type OfflineState } from '../../stores/offline-store';
import { playbackUrl, type PlayerState } from '../../stores/player-store';
import type { TrackOutput } from './track-output';

/** The sound grid's cards carry their catalogue index (features/player/sound-grid.tsx), and so does 'Play this mix' for its track. */
const SOUND_CARD = '[data-sound-index]';

const cardAt = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>(SOUND_CARD) : null);

export function prefetchOnPress(deps: { target: Window; output: TrackOutput; store: PlayerState; offline: OfflineState }): () => void {
  const { target, output, store, offline } = deps;
  let pressed: HTMLElement | null = null;

  const down = (event: PointerEvent) => {
    const card = cardAt(event.target);
    if (!card || event.button !== 0 || store.intent === 'play' || output.holdsSource()) return;
    const sound = soundscapes[Number(card.dataset.soundIndex)];
    const known = offline.online && offline.cacheListLoaded && offline.cachedUrls[sound?.index ?? -1] === undefined;
    if (!sound || !known || !isSoundAvailable(offline, sound.index) || card.matches(':disabled')) return;
    pressed = card;
    output.prefetch(playbackUrl(sound, store), sound.kind !== 'lofi');
  };
  const cancel = () => {
    pressed = null;
    output.cancelPrefetch();
  };
  const up = (event: PointerEvent) => {
    // Released on the card, the click follows and its setSource takes the load over.
    if (pressed && cardAt(event.target) !== pressed) cancel();
    pressed = null;
  };

  target.addEventListener('pointerdown', down, { capture: true, passive: true });
  target.addEventListener('pointerup', up, { capture: true, passive: true });
  target.addEventListener('pointercancel', cancel, { capture: true, passive: true });
  return () => {
    target.removeEventListener('pointerdown', down, { capture: true });
    target.removeEventListener('pointerup', up, { capture: true });
    target.removeEventListener('pointercancel', cancel, { capture: true });
  };
}
