/**
 * The engine follows the listener's iOS audio session (audio-session-store.ts; issue 40): set at
 * start, before anything plays (a type takes effect when audio starts), and at once when it
 * changes, playing or not. Loaded by start-app.ts only where `navigator.audioSession` exists
 * (iOS 16.4+), and by Settings, so other browsers' first load never carries it.
 */
import { subscribe } from 'valtio/vanilla';
import { audioSessionStore, startAudioSessionStore, type AudioSessionState } from '../stores/audio-session-store';
import { audioSession } from './web-audio';

/** Whether this browser lets the listener choose (Settings shows the choice only then). */
export const hasAudioSession = (): boolean => audioSession() !== undefined;

/**
 * 'playback' keeps Web Audio playing with the ringer switch on silent and the screen locked, and
 * pauses other apps' audio; 'ambient' mixes with them. Without the API this does nothing.
 */
export function applyAudioSessionType(type: string): void {
  const session = audioSession();
  if (!session || session.type === type) return;
  try {
    session.type = type;
  } catch {
    // An older implementation that rejects the type: the session it had still plays.
  }
}

/** Applies the choice now and whenever it changes. Returns the stop. */
export function followAudioSession(session: AudioSessionState = audioSessionStore): () => void {
  applyAudioSessionType(session.type);
  return subscribe(session, () => applyAudioSessionType(session.type));
}

/** Once, from startApp(): the saved choice, then following it. Returns the stop. */
export function startAudioSession(session: AudioSessionState = audioSessionStore): () => void {
  const stopStore = startAudioSessionStore(session);
  const stopFollowing = followAudioSession(session);
  return () => {
    stopFollowing();
    stopStore();
  };
}
