/**
 * What the player reads of its track, whether an element plays it (songs) or a loop track (soundscapes,
 * loop-track.ts); what a loop track is given, how it opens its file, and how it tells a file it cannot window from
 * a read that failed.
 */
import { loadLoopWindows, type LoopWindows } from '../soundscape/load-loop-windows';
import { blobFile, bytesFile, streamFile, type FetchFile, type StreamedFile } from '../soundscape/streamed-file';
import type { StreamedMp3 } from '../soundscape/streamed-mp3';
import type { Predecoded } from '../soundscape/loop-voice-types';

/** What the player reads of its track: an HTMLMediaElement has all of it. */
export interface TrackMedia extends EventTarget {
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: { readonly code: number } | null;
  currentTime: number;
  readonly duration: number;
  readonly src: string;
  readonly loop: boolean;
  readonly dataset: DOMStringMap;
  play(): Promise<void>;
  pause(): void;
  load(): void;
}

/** MediaError codes, as an element reports a read that failed and a file it cannot decode. */
export const MEDIA_ERR_NETWORK = 2;
export const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

/** A context without decodeAudioData or buffer sources cannot play windows. */
export class DecoderMissing extends Error {
  override name = 'DecoderMissing';
}

/** An error's name (a DOMException is not an Error everywhere). */
const nameOf = (error: unknown) => (typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '');

export const isAbort = (error: unknown) => nameOf(error) === 'AbortError';

/** The engine cannot window here: no decoder, its code did not load, or a decoder that returns other lengths. */
const ENGINE_LIMIT = /^(DecoderMissing|LoopWindowsUnavailable|WindowDecodeError)$/;
/** The bytes are not a tagged MP3 (a broken saved copy): what an element says of a file it cannot play. */
const BAD_FILE = /^(Mp3LayoutError|EncodingError)$/;

/**
 * What a loop track's failure is: 'element' (the element plays the file instead: an engine limit, or a window that
 * fails after the first ones played), or the MediaError code the player recovers from (a bad file, a failed read).
 */
export function failureOf(error: unknown, heard: boolean): 'element' | number {
  const name = nameOf(error);
  if (ENGINE_LIMIT.test(name) || (heard && BAD_FILE.test(name))) return 'element';
  return BAD_FILE.test(name) ? MEDIA_ERR_SRC_NOT_SUPPORTED : MEDIA_ERR_NETWORK;
}

/** A failure the app expects on some devices (a warning, not an error report): no decoder, or its code offline. */
export const expectedLimit = (error: unknown) => /^(DecoderMissing|LoopWindowsUnavailable)$/.test(nameOf(error));

/** A loop track's file: its stream URL, or the saved copy (its bytes as the cache read them, or its blob). */
export interface TrackSource {
  readonly src: string;
  readonly url: string;
  readonly blob?: Blob;
  readonly bytes?: ArrayBuffer;
}

export interface LoopTrackDeps {
  /** Reads a stream URL (or the saved copy) once. */
  openFile?: (source: TrackSource) => StreamedFile;
  loadWindows?: () => Promise<LoopWindows>;
  /** The file cannot be windowed here (no decoder, no gapless tag, a first window that does not decode): the element plays it. */
  onUnplayable(error: unknown, track: { src: string; url: string; at: number; playing: boolean }): void;
  windowSeconds?: number;
  streamWindowSeconds?: number;
  /** Sound each voice keeps scheduled ahead (loop-voice.ts's MIN_AHEAD_S unless given). */
  aheadSeconds?: number;
  /** A start from silence plays in order first, even a whole file (its first window decodes sooner); true unless false. */
  startInOrder?: boolean;
}

export interface Opened {
  readonly windows: LoopWindows;
  readonly mp3: StreamedMp3;
}

/** The saved copy's bytes when the cache gave them (a blob's read is a round trip: 45-55 ms at 4x CPU, measured), else its blob, else the stream. */
export const openSource = ({ src, blob, bytes }: TrackSource, fetchFile?: FetchFile) => (bytes ? bytesFile(bytes) : blob ? blobFile(blob) : streamFile(src, fetchFile));

/** The decoder's code and the file's layout (its first bytes): what a loop track needs before its first window. */
export async function openLoopFile(file: StreamedFile, loadWindows: () => Promise<LoopWindows> = loadLoopWindows): Promise<Opened> {
  const windows = await loadWindows();
  return { windows, mp3: await windows.openStreamedMp3(file) };
}

/**
 * A track's start made ahead of its tap (a mix link's card names its track: press-prefetch.ts): the file opened and
 * its first in-order window decoded, so the tap's first sound waits for neither. A failure here is the tap's to meet.
 */
export interface WarmStart {
  readonly opened: Promise<Opened>;
  readonly first: Promise<Predecoded | null>;
}

export function warmStart(file: StreamedFile, windowSeconds: number, loadWindows: () => Promise<LoopWindows> = loadLoopWindows): WarmStart {
  const opened = openLoopFile(file, loadWindows);
  const first = opened.then((o) => o.windows.predecodeFirst(o.mp3, windowSeconds));
  // Unheard until a tap adopts it (a dismissed card aborts the read): no unhandled rejection meanwhile.
  opened.catch(() => undefined);
  first.catch(() => undefined);
  return { opened, first };
}
