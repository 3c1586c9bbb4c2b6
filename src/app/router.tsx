import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { appRoutes, pageModule, type AppRoute } from './page-modules';
import { matchedRoute } from './route-match';

/** Every page module, each its own chunk so the first load carries only the shell (noise-page is the noise pages' shared part). */
const pageImports = import.meta.glob<{ default: ComponentType }>(['../pages/*/*-page.tsx', '!../pages/noise/noise-page.tsx']);

function routePage(route: AppRoute): LazyPage {
  const importPage = pageImports[`../${pageModule(route)}.tsx`];
  if (!importPage) throw new Error(`Lull: the route ${route} has no page module (src/${pageModule(route)}.tsx)`);
  return lazyPage(importPage);
}

/** Every route's page (src/app/page-modules.ts); a route whose module is missing fails at start-up, and so the prerender and the build. */
const pages = Object.fromEntries(appRoutes.map((route) => [route, routePage(route)])) as Readonly<Record<AppRoute, LazyPage>>;

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
