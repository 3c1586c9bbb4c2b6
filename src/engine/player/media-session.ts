import type { Soundscape } from '../../catalogue/catalogue';
import { PRODUCT } from '../../lib/strings';
import { pausePlayback, playNext, playPrevious, resumePlayback, type PlayerStatus } from '../../stores/player-store';

/**
 * Lock-screen and notification controls for catalogue tracks (SPEC 4). The handlers call the
 * same actions as the player bar, so media keys behave exactly like it. The player sets the
 * session only while it owns audio focus; the noise engine sets its own while noise plays.
 */
const session = (): MediaSession | undefined =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined;

function setHandler(mediaSession: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler): void {
  try {
    mediaSession.setActionHandler(action, handler);
  } catch {
    // Browsers that do not know an action throw; the others still work.
  }
}

export function installPlayerMediaSession(): void {
  const mediaSession = session();
  if (!mediaSession) return;
  setHandler(mediaSession, 'play', () => resumePlayback());
  setHandler(mediaSession, 'pause', () => pausePlayback());
  setHandler(mediaSession, 'nexttrack', () => playNext());
  setHandler(mediaSession, 'previoustrack', () => playPrevious());
}

/** Set again on every 'playing': WebKit clears metadata when playback starts. */
export function setPlayerMetadata(sound: Soundscape): void {
  const mediaSession = session();
  if (!mediaSession || typeof MediaMetadata === 'undefined') return;
  mediaSession.metadata = new MediaMetadata({
    title: sound.name,
    artist: PRODUCT,
    artwork: [{ src: sound.image, sizes: '512x512', type: 'image/png' }],
  });
}

export function setPlayerPlaybackState(status: PlayerStatus): void {
  const mediaSession = session();
  if (!mediaSession) return;
  mediaSession.playbackState = status === 'playing' || status === 'loading' ? 'playing' : status === 'paused' ? 'paused' : 'none';
}
