/**
 * Lock-screen and notification controls (SPEC 4), one module for whatever plays: a catalogue
 * track (with previous and next) or a noise on its own (play and pause only). The handlers call the
 * same actions as the app's buttons, so media keys behave exactly like them.
 */
export interface SessionHandlers {
  play(): void;
  pause(): void;
  next?: () => void;
  previous?: () => void;
}

export interface SessionItem {
  title: string;
  artist: string;
  artwork: string;
}

const session = (): MediaSession | undefined =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined;

function setHandler(mediaSession: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
  try {
    mediaSession.setActionHandler(action, handler);
  } catch {
    // Browsers that do not know an action throw; the others still work.
  }
}

/** Set again on every 'playing': WebKit clears metadata when playback starts. */
export function showInMediaSession(item: SessionItem, handlers: SessionHandlers): void {
  const mediaSession = session();
  if (!mediaSession) return;
  if (typeof MediaMetadata !== 'undefined') {
    mediaSession.metadata = new MediaMetadata({ title: item.title, artist: item.artist, artwork: [{ src: item.artwork, sizes: '512x512', type: 'image/png' }] });
  }
  setHandler(mediaSession, 'play', () => handlers.play());
  setHandler(mediaSession, 'pause', () => handlers.pause());
  setHandler(mediaSession, 'stop', () => handlers.pause());
  setHandler(mediaSession, 'nexttrack', handlers.next ? () => handlers.next?.() : null);
  setHandler(mediaSession, 'previoustrack', handlers.previous ? () => handlers.previous?.() : null);
}

export function setSessionPlaybackState(state: MediaSessionPlaybackState): void {
  const mediaSession = session();
  if (mediaSession) mediaSession.playbackState = state;
}
