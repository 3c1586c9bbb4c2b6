import { reportError } from '../../lib/error-reporting';
import { setUpdateAvailable } from '../../stores/offline-store';

/**
 * The service worker caches the app shell (never audio) so Lull opens offline. A new version
 * waits until the user chooses Reload: never a silent switch, never a reload in mid-playback.
 * Registered with the browser's own API (workbox-window, 2.2 KB gzip, was the first load's only use of it).
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Written by vite-plugin-pwa (generateSW); it skips waiting on this message (workbox's prompt flow). */
const SERVICE_WORKER_URL = '/sw.js';
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

let registration: ServiceWorkerRegistration | undefined;
let userAskedToReload = false;
let reloading = false;

const reload = () => {
  if (reloading) return;
  reloading = true;
  window.location.reload();
};

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first install claims this page (clientsClaim): that first controller is no new version.
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    // A new version took over (this tab's Reload, or another tab's): this one reloads only when its own user says so.
    if (userAskedToReload) reload();
    else setUpdateAvailable(true);
  });
  container.register(SERVICE_WORKER_URL, { scope: '/' }).then(
    (registered: ServiceWorkerRegistration | undefined) => {
      // Some automation (Playwright's blocked service workers) resolves with nothing.
      if (!registered) return;
      registration = registered;
      // Waiting from an earlier visit, or found by a later check: installed while an older version controls the page.
      if (registered.waiting && container.controller) setUpdateAvailable(true);
      registered.addEventListener('updatefound', () => {
        const installing = registered.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && container.controller) setUpdateAvailable(true);
        });
      });
      // A tab left open for days still learns about new versions.
      setInterval(() => {
        if (navigator.onLine) registered.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    // Not a fault of Lull's: the browser refuses service workers (private mode, a policy, an
    // automation flag). Lull plays on without opening offline; a warning, not an error report.
    (error: unknown) => console.warn('Lull: the service worker could not be registered, so Lull will not open offline:', error),
  );
}

/** The user chose Reload: activate the waiting version, then reload once it controls the page. */
export function applyUpdate(): void {
  userAskedToReload = true;
  const waiting = registration?.waiting;
  // Nothing waiting: the new version already controls this page (activated in another tab).
  if (!waiting) {
    reload();
    return;
  }
  try {
    waiting.postMessage(SKIP_WAITING);
  } catch (error) {
    reportError(error, 'Lull: the update could not be applied:');
    reload();
  }
}
