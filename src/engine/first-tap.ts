/**
 * The app's side of the first tap (issue 24; the script's side is src/lib/first-paint-script.ts): a tap on a
 * sound card or a noise page's Play before the page has hydrated is taken by the first-paint script, which
 * unlocks audio inside it and plays what it can (issue 39). The app builds its graph on the context that tap resumed
 * and plays through the element it played (iOS lets only those start later, outside a gesture), takes over what the
 * script plays, and plays the tap's intent once the page has hydrated (a store change before that would make the
 * first render differ from the prerendered HTML); then the script stops.
 */
import { subscribe } from 'valtio/vanilla';
import { FIRST_TAP, type FirstTapHandover } from '../lib/first-paint';
import { isNoiseColour, noiseStore } from '../stores/noise-store';
import { playerStore, playSound } from '../stores/player-store';
import { newAudioContext } from './web-audio';
import { toggleNoise } from './noise/noise-engine';
import { streamFile } from './soundscape/streamed-file';
import { createLevelFades } from './soundscape/level-fades';
import { START_LEAD_S, TRACK_FADE_S } from './soundscape/track-voices';
import type { TrackSource } from './player/track-media';
import type { FirstTapSound, FirstTapTakeover } from './player/track-output-types';

export function firstTapHandover(): FirstTapHandover | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { __lullFirstTap?: FirstTapHandover }).__lullFirstTap;
}

/**
 * The bus's createContext: the context the first tap resumed, once; else a new one, which the
 * script then resumes in a tap that comes before React answers.
 */
export function handedOverContext(handover = firstTapHandover()): () => AudioContext | undefined {
  let handed = false;
  return () => {
    const unlocked = handover?.context;
    if (!handed && unlocked && unlocked.state !== 'closed') {
      handed = true;
      return unlocked;
    }
    handed = true;
    const ctx = newAudioContext();
    if (handover && ctx) handover.context = ctx;
    return ctx;
  };
}

/** React answers taps from now on: it renders the page afresh (a hydrated page's `playFirstTap` stops the script too). */
export function stopFirstTapListener(handover = firstTapHandover()): void {
  if (handover) handover.off = true;
}

/** The first-paint script takes a press on `element` (the page is not hydrated yet): its file is the script's to read. */
export function firstTapTakes(element: Element, handover = firstTapHandover()): boolean {
  return !!handover && !handover.off && element.closest(`[${FIRST_TAP.intent}]`) !== null;
}

/** After hydration: the tap the script took plays now, and its marks go; taps are React's from now. */
export function playFirstTap(handover = firstTapHandover()): void {
  if (!handover) return;
  handover.off = true;
  const { intent, target } = handover;
  handover.intent = null;
  handover.target = null;
  target?.removeAttribute(FIRST_TAP.taken);
  target?.removeAttribute('aria-busy');
  document.getElementById(FIRST_TAP.noteId)?.remove();
  const [kind, value = ''] = intent?.split(':') ?? [];
  if (kind === 'sound' && /^\d+$/.test(value)) playSound(Number(value));
  else if (kind === 'noise' && isNoiseColour(value)) toggleNoise(value);
  handOverVoice(handover, intent);
}

/**
 * The voice the script played for the tap (issue 39) is never left playing: Pause could not reach it. A noise's fades
 * once the app's own generator of that colour sounds, or stops trying (both are noise of one colour at one level: the
 * short overlap is not heard as a seam). A soundscape's is taken by the track (`takeFirstTapSound`), which starts at
 * its sample, and a song's by the track output as it routes the element (`takeFirstTapElementSource`); if the player
 * settles without taking it, it fades then. Any other voice fades at once.
 */
function handOverVoice(handover: FirstTapHandover, intent: string | null): void {
  const voice = handover.voice;
  if (!voice) return;
  const settled = voice.intent.startsWith('noise:') ? () => noiseStore.status !== 'starting' : () => playerStore.status !== 'loading';
  const done = () => handover.voice !== voice || settled();
  if (voice.intent !== intent || done()) return handover.voice === voice ? voice.fade() : undefined;
  const stop = subscribe(voice.intent.startsWith('noise:') ? noiseStore : playerStore, () => {
    if (!done()) return;
    stop();
    if (handover.voice === voice) voice.fade();
  });
}

/** The app's path in for a song the script plays: the track's own fade (track-voices.ts). */
const fadeIn = createLevelFades(TRACK_FADE_S);

/**
 * For the track output's connect: the element's source node the script made on `ctx` for a song (an element takes one
 * for life), adopted once. The song it plays is taken over where it is: `into` (the app's path) fades in as the
 * script's path fades out, both on the same samples.
 */
export function takeFirstTapElementSource(handover = firstTapHandover()): (ctx: BaseAudioContext, into: GainNode) => MediaElementAudioSourceNode | null {
  return (ctx, into) => {
    const node = handover?.elementSource;
    if (!node || node.context !== ctx) return null;
    handover.elementSource = null;
    const voice = handover.voice;
    if (voice?.song) {
      handover.voice = null;
      const at = ctx.currentTime + START_LEAD_S;
      // Silent until then (a gain starts at 1), in as the track's voices fade in.
      into.gain.value = 0;
      voice.fade(fadeIn(into.gain, 1, at));
    }
    return node;
  };
}

/**
 * For the track output's setSource: the voice the script plays for `source`'s file, taken from the script (once), with
 * the read it started (one download; a saved copy is read from the device instead, and the script's read stops).
 */
export function takeFirstTapSound(handover = firstTapHandover()): (source: TrackSource) => FirstTapSound | null {
  return (source) => {
    const voice = handover?.voice;
    const position = voice?.position;
    if (!voice || !position || voice.src !== source.url) return null;
    handover.voice = null;
    const read = source.blob || source.bytes ? null : (voice.read?.() ?? null);
    const adopt = (response: Promise<Response>, signal: AbortSignal) =>
      response.then((r) => {
        if (!signal.aborted) return r;
        void r.body?.cancel().catch(() => undefined);
        throw new DOMException('the file is no longer wanted', 'AbortError');
      });
    return {
      voice: { position: (t) => position(t), fade: (at) => voice.fade(at) },
      file: read ? streamFile(source.src, (_, { signal }) => adopt(read, signal)) : undefined,
    };
  };
}

/** What the track output takes over from the first tap's script (src/engine/start-app.ts hands it to the player). */
export const firstTapTakeover = (handover = firstTapHandover()): FirstTapTakeover => ({
  sound: takeFirstTapSound(handover),
  elementSource: takeFirstTapElementSource(handover),
  song: () => (handover?.voice?.song && handover.voice.src) || null,
});
