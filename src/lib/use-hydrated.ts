import { startTransition, useEffect, useState } from 'react';

/** Set once the first client render has committed: components mounted after it need no second render. */
let appHydrated = false;
const hydratedListeners: (() => void)[] = [];

/** Runs `listener` once the whole page is React's (at once if it already is). */
export function onAppHydrated(listener: () => void): void {
  if (appHydrated) listener();
  else hydratedListeners.push(listener);
}

/**
 * False while React hydrates the prerendered page (and in the prerender itself), true from the
 * render after. State only the browser knows (localStorage, the host name, connectivity) waits for
 * it, so the first client render matches the HTML and hydration never throws it away. The flip is
 * a transition in each leaf that asks (not useSyncExternalStore, whose mismatch forces one
 * synchronous re-render of everything below): a phone's main thread stays free to answer taps.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Placed by the layout last inside the page's Suspense boundary, which React hydrates after the
 * shell around it: once this has committed, the whole page is React's (every control answers) and
 * later mounts read client state at once. Automation (the e2e fixture) waits for
 * `<html data-hydrated>` instead of acting on inert prerendered HTML.
 */
export function HydrationMark(): null {
  useEffect(() => {
    appHydrated = true;
    document.documentElement.dataset.hydrated = 'true';
    for (const listener of hydratedListeners.splice(0)) listener();
  }, []);
  return null;
}
