import { proxy } from 'valtio/vanilla';

/**
 * A listener's own sound as the track (issue 41): which one, and whether it plays. The own-sounds feature writes it
 * and plays the sound; the player bar shows it, the mix panel and the layer engine put layers under it. It stays,
 * paused, after a Pause (the bar offers Play), and goes when a catalogue track takes its place or it is deleted.
 */
export interface OwnTrackState {
  id: string | null;
  name: string;
  emoji: string;
  playing: boolean;
}

export const ownTrack = proxy<OwnTrackState>({ id: null, name: '', emoji: '', playing: false });

/** Play or pause it, from the tap itself (the feature registers this when its module loads: a store cannot import it). */
let toggle: (() => void) | undefined;

export function registerOwnTrackToggle(action: () => void): void {
  toggle = action;
}

/** The bar's Play/Pause and Space for an own track. */
export const toggleOwnTrack = (): void => toggle?.();

/** Layers go under it while it plays, as under a catalogue track. */
export const ownTrackPlaying = (state: Readonly<OwnTrackState> = ownTrack): boolean => state.id !== null && state.playing;
