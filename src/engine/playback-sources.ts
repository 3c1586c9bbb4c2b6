import type { Soundscape } from '../catalogue/catalogue';

/** What to put in audio.src, and where it came from. */
export interface PlaybackSource {
  readonly src: string;
  readonly fromCache: boolean;
  /** The cached copy's bytes (fromCache only): decoded for a seamless loop without fetching a blob: URL, which the CSP's connect-src does not allow. */
  readonly blob?: Blob;
  /** The same copy's bytes as the cache read them (fromCache only): a loop track decodes these without reading the blob back. */
  readonly bytes?: ArrayBuffer;
}

/**
 * What the player engine needs to choose a track's source (SPEC 4, playback source order). The
 * offline feature provides it (features/offline/offline-service.ts) and startApp() hands it in:
 * the engine declares it here and never imports the feature or the cache worker.
 */
export interface PlaybackSourceService {
  /**
   * `url` is the file to play (the reversed file on the reversed host); `isCurrent` says whether the
   * engine still wants this start when the answer comes (an overtaken one creates and shows nothing).
   */
  resolvePlaybackSource(sound: Soundscape, url: string, isCurrent?: () => boolean): Promise<PlaybackSource>;
  /**
   * Called once a streamed (not cached) track starts playing, so it can be saved for offline use;
   * `bytes`, when given, is the file as the engine reads it (saved instead of fetching it again).
   */
  onStreamStarted(sound: Soundscape, url: string, bytes?: Promise<ArrayBuffer> | null): void;
  /** After a load error: the next thing to try (the saved copy, or the stream after a failed copy), or null. */
  recoverFromLoadError(sound: Soundscape, url: string, isCurrent?: () => boolean): Promise<PlaybackSource | null>;
  /** A soundscape's saved bytes for a layer of the mix (the copy of `url`; offline, any copy), else null: then it streams. */
  readSavedFile?(sound: Soundscape, url: string): Promise<ArrayBuffer | null>;
}

/** No offline cache: every track streams (unit tests, and an app started without one). */
export const networkOnlySources: PlaybackSourceService = {
  resolvePlaybackSource: (_sound, url) => Promise.resolve({ src: url, fromCache: false }),
  onStreamStarted: () => undefined,
  recoverFromLoadError: () => Promise.resolve(null),
};
