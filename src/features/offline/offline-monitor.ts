import { reportError } from '../../lib/error-reporting';
import { strings } from '../../lib/strings';
import { clearStatus, offlineStore, setOnline, showStatus, type OfflineState } from '../../stores/offline-store';
import { offlineService } from './offline-service';

/** SPEC 4: 'You are back online' shows for 3 s. */
const BACK_ONLINE_MESSAGE_MS = 3000;

/**
 * Follows the browser's online/offline events (SPEC 4): offline shows the offline message;
 * back online shows 'You are back online' for 3 s. Also reads which sounds are saved.
 * Returns the cleanup.
 */
export function startOfflineMonitor(
  target: Window = window,
  store: OfflineState = offlineStore,
  refreshCachedSounds: () => Promise<void> = async () => offlineService().refreshCachedSounds(),
): () => void {
  let backOnlineTimer: ReturnType<typeof setTimeout> | undefined;

  const goOffline = () => {
    clearTimeout(backOnlineTimer);
    setOnline(false, store);
    showStatus(strings.youAreOffline, 'warning', store);
  };
  const goOnline = () => {
    setOnline(true, store);
    const id = showStatus(strings.backOnline, 'success', store);
    clearTimeout(backOnlineTimer);
    backOnlineTimer = setTimeout(() => clearStatus(id, store), BACK_ONLINE_MESSAGE_MS);
  };

  target.addEventListener('offline', goOffline);
  target.addEventListener('online', goOnline);
  if (target.navigator.onLine === false) goOffline();
  else setOnline(true, store);
  refreshCachedSounds().catch((error: unknown) => reportError(error, 'Lull: the list of offline sounds could not be read:'));

  return () => {
    clearTimeout(backOnlineTimer);
    target.removeEventListener('offline', goOffline);
    target.removeEventListener('online', goOnline);
  };
}
