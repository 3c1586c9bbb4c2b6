/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { reportError } from '../../lib/error-reporting';
import { setUpdateAvailable } from '../../stores/offline-store';

/**
 * The service worker caches the app shell (never audio) so Lull opens offline. A new version
 * waits until the user chooses Reload: never a silent switch, never a reload in mid-playback.
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;
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
  updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => setUpdateAvailable(true),
    // Another tab activated the new version: this one reloads only when its own user says so.
    onNeedReload: () => (userAskedToReload ? reload() : setUpdateAvailable(true)),
    onRegisteredSW: (_url, registered) => {
      registration = registered;
      // A tab left open for days still learns about new versions.
      if (registered) {
        setInterval(() => {
          if (navigator.onLine) registered.update().catch(() => undefined);
        }, UPDATE_CHECK_MS);
      }
    },
    // Not a fault of Lull's: the browser refuses service workers (private mode, a policy, an
    // automation flag). Lull plays on without opening offline; a warning, not an error report.
    onRegisterError: (error: unknown) => console.warn('Lull: the service worker could not be registered, so Lull will not open offline:', error),
  });
}

/** The user chose Reload: activate the waiting version, then reload once it controls the page. */
export function applyUpdate(): void {
  userAskedToReload = true;
  // Nothing waiting: the new version already controls this page (activated in another tab).
  if (!registration?.waiting || !updateServiceWorker) {
    reload();
    return;
  }
  // workbox-window reports 'controlling' only for a worker it found itself, not one found by a later update check.
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  updateServiceWorker(true).catch((error: unknown) => {
    reportError(error, 'Lull: the update could not be applied:');
    reload();
  });
}
