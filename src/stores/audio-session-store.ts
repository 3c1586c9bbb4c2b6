/**
 * Which iOS audio session Lull plays in (issue 40), remembered on this device under
 * 'audioSessionType': 'playback' (the default: plays with the ringer switch on silent and pauses
 * other apps' audio) or 'ambient' (mixes with them; the ringer switch silences it). The engine
 * applies it where `navigator.audioSession` exists (audio-bus.ts); elsewhere it is never shown.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import { reportError } from '../lib/error-reporting';
import { onStorageChange, readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

export type AudioSessionType = 'playback' | 'ambient';

export interface AudioSessionState {
  type: AudioSessionType;
}

export const parseAudioSessionType = (value: unknown): AudioSessionType | undefined => (value === 'playback' || value === 'ambient' ? value : undefined);

/** The saved choice, or 'playback' when nothing usable is stored (lib/storage keeps an unreadable value aside). */
const readAudioSessionType = (): AudioSessionType => readJson(STORAGE_KEYS.audioSessionType, parseAudioSessionType, 'playback');

export const createAudioSessionStore = (): AudioSessionState => proxy<AudioSessionState>({ type: 'playback' });

/** The default until startAudioSessionStore(): importing this module reads and listens to nothing. */
export const audioSessionStore = createAudioSessionStore();

/** Once, from startApp(): the saved choice, then saving changes and following other tabs. Returns the stop. */
export function startAudioSessionStore(state: AudioSessionState = audioSessionStore): () => void {
  let written = (state.type = readAudioSessionType());
  const stopFollowing = onStorageChange(STORAGE_KEYS.audioSessionType, () => {
    written = state.type = readAudioSessionType();
  });
  const unsubscribe = subscribe(state, () => {
    if (state.type === written) return;
    const result = writeJson(STORAGE_KEYS.audioSessionType, state.type);
    if (result.ok) written = state.type;
    else reportError(result.error, 'Could not save the audio session choice:');
  });
  return () => {
    stopFollowing();
    unsubscribe();
  };
}

export function chooseAudioSessionType(type: AudioSessionType, state: AudioSessionState = audioSessionStore): void {
  state.type = type;
}
