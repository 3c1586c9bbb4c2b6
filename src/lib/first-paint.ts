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
 * app's level, and the app fades that voice out once its own generator sounds.
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
} as const;

/** What the script leaves for the app (window.__lullFirstTap). */
export interface FirstTapHandover {
  /** The tapped control's intent, or null (none, or tapped twice: taken back). */
  intent: string | null;
  target: Element | null;
  /** A context resumed inside the tap (or the app's own, once the app has handed it over). */
  context: AudioContext | null;
  /** An element played inside the tap (or the app's own player element, once handed over). */
  element: HTMLAudioElement | null;
  /** Set by the app when React takes over the page's taps: the script does nothing from then on. */
  off: boolean;
  /** The noise the script plays for the tap until the app's own sounds (null: none); `fade` ends it. */
  voice: { readonly colour: string; fade(): void } | null;
}

export const whileTapTaken = `&[${FIRST_TAP.taken}]`;

/** Style keys for sx: apply only when the first-paint script marked the document. */
export const onReversedHost = `html[${FIRST_PAINT.reversedHost}] &`;
/** While the page is still the prerender's and the browser said offline at load (see FIRST_PAINT.offline). */
export const whenOfflineAtLoad = `html[${FIRST_PAINT.offline}] &`;
export const whileSidebarCollapsedByScript = `html[${FIRST_PAINT.sidebarCollapsed}] &`;
