/**
 * Lock-screen and notification controls while a noise plays. Only called while noise owns audio
 * focus: the player sets its own session while a catalogue track plays.
 */
import { PRODUCT, routeTitles } from '../../lib/strings';
import type { NoiseColour } from '../../stores/noise-store';

const titles: Record<NoiseColour, string> = {
  white: routeTitles['/white-noise'],
  pink: routeTitles['/pink-noise'],
  brown: routeTitles['/brown-noise'],
};

const session = (): MediaSession | undefined =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined;

function setHandler(mediaSession: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
  try {
    mediaSession.setActionHandler(action, handler);
  } catch {
    // Browsers that do not know an action throw; the others still work.
  }
}

export interface NoiseSessionHandlers {
  play(): void;
  pause(): void;
}

/** Shows `colour` with play and pause; noise has no previous or next, so those are cleared. */
export function showNoiseInMediaSession(colour: NoiseColour, handlers: NoiseSessionHandlers): void {
  const mediaSession = session();
  if (!mediaSession) return;
  if (typeof MediaMetadata !== 'undefined') {
    mediaSession.metadata = new MediaMetadata({
      title: titles[colour],
      artist: PRODUCT,
      artwork: [{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }],
    });
  }
  setHandler(mediaSession, 'play', () => handlers.play());
  setHandler(mediaSession, 'pause', () => handlers.pause());
  setHandler(mediaSession, 'stop', () => handlers.pause());
  setHandler(mediaSession, 'nexttrack', null);
  setHandler(mediaSession, 'previoustrack', null);
}

export function setNoisePlaybackState(state: MediaSessionPlaybackState): void {
  const mediaSession = session();
  if (mediaSession) mediaSession.playbackState = state;
}

/** After leaving a noise page: nothing of the noise stays on the lock screen. */
export function clearNoiseMediaSession(): void {
  const mediaSession = session();
  if (!mediaSession) return;
  mediaSession.metadata = null;
  mediaSession.playbackState = 'none';
  for (const action of ['play', 'pause', 'stop'] as const) setHandler(mediaSession, action, null);
}
