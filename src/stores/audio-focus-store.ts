import { proxy } from 'valtio/vanilla';

/**
 * Which engine owns the speakers, and a shared output gain.
 * A noise and a catalogue track never play together: each engine claims focus when it starts
 * and stops itself when focus moves away. 'none' asks every engine to stop (the sleep timer uses it).
 * `fadeGain` (0..1) multiplies every engine's output: the sleep timer fades it, then restores 1.
 */
export type AudioOwner = 'none' | 'player' | 'noise';

export interface AudioFocusState {
  owner: AudioOwner;
  fadeGain: number;
}

export function createAudioFocusStore(): AudioFocusState {
  return proxy<AudioFocusState>({ owner: 'none', fadeGain: 1 });
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

export function setFadeGain(gain: number, store: AudioFocusState = audioFocus): void {
  store.fadeGain = Math.min(1, Math.max(0, gain));
}
