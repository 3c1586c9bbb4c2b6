import { proxy } from 'valtio/vanilla';

/**
 * A listener's own sound as the track (issue 41): which one, whether it plays, and why it stopped when the listener
 * did not stop it. The engine (engine/own-sound/own-track.ts) plays it and writes here; the player bar shows it, the
 * mix panel and the layer engine put layers under it, the last mix keeps it. It stays, paused, after a Pause (the bar
 * offers Play), and goes when a catalogue track or a noise on its own takes its place, or when it is deleted.
 */
export interface OwnTrackState {
  id: string | null;
  name: string;
  emoji: string;
  playing: boolean;
  stoppedReason: string | null;
}

export const ownTrack = proxy<OwnTrackState>({ id: null, name: '', emoji: '', playing: false, stoppedReason: null });

/** Layers go under it while it plays, as under a catalogue track. */
export const ownTrackPlaying = (state: Readonly<OwnTrackState> = ownTrack): boolean => state.id !== null && state.playing;
