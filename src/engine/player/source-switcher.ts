/**
 * Which file the track element plays, and what happens when it fails (SPEC 4, playback source order).
 * A new start resolves its source (the saved copy or the stream) while the element still holds the
 * previous track; a load error asks the offline service for the next thing to try. Only the latest
 * start touches the element: an older request that answers late is dropped, and the service is told
 * (`isCurrent`) so it creates, revokes and shows nothing for it (issue 14, point 8).
 */
import { soundscapes, type Soundscape } from '../../catalogue/catalogue';
import { reportError } from '../../lib/error-reporting';
import { playbackUrl, reportLoadError, resumePlayback, type PlayerState } from '../../stores/player-store';
import type { PlaybackSource, PlaybackSourceService } from '../playback-sources';
import type { TrackOutput } from './track-output';

/**
 * The copy after a failed stream, the same copy once more under a new URL (WebKit), then the stream
 * after a failed copy: a start never needs more.
 */
export const MAX_RECOVERIES = 3;

export interface SourceSwitcherDeps {
  store: PlayerState;
  output: TrackOutput;
  sources: PlaybackSourceService;
  /** Starts the element (inside the tap when there is one). */
  play(): void;
  /** A new track is being resolved: the old session ends now, and the lock screen shows the new one. */
  onSwitch(next: Soundscape): void;
}

export interface SourceSwitcher {
  /** The store's sourceVersion the element is (being) loaded for. */
  readonly version: number;
  /** True while a source is resolved: the element still holds the previous track. */
  readonly switching: boolean;
  /** The sound the element holds, once a switch has landed. */
  readonly sound: Soundscape | undefined;
  /** Loads the store's current track for `version` (a new start, or a retry after an error). */
  switchTo(version: number): void;
  /** The element failed to load or play its source. */
  recover(): void;
  /** The element started playing: a streamed track is offered to the offline cache once. */
  started(): void;
}

export function createSourceSwitcher(deps: SourceSwitcherDeps): SourceSwitcher {
  const { store, output, sources } = deps;
  let version = 0;
  let switching = false;
  let sound: Soundscape | undefined;
  let url = '';
  let fromCache = false;
  let streamReported = false;
  let recoveries = 0;

  const isCurrent = (wanted: number) => () => wanted === store.sourceVersion;

  const load = (source: PlaybackSource, forSound: Soundscape) => {
    fromCache = source.fromCache;
    output.setSource({ src: source.src, url, loops: forSound.kind !== 'lofi', blob: source.blob, bytes: source.bytes });
  };

  async function switchTo(wanted: number): Promise<void> {
    version = wanted;
    const next = store.currentIndex === null ? undefined : soundscapes[store.currentIndex];
    if (!next) return;
    switching = true;
    deps.onSwitch(next);
    const nextUrl = playbackUrl(next, store);
    let source: PlaybackSource;
    try {
      source = await sources.resolvePlaybackSource(next, nextUrl, isCurrent(wanted));
    } catch (error) {
      reportError(error, 'Lull: could not resolve the playback source:');
      source = { src: nextUrl, fromCache: false };
    }
    if (wanted !== store.sourceVersion) return;
    switching = false;
    sound = next;
    url = nextUrl;
    streamReported = false;
    recoveries = 0;
    load(source, next);
    if (store.intent === 'play') deps.play();
    else output.media.load();
  }

  async function recover(): Promise<void> {
    const wanted = version;
    const failed = sound;
    // Read before the element's own 'pause' after the error flips the intent.
    const wantedPlay = store.intent === 'play';
    if (!failed || recoveries >= MAX_RECOVERIES) {
      reportLoadError(store);
      return;
    }
    recoveries++;
    let fallback: PlaybackSource | null = null;
    try {
      fallback = await sources.recoverFromLoadError(failed, url, isCurrent(wanted));
    } catch (error) {
      reportError(error, 'Lull: cache recovery failed:');
    }
    if (wanted !== store.sourceVersion) return;
    if (!fallback) {
      reportLoadError(store);
      return;
    }
    load(fallback, failed);
    if (wantedPlay || store.intent === 'play') {
      resumePlayback(store);
      deps.play();
    } else output.media.load();
  }

  return {
    get version() {
      return version;
    },
    get switching() {
      return switching;
    },
    get sound() {
      return sound;
    },
    switchTo(wanted) {
      void switchTo(wanted);
    },
    recover() {
      void recover();
    },
    started() {
      if (!sound || fromCache || streamReported) return;
      streamReported = true;
      // A loop's file is read once, for its decoding, and those bytes are what is saved (one download).
      sources.onStreamStarted(sound, url, output.fileBytes());
    },
  };
}
