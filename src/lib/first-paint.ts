/**
 * What only the browser knows (the host name, a stored collapsed sidebar) but the first paint must
 * already show, or the page shifts when React applies it after hydration. A tiny render-blocking
 * script in <head> (written by the prerender from firstPaintScript, first-paint-script.ts; an external file, the CSP
 * allows no inline one) marks <html> with these attributes, and the prerendered CSS follows them
 * until React's own state has taken over.
 */
export const FIRST_PAINT = {
  /** On <html> when the host plays reversed sounds. */
  reversedHost: 'data-reversed-host',
  /** On <html> while a stored collapsed sidebar is shown by CSS alone (removed once React renders it). */
  sidebarCollapsed: 'data-sidebar-collapsed',
  /** On <html> when the browser says it is offline: the offline banner and badge have their space from the first paint. */
  offline: 'data-offline',
} as const;

/**
 * The first tap, before React answers (issue 24): the same script listens for a click on an element
 * marked with `intent` (a sound card, a noise page's Play), marks it `taken` (styled by the
 * prerendered CSS), unlocks audio inside that tap (a context resumed, an element's play(), as iOS
 * requires) and leaves all three on `window.__lullFirstTap` for the app, which plays the intent once
 * it has hydrated. A tap the app never takes says so after a few seconds.
 * A noise is heard at once (issue 39): the script plays a few seconds of its colour on a loop, at the
 * app's level, and the app fades that voice out once its own generator sounds. A soundscape is heard from its
 * file's first bytes: the script reads the file (the app takes that read over: one download), plays what has come,
 * and the app's track starts at the sample the script's voice has reached and fades it.
 */
export const FIRST_TAP = {
  /** On a control a first tap may start: 'sound:<index>' or 'noise:<colour>'. */
  intent: 'data-tap-intent',
  /** On that control from the tap until the app plays it. */
  taken: 'data-tap-taken',
  /** The note the script shows when the app is slow or failed to load. */
  noteId: 'lull-first-tap-note',
  /** A tap the app has not taken this long is told the app is still loading. */
  stillLoadingAfterMs: 3000,
  /** On a sound's card: its stream URL, its reversed file's (on the reversed host), and its catalogue level (when not 1). */
  src: 'data-tap-src',
  reversedSrc: 'data-tap-reversed-src',
  level: 'data-tap-level',
  /** On a song's card (played on the tap's element, not decoded by the script). */
  song: 'data-tap-song',
  /** The first decode of a soundscape waits for this much of its file (0.6–1 s at 100–160 kbit/s). */
  firstBytes: 12_288,
  /** The script decodes at most this much (ten seconds and more): the app has taken over long before. */
  capBytes: 196_608,
} as const;

/** A sound the script plays for the tap until the app's own takes over (window.__lullFirstTap.voice). */
export interface FirstTapVoice {
  /** What it plays: 'noise:<colour>' or 'sound:<index>'. */
  readonly intent: string;
  /** The sound's file, as its card names it (a song's element may play it from a MediaSource's URL). */
  readonly src?: string;
  /** A soundscape's: where in its file (seconds) the voice is at the context's time `t`, or null before it sounds. */
  position?(t: number): number | null;
  /** A soundscape's: the file's read, for the app to take over (the first call; null after). */
  read?(): Promise<Response> | null;
  /** A song's: it plays on the tap's element, through `elementSource`. */
  readonly song?: boolean;
  /**
   * Fades it out from `at` (the context's time; now when omitted). Still the script's own (`voice` is still it), its
   * read stops and a song's element stops; the app sets `voice` to null before it fades what it takes over.
   */
  fade(at?: number): void;
}

/** What the script leaves for the app (window.__lullFirstTap). */
export interface FirstTapHandover {
  /** The tapped control's intent, or null (none, or tapped twice: taken back). */
  intent: string | null;
  target: Element | null;
  /** A context resumed inside the tap (or the app's own, once the app has handed it over). */
  context: AudioContext | null;
  /** An element played inside the tap (or the app's own player element, once handed over). */
  element: HTMLAudioElement | null;
  /** The element's source node, made by the script on `context` for a song (an element takes one for life), until the app adopts it. */
  elementSource: MediaElementAudioSourceNode | null;
  /** Set by the app when React takes over the page's taps (hydrated, or rendered afresh): the script does nothing from then on. */
  off: boolean;
  /** The sound the script plays for the tap until the app's own sounds (null: none). */
  voice: FirstTapVoice | null;
}

export const whileTapTaken = `&[${FIRST_TAP.taken}]`;

/** Style keys for sx: apply only when the first-paint script marked the document. */
export const onReversedHost = `html[${FIRST_PAINT.reversedHost}] &`;
/** While the page is still the prerender's and the browser said offline at load (see FIRST_PAINT.offline). */
export const whenOfflineAtLoad = `html[${FIRST_PAINT.offline}] &`;
export const whileSidebarCollapsedByScript = `html[${FIRST_PAINT.sidebarCollapsed}] &`;
