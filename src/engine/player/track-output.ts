/**
 * The track's way out (SPEC 1: one track at a time). A song plays on the shared <audio id="lull-player">, created
 * outside the React tree so navigation never interrupts it: element → MediaElementSource → element gain → track
 * gain (the catalogue volume) → the bus. A soundscape plays as a loop track (loop-track.ts: its file read once,
 * decoded windows on the audio clock, no element beside it) on the same track gain. `media` is whichever of the two
 * the track is now; the player listens to both and hears only it. Without Web Audio, or for a file that cannot be
 * windowed, the element plays the soundscape too, and without Web Audio its level is element.volume (not on iOS).
 */
import { reportError } from '../../lib/error-reporting';
import type { BusNodes } from '../audio-bus';
import { ramp } from '../level-ramp';
import { audioContextClass } from '../web-audio';
import { createTrackElements } from './track-element';
import { LoopTrack, type TrackMedia } from './loop-track';
import { loadLoopWindows } from '../soundscape/load-loop-windows';
import { expectedLimit, type WarmStart } from './track-media';
import { streamFile, type StreamedFile } from '../soundscape/streamed-file';
import type { Route, TrackOutput, TrackOutputOptions } from './track-output-types';

export type { ElementListeners, TrackOutput, TrackOutputOptions } from './track-output-types';

export { PLAYER_AUDIO_ID } from './track-element';

export function createTrackOutput(options: TrackOutputOptions): TrackOutput {
  const { bus, parent } = options;
  /** What the track plays on now (assigned below, once both exist). */
  let media: TrackMedia;
  const elements = createTrackElements({ parent, listeners: options.listeners, heard: (e) => media === e, replay: options.replay, onStalled: options.onStalled });
  let element = elements.create(options.element);
  /** The file the first tap's script left the element playing (a song), until the player's first source, and the element's src for it. */
  let songOfFirstTap = options.firstTap?.song() ?? null;
  const firstTapSrc = songOfFirstTap && element.getAttribute('src');
  let route: Route | null = null;
  /** No Web Audio (or the element could not be routed): levels fall back to element.volume. */
  let elementLevels = !bus;
  let volume = 1;
  /** Stream URLs whose file could not be windowed here: the element plays them (until the page reloads). */
  const elementOnly = new Set<string>();
  /** Soundscapes play as loop tracks where Web Audio can play them. */
  const windowed = (url: string) => !!bus && !elementLevels && !elementOnly.has(url) && audioContextClass() !== undefined;

  const loopTrack = new LoopTrack({
    onUnplayable(error, { src, url, at, playing }) {
      if (expectedLimit(error)) console.warn('Lull: the soundscape plays on the element here:', String(error));
      else reportError(error, 'Lull: the soundscape cannot be windowed here, the element plays it:');
      elementOnly.add(url);
      if (media !== loopTrack) return;
      media = element;
      playOnElement({ src, url, loops: true }, at);
      if (playing) options.replay?.();
      else element.load();
    },
  });
  for (const [type, listener] of options.listeners) loopTrack.addEventListener(type, () => media === loopTrack && listener());
  media = element;
  // The decoder's code loads at the first press or key (as the tap's file is read), not with the page (the first load's byte budget).
  if (typeof window !== 'undefined' && bus) for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, () => void loadLoopWindows().catch(() => undefined), { once: true, capture: true });

  /** The stream a press started reading, until a setSource takes it over or the press is cancelled. */
  let prefetched: { url: string; file?: StreamedFile; warm?: WarmStart } | undefined;
  let prefetchPlayed = false;
  const notePrefetchPlayed = () => { prefetchPlayed = true; };
  const holdsPrefetch = () => prefetched !== undefined && (prefetched.file ? true : element.getAttribute('src') === prefetched.url && !element.error);

  const applyLevel = () => {
    // Silent while paused: WebKit's MediaElementSource plays on for ~1 s of what it buffered (-26 dBFS, measured).
    if (route) ramp(route.trackGain.gain, route.nodes.ctx, media.paused ? 0 : volume);
    // Before the first play nothing is routed yet: the level is applied when it is.
    else if (elementLevels) {
      const level = volume * (bus?.level() ?? 1);
      element.volume = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
    }
  };

  /** A fresh element for a replaced context (an element takes one MediaElementSource for life), at the same place of the same file. */
  const replaceElement = () => {
    const old = element;
    element = elements.create();
    elements.forget(old);
    if (media === old) media = element;
    element.loop = old.loop;
    if (old.dataset.url) element.dataset.url = old.dataset.url;
    if (old.hasAttribute('src')) {
      // A MediaSource plays on one element: the first tap's song is read again from its file.
      element.src = old.getAttribute('src') === firstTapSrc ? (old.dataset.url ?? old.src) : old.src;
      element.currentTime = old.currentTime;
    }
    old.pause();
    old.remove();
  };

  /** The element holds nothing (a soundscape plays as the loop track): its download stops. */
  const emptyElement = () => {
    if (!element.hasAttribute('src')) return;
    element.removeAttribute('src');
    element.load();
  };
  const cancelPrefetch = () => {
    if (!holdsPrefetch()) return;
    prefetched?.file?.abort();
    prefetched = undefined;
    emptyElement();
  };

  /** The element plays `source` (a song; a soundscape without windows) from `at` seconds. */
  const playOnElement = (source: { src: string; url: string; loops: boolean }, at = 0) => {
    element.loop = source.loops;
    // Which file plays, even when src is a blob URL of the cached copy.
    element.dataset.url = source.url;
    // The first tap's script plays this file on this element already (a song, first-tap.ts), or the press started its
    // load: assigning it again would start it again, or a second download.
    const firstSong = songOfFirstTap === source.src && element.getAttribute('src') === firstTapSrc && !element.error;
    songOfFirstTap = null;
    if (firstSong || (holdsPrefetch() && !prefetched?.file && source.src === prefetched?.url)) {
      // Its 'playing' came before the player knew the track, which then ignored it: once more, now that it does.
      if ((firstSong ? element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA : prefetchPlayed) && !element.paused) element.dispatchEvent(new Event('playing'));
    } else element.src = source.src;
    if (at > 0) element.currentTime = at;
  };

  const connect = (nodes: BusNodes) => {
    if (route?.nodes === nodes) return;
    if (route) replaceElement();
    try {
      const { ctx } = nodes;
      const elementGain = ctx.createGain();
      const source = options.firstTap?.elementSource(ctx, elementGain) ?? ctx.createMediaElementSource(element);
      const trackGain = ctx.createGain();
      trackGain.gain.value = volume;
      source.connect(elementGain);
      elementGain.connect(trackGain);
      trackGain.connect(nodes.input);
      element.volume = 1;
      route = { nodes, trackGain };
      loopTrack.attach({ ctx, output: trackGain });
    } catch (error) {
      reportError(error, 'Lull: could not route the player through Web Audio, playing the element directly:');
      route = null;
      elementLevels = true;
      loopTrack.attach(null);
    }
  };

  const unsubscribers = [bus?.onLevel(applyLevel), bus?.onReplaced(connect)];

  return {
    get element() {
      return element;
    },
    get media() {
      return media;
    },
    loopTrack,
    holdsSource: () => element.hasAttribute('src') || loopTrack.src !== '',
    open() {
      if (!bus) return;
      const nodes = bus.open();
      if (nodes) connect(nodes);
      else elementLevels = true;
      applyLevel();
    },
    unlock() {
      if (elements.played(element)) return;
      // Its old source was never heard: it goes, so this play() cannot start it (a press's prefetch stays: it is what the tap plays).
      const keep = holdsPrefetch() && !prefetched?.file;
      if (element.hasAttribute('src') && !keep) {
        element.removeAttribute('src');
        element.load();
      }
      // AbortError once the source is swapped in; NotAllowedError outside a gesture: both harmless here.
      // A press's prefetch starts now: it is the sound the tap asked for (setSource keeps it).
      element.play()?.catch(() => undefined);
    },
    setLevel(next) {
      volume = next;
      applyLevel();
    },
    prefetch(url, loops = false, warm = false) {
      if (element.hasAttribute('src') || loopTrack.src || (holdsPrefetch() && prefetched?.url === url)) return false;
      cancelPrefetch();
      // A soundscape's file is read once, by the loop track: the press starts that read (an offer decodes its first window too).
      if (loops && windowed(url)) {
        const file = streamFile(url);
        prefetched = { url, file, warm: warm ? loopTrack.warm(file) : undefined };
        return true;
      }
      prefetched = { url };
      prefetchPlayed = false;
      element.addEventListener('playing', notePrefetchPlayed, { once: true });
      element.src = url;
      return true;
    },
    cancelPrefetch,
    setSource(source) {
      if (source.loops && windowed(source.url)) {
        const taken = prefetched?.file && prefetched.url === source.src ? prefetched : undefined;
        if (!taken) prefetched?.file?.abort();
        media = loopTrack;
        emptyElement();
        const early = options.firstTap?.sound(source);
        loopTrack.setSource(source, taken?.file ?? early?.file, taken?.warm);
        if (early) loopTrack.follow(early.voice);
      } else {
        loopTrack.release();
        prefetched?.file?.abort();
        media = element;
        playOnElement(source);
      }
      element.removeEventListener('playing', notePrefetchPlayed);
      prefetched = undefined;
      applyLevel();
    },
    follow() {
      applyLevel();
    },
    fileBytes() {
      return media === loopTrack ? loopTrack.fileBytes : null;
    },
    dispose() {
      elements.dispose();
      for (const unsubscribe of unsubscribers) unsubscribe?.();
      loopTrack.release();
      elements.forget(element);
      element.pause();
      element.remove();
    },
  };
}
