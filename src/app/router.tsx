import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { matchedRoute, type AppRoute } from './route-match';

/**
 * Every route's page, each lazy so the first load carries only the shell. The keys are the routes
 * (routeTitles' paths and '*'): a route missing here, or a page for a path with no title, fails the
 * typecheck. vite-prerender.ts reads this table (one route per line) to prerender every route.
 */
const pages: Readonly<Record<AppRoute, LazyPage>> = {
  '/': lazyPage(() => import('../pages/home/home-page')),
  '/white-noise': lazyPage(() => import('../pages/noise/white-noise-page')),
  '/pink-noise': lazyPage(() => import('../pages/noise/pink-noise-page')),
  '/brown-noise': lazyPage(() => import('../pages/noise/brown-noise-page')),
  '/podcasts': lazyPage(() => import('../pages/podcasts/podcasts-page')),
  // SPEC gives /embed a header title but no page: keep the title, show the not-found page.
  '/embed': lazyPage(() => import('../pages/not-found/not-found-page')),
  '/privacy': lazyPage(() => import('../pages/privacy/privacy-page')),
  '/support': lazyPage(() => import('../pages/support/support-page')),
  '/settings': lazyPage(() => import('../pages/settings/settings-page')),
  '/credits': lazyPage(() => import('../pages/credits/credits-page')),
  '/changelog': lazyPage(() => import('../pages/changelog/changelog-page')),
  '*': lazyPage(() => import('../pages/not-found/not-found-page')),
};

/** The app's routes: the layout (header, sidebar, player bar) around the page a path matches. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {Object.entries(pages).map(([path, { Page }]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}

/**
 * Loads the page a path matches before React renders, so the first render is the same tree the
 * prerender wrote (hydration without a fallback in between). Rejects when the page cannot load.
 */
export async function loadMatchedPage(pathname: string): Promise<void> {
  await pages[matchedRoute(pathname)].load();
}
