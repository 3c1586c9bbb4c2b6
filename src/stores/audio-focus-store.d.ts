/**
 * Which engine owns the speakers. A noise and a catalogue track never play together:
 * each engine claims focus when it starts and stops itself when focus moves away.
 * 'none' asks every engine to stop (the sleep timer uses it).
 */
export type AudioOwner = 'none' | 'player' | 'noise';
export interface AudioFocusState {
    owner: AudioOwner;
}
export declare function createAudioFocusStore(): AudioFocusState;
export declare const audioFocus: AudioFocusState;
export declare function claimAudioFocus(owner: Exclude<AudioOwner, 'none'>, store?: AudioFocusState): void;
/** Release only if still the owner, so a late stop never silences the new owner. */
export declare function releaseAudioFocus(owner: Exclude<AudioOwner, 'none'>, store?: AudioFocusState): void;
export declare function stopAllAudio(store?: AudioFocusState): void;
