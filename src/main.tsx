import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { AppTheme } from './app/app-theme';
import { createAppRouter, loadMatchedPages, routes } from './app/router';
import { prerenderKey } from './app/route-match';
import { startAnalytics } from './lib/analytics';
import { siteConfig } from './lib/config';
import { reportError, startErrorReporting } from './lib/error-reporting';
import { listenForInstallPrompt } from './features/install/install-prompt';
import { registerServiceWorker } from './features/offline/register-service-worker';
import { startOfflineService } from './features/offline/offline-service';
import { startApp } from './engine/start-app';
import { cacheClient } from './workers/cache-client';

void startErrorReporting(siteConfig.sentryDsn, import.meta.env.VITE_APP_VERSION as string | undefined);
window.addEventListener('unhandledrejection', (event) => {
  if (!siteConfig.sentryDsn) reportError(event.reason, 'Unhandled rejection:');
});

startAnalytics(siteConfig.analytics);
listenForInstallPrompt();
registerServiceWorker();
// The offline service is the cache worker's one client; the engines receive it with the audio graph.
startApp({ sources: startOfflineService(cacheClient) });

/**
 * Every route's HTML is prerendered at build time (vite-prerender.ts); React takes it over with
 * hydrateRoot. Markup written for another route (a host answering every path with index.html) or
 * a page that could not load is replaced by a fresh render instead.
 */
async function mountApp(root: HTMLElement): Promise<void> {
  const matches = matchRoutes(routes, window.location);
  let pagesLoaded = true;
  try {
    await loadMatchedPages(matches);
  } catch (error) {
    pagesLoaded = false;
    reportError(error, 'Page load failed:');
  }
  const app = (
    <StrictMode>
      <AppTheme>
        <RouterProvider router={createAppRouter()} />
      </AppTheme>
    </StrictMode>
  );
  if (pagesLoaded && root.dataset.route === prerenderKey(matches) && root.hasChildNodes()) {
    hydrateRoot(root, app, { onRecoverableError: (error) => reportError(error, 'Hydration:') });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('Lull: #root is missing from index.html');
void mountApp(root);
