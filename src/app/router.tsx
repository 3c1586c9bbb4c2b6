import { createBrowserRouter, type RouteMatch, type RouteObject } from 'react-router-dom';
import { routeTitles } from '../lib/strings';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';

/** Every page is lazy, so the first load carries only the shell. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <AppLayout><RouteError /></AppLayout>,
    children: [
      { path: '/', handle: { title: routeTitles['/'] }, lazy: page(() => import('../pages/home/home-page')) },
      { path: '/white-noise', handle: { title: routeTitles['/white-noise'] }, lazy: page(() => import('../pages/noise/white-noise-page')) },
      { path: '/pink-noise', handle: { title: routeTitles['/pink-noise'] }, lazy: page(() => import('../pages/noise/pink-noise-page')) },
      { path: '/brown-noise', handle: { title: routeTitles['/brown-noise'] }, lazy: page(() => import('../pages/noise/brown-noise-page')) },
      { path: '/podcasts', handle: { title: routeTitles['/podcasts'] }, lazy: page(() => import('../pages/podcasts/podcasts-page')) },
      // SPEC gives /embed a header title but no page: keep the title, show the not-found page.
      { path: '/embed', handle: { title: routeTitles['/embed'] }, lazy: page(() => import('../pages/not-found/not-found-page')) },
      { path: '/privacy', handle: { title: routeTitles['/privacy'] }, lazy: page(() => import('../pages/privacy/privacy-page')) },
      { path: '/support', handle: { title: routeTitles['/support'] }, lazy: page(() => import('../pages/support/support-page')) },
      { path: '/settings', handle: { title: routeTitles['/settings'] }, lazy: page(() => import('../pages/settings/settings-page')) },
      { path: '/credits', handle: { title: routeTitles['/credits'] }, lazy: page(() => import('../pages/credits/credits-page')) },
      { path: '/changelog', handle: { title: routeTitles['/changelog'] }, lazy: page(() => import('../pages/changelog/changelog-page')) },
      { path: '*', lazy: page(() => import('../pages/not-found/not-found-page')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Loads the lazy pages a URL matches before React starts, so the first render is the same tree
 * the prerender wrote (hydration without a fallback in between). Rejects when a page cannot load.
 */
export async function loadMatchedPages(matches: readonly RouteMatch[] | null): Promise<void> {
  await Promise.all(
    (matches ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}
