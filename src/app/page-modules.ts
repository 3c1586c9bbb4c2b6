import { routeTitles, type RoutePath } from '../lib/strings';

/** A route of the app, or '*' for the not-found page (any path no route has). */
export type AppRoute = RoutePath | '*';

/**
 * Which module under src/pages renders each route. A route `/<name>` is `<name>/<name>-page`; these
 * are the pages that differ. Plain data (no React), so the prerender (vite-prerender.ts) reads the
 * same table the router loads from.
 */
const OTHER_PAGES: Partial<Record<AppRoute, string>> = {
  '/': 'home/home-page',
  '/white-noise': 'noise/white-noise-page',
  '/pink-noise': 'noise/pink-noise-page',
  '/brown-noise': 'noise/brown-noise-page',
  // SPEC gives /embed a header title but no page: keep the title, show the not-found page.
  '/embed': 'not-found/not-found-page',
  '*': 'not-found/not-found-page',
};

/** The routes: routeTitles' paths (a route without a title cannot exist), then '*' for any other path. */
export const appRoutes: readonly AppRoute[] = [...(Object.keys(routeTitles) as RoutePath[]), '*'];

/** The route's page module, relative to src ('pages/home/home-page'). */
export const pageModule = (route: AppRoute): string => `pages/${OTHER_PAGES[route] ?? `${route.slice(1)}/${route.slice(1)}-page`}`;
