/** What the track's way out (track-output.ts) offers the player. */
import type { AudioBus, BusNodes } from '../audio-bus';
import type { LoopTrack, TrackMedia } from './loop-track';
import type { TrackSource } from './track-media';
import type { StreamedFile } from '../soundscape/streamed-file';
import type { HeardElsewhere } from '../soundscape/track-voices';

export type ElementListeners = readonly [keyof HTMLMediaElementEventMap, () => void][];

export interface TrackOutput {
  /** The element songs play on (and soundscapes, where they cannot be windowed). */
  readonly element: HTMLAudioElement;
  /** What the track plays on now: the element, or the loop track of a soundscape. */
  readonly media: TrackMedia;
  /** The soundscapes' loop track (tests and the bench read it). */
  readonly loopTrack: LoopTrack;
  /** The track holds a file (a press does not prefetch over it). */
  holdsSource(): boolean;
  /** Inside the tap (or its microtasks): resumes the graph and routes the element into it. */
  open(): void;
  /**
   * Inside the tap, before the new source is known (a saved copy comes from a worker): iOS lets an
   * element play later only if play() was called on it in a gesture, so a never-played one is started
   * here, emptied; the source is swapped in and played after (issue 14, point 13).
   */
  unlock(): void;
  /**
   * A press on a sound when the element holds nothing: its stream starts loading now, and the tap's
   * setSource with the same URL keeps that load instead of starting another (press-prefetch.ts). `warm`
   * (a soundscape offered by a mix link's card) also opens the file and decodes its first window.
   * False when nothing started: a source is held, or this URL is already being read.
   */
  prefetch(url: string, loops?: boolean, warm?: boolean): boolean;
  /** The press (or the offer) did not become a tap on that sound: the load stops and the element is empty again. */
  cancelPrefetch(): void;
  /** The catalogue volume, ramped (or element.volume × the bus level in the fallback). */
  setLevel(volume: number): void;
  /** A new file: `src` plays (a stream URL or the saved copy's object URL); `url` names the catalogue file. */
  setSource(source: TrackSource & { loops: boolean }): void;
  /** The track started, paused or was seeked: its level follows. */
  follow(): void;
  /** The current loop's file as read for decoding (null for songs or without Web Audio): what the offline save stores. */
  fileBytes(): Promise<ArrayBuffer> | null;
  dispose(): void;
}


/** The first tap's soundscape voice (src/engine/first-tap.ts), and the file's read it started (none for a saved copy). */
export interface FirstTapSound {
  readonly voice: HeardElsewhere;
  readonly file?: StreamedFile;
}

export interface TrackOutputOptions {
  bus?: AudioBus;
  parent: HTMLElement;
  listeners: ElementListeners;
  element?: HTMLAudioElement;
  /** Plays the element again after the clock watchdog reloaded it (the player's play()). */
  replay?(): void;
  /** The element's clock stayed stopped after the clock watchdog's reloads: it paused the element, the player says why. */
  onStalled?(): void;
  /** What the first tap's script started before the app (src/engine/first-tap.ts), for the track to take over. */
  firstTap?: FirstTapTakeover;
}

export interface FirstTapTakeover {
  /** The voice (and read) the script started for this source's soundscape file, if any: the loop track takes it over. */
  sound(source: TrackSource): FirstTapSound | null;
  /** The element's source node the script made on `ctx` for a song (an element takes one for life); its song fades into `into`. */
  elementSource(ctx: BaseAudioContext, into: GainNode): MediaElementAudioSourceNode | null;
  /** The song's file the script plays on the element now (its src may be a MediaSource's URL), or null. */
  song(): string | null;
}

/** The element's place in the current graph: its context's bus and the track gain (the catalogue volume). */
export interface Route {
  readonly nodes: BusNodes;
  readonly trackGain: GainNode;
}
