import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React hydrates the prerendered page (and in the prerender itself), true from the
 * render after. State only the browser knows (localStorage, the host name, connectivity) waits for
 * it, so the first client render matches the HTML and hydration never throws it away.
 */
export const useHydrated = (): boolean => useSyncExternalStore(subscribeNever, () => true, () => false);
