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
let userAskedToReload = false;
/** Another tab activated the new version; this one reloads only when its user says so. */
let activatedElsewhere = false;

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => setUpdateAvailable(true),
    onNeedReload: () => {
      if (userAskedToReload) window.location.reload();
      else {
        activatedElsewhere = true;
        setUpdateAvailable(true);
      }
    },
    onRegisteredSW: (_url, registration) => {
      // A tab left open for days still learns about new versions.
      if (registration) {
        setInterval(() => {
          if (navigator.onLine) registration.update().catch(() => undefined);
        }, UPDATE_CHECK_MS);
      }
    },
    onRegisterError: (error: unknown) => reportError(error, 'Lull: the service worker could not be registered:'),
  });
}

/** The user chose Reload: activate the waiting version, then reload once it controls the page. */
export function applyUpdate(): void {
  userAskedToReload = true;
  if (activatedElsewhere || !updateServiceWorker) {
    window.location.reload();
    return;
  }
  updateServiceWorker(true).catch((error: unknown) => {
    reportError(error, 'Lull: the update could not be applied:');
    window.location.reload();
  });
}
