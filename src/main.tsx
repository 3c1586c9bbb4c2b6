import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { subscribe } from 'valtio/vanilla';
import { AppTheme } from './app/app-theme';
import { AppRoutes, loadMatchedPage } from './app/router';
import { matchedRoute } from './app/route-match';
import { startAnalytics } from './lib/analytics';
import { siteConfig } from './lib/config';
import { reportError, startErrorReporting } from './lib/error-reporting';
import { listenForInstallPrompt } from './features/install/install-prompt';
import { registerServiceWorker } from './features/offline/register-service-worker';
import { startOfflineService } from './features/offline/offline-service';
import { provideOwnSoundPreparation } from './features/own-sounds/own-sound-preparation';
import { offlineStore } from './stores/offline-store';
import { startApp } from './engine/start-app';
import { lazyCacheBackend } from './workers/lazy-cache';
import { nextTask } from './lib/next-task';
import { onAppHydrated } from './lib/use-hydrated';
import { playFirstTap, stopFirstTapListener } from './engine/first-tap';

void startErrorReporting(siteConfig.sentryDsn, import.meta.env.VITE_APP_VERSION as string | undefined);
window.addEventListener('unhandledrejection', (event) => {
  if (!siteConfig.sentryDsn) reportError(event.reason, 'Unhandled rejection:');
});

/**
 * Every route's HTML is prerendered at build time (vite-prerender.ts); React takes it over with
 * hydrateRoot. Markup written for another route (a host answering every path with index.html) or
 * a page that could not load is replaced by a fresh render instead.
 */
async function mountApp(root: HTMLElement): Promise<void> {
  const { pathname } = window.location;
  let pageLoaded = true;
  try {
    await loadMatchedPage(pathname);
  } catch (error) {
    // Rendered from scratch below: the page's error boundary shows the failure with a Reload button.
    pageLoaded = false;
    reportError(error, 'Page load failed:');
  }
  await nextTask();
  const app = (
    <StrictMode>
      <AppTheme>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppTheme>
    </StrictMode>
  );
  // A tap taken before React answered (src/lib/first-paint.ts) plays once the page is React's.
  onAppHydrated(playFirstTap);
  if (pageLoaded && root.dataset.route === matchedRoute(pathname) && root.hasChildNodes()) {
    // As a transition, hydration yields to the browser every few ms instead of one long task. Until it has ended the
    // first-paint script keeps taking the taps on its controls (and React never sees them): React would answer one by
    // hydrating the rest of the page at once, a long task before any response.
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError: (error) => reportError(error, 'Hydration:') });
    });
  } else {
    // Rendered afresh: the taps are React's from now.
    stopFirstTapListener();
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

/** After the page is up: the service worker's precache downloads compete with nothing the first screen needs. */
function whenPageLoaded(start: () => void): void {
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function startClient(root: HTMLElement): Promise<void> {
  await nextTask();
  startAnalytics(siteConfig.analytics);
  listenForInstallPrompt();
  // The audio graph and its engines, created once (nothing starts on import), before React answers
  // taps: the first tap on a sound must reach play() inside its own task (iOS). The offline service
  // is the cache worker's one client; the engines receive it with the audio graph. The worker loads
  // at the first press on the page (a tap on a saved sound reads it) or the first save.
  const cache = lazyCacheBackend();
  startApp({ sources: startOfflineService(() => cache.backend) });
  // Your sounds' import worker: its client (and comlink) load at the first import.
  provideOwnSoundPreparation(async () => (await import('./workers/own-sound-client')).prepareOwnSound);
  for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, cache.warm, { capture: true, passive: true, once: true });
  // Saved sounds are read offline, when no chunk can load without the service worker: with any on this device, the worker loads now.
  const stopWatching = subscribe(offlineStore, () => {
    if (offlineStore.cachedSoundIds.length === 0) return;
    stopWatching();
    cache.warm();
  });
  await nextTask();
  await mountApp(root);
}

const root = document.getElementById('root');
if (!root) throw new Error('Lull: #root is missing from index.html');
void startClient(root);
whenPageLoaded(registerServiceWorker);
