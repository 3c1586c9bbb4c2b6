import type { Soundscape } from '../catalogue/catalogue';

/**
 * The seam between the player engine and the offline cache (SPEC 4, playback source order).
 * The player engine asks here which src to play, tells when a stream started, and asks for a
 * fallback after a load error. This default is network-only; the offline work replaces the
 * bodies with the IndexedDB cache (through the comlink worker), keeping these signatures.
 */
export interface PlaybackSource {
  /** What to put in audio.src. */
  readonly src: string;
  readonly fromCache: boolean;
}

/** `url` is the file to play (the reversed file on the reversed host). */
export async function resolvePlaybackSource(_sound: Soundscape, url: string): Promise<PlaybackSource> {
  return { src: url, fromCache: false };
}

/** Called once a streamed (not cached) track starts playing, so it can be saved for offline use. */
export function onStreamStarted(_sound: Soundscape, _url: string): void {}

/** After a load error: a cached copy to try, or null. */
export async function recoverFromLoadError(_sound: Soundscape, _url: string): Promise<PlaybackSource | null> {
  return null;
}
