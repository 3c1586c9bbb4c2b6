import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import type { Soundscape } from '../../catalogue/catalogue';
import { strings } from '../../lib/strings';
import { isSoundAvailable, offlineStore } from '../../stores/offline-store';

/** SPEC 2: offline, a sound without a saved copy cannot play; this gives the reason to show. */
export function useOfflineUnavailableReason(): (sound: Soundscape) => string | undefined {
  const { online, cachedSoundIds } = useSnapshot(offlineStore);
  return useCallback(
    (sound: Soundscape) => (isSoundAvailable({ online, cachedSoundIds }, sound.index) ? undefined : strings.notAvailableOffline),
    [online, cachedSoundIds],
  );
}
