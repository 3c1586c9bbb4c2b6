import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { offlineStore } from '../../stores/offline-store';
import { useHydrated } from '../../lib/use-hydrated';
import { Pill } from '../../lib/pill';

/** SPEC 2: offline, a badge says how many sounds are saved and so can play. */
export function OfflineBadge() {
  const offline = useSnapshot(offlineStore);
  const hydrated = useHydrated();
  if (offline.online || !hydrated) return null;
  return <Pill icon={<CloudOffIcon color="warning" />} label={strings.offlineBadge(offline.cachedSoundIds.length)} testId="offline-badge" />;
}
