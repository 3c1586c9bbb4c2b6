import { matchRoutes } from 'react-router-dom';
import { routeTitles, type RoutePath } from '../lib/strings';
import type { AppRoute } from './page-modules';

/** The routes are routeTitles' paths: a route without a title cannot exist. */
const titledRoutes = (Object.keys(routeTitles) as RoutePath[]).map((path) => ({ path }));

/**
 * The route a URL renders, matched as <Routes> matches it (case-insensitive, a trailing slash
 * allowed). It is also which prerendered file the markup is: main.tsx hydrates only under the same one.
 */
export function matchedRoute(pathname: string): AppRoute {
  return matchRoutes(titledRoutes, pathname)?.at(-1)?.route.path ?? '*';
}

/** The header title of a route; unknown paths are the not-found page. */
export const pageTitle = (route: AppRoute): string => (route === '*' ? 'Page not found' : routeTitles[route]);
