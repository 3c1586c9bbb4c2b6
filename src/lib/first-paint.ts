/**
 * What only the browser knows (the host name, a stored collapsed sidebar) but the first paint must
 * already show, or the page shifts when React applies it after hydration. A tiny render-blocking
 * script in <head> (written by the prerender from firstPaintScript; an external file, the CSP
 * allows no inline one) marks <html> with these attributes, and the prerendered CSS follows them
 * until React's own state has taken over.
 */
export const FIRST_PAINT = {
  /** On <html> when the host plays reversed sounds. */
  reversedHost: 'data-reversed-host',
  /** On <html> while a stored collapsed sidebar is shown by CSS alone (removed once React renders it). */
  sidebarCollapsed: 'data-sidebar-collapsed',
} as const;

/** Style keys for sx: apply only when the first-paint script marked the document. */
export const onReversedHost = `html[${FIRST_PAINT.reversedHost}] &`;
export const whileSidebarCollapsedByScript = `html[${FIRST_PAINT.sidebarCollapsed}] &`;

/** The script's source: plain ES5, no imports; the values are the app's own constants. */
export function firstPaintScript(options: { readonly reversedHostPrefix: string; readonly sidebarOpenKey: string }): string {
  return `// Lull, before the first paint: see src/lib/first-paint.ts.
(function () {
  var html = document.documentElement;
  if (location.hostname.indexOf(${JSON.stringify(options.reversedHostPrefix)}) === 0) html.setAttribute(${JSON.stringify(FIRST_PAINT.reversedHost)}, '');
  try {
    if (localStorage.getItem(${JSON.stringify(options.sidebarOpenKey)}) === '0') html.setAttribute(${JSON.stringify(FIRST_PAINT.sidebarCollapsed)}, '');
  } catch (error) {
    // Storage blocked: the sidebar shows expanded until the app starts, as without this script.
  }
})();
`;
}
