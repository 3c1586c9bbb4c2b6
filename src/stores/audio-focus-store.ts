import { proxy } from 'valtio/vanilla';

/**
 * Which engine owns the speakers: a catalogue track (with its noise bed, if any), a listener's own sound as the
 * track (issue 41), or a noise on its own. Each engine claims focus when it starts and stops itself when focus moves
 * away; 'none' asks every engine to stop (the sleep timer uses it). Levels are not here: they are gains in the graph.
 */
export type AudioOwner = 'none' | 'player' | 'own' | 'noise';

export interface AudioFocusState {
  owner: AudioOwner;
}

export function createAudioFocusStore(): AudioFocusState {
  return proxy<AudioFocusState>({ owner: 'none' });
}

export const audioFocus = createAudioFocusStore();

export function claimAudioFocus(owner: Exclude<AudioOwner, 'none'>, store: AudioFocusState = audioFocus): void {
  store.owner = owner;
}

/** Release only if still the owner, so a late stop never silences the new owner. */
export function releaseAudioFocus(owner: Exclude<AudioOwner, 'none'>, store: AudioFocusState = audioFocus): void {
  if (store.owner === owner) store.owner = 'none';
}

export function stopAllAudio(store: AudioFocusState = audioFocus): void {
  store.owner = 'none';
}
