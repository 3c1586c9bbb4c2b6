import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { offlineStore } from '../../stores/offline-store';
import { useHydrated } from '../../lib/use-hydrated';
import { Pill, PILL_HEIGHT_PX } from '../../lib/pill';
import { whenOfflineAtLoad } from '../../lib/first-paint';
import Box from '@mui/material/Box';

/** SPEC 2: offline, a badge says how many sounds are saved and so can play. */
export function OfflineBadge() {
  const offline = useSnapshot(offlineStore);
  const hydrated = useHydrated();
  // Before hydration the prerender holds the badge's place when the first-paint script found the
  // browser offline, so the grid under it does not move when the badge arrives (issue 39).
  // The space stays in the document once hydrated (hidden), so hydration removes no prerendered node,
  // and it stays after the badge: the page's Stack spaces an item that follows another, even a
  // hidden one, so a badge after its hidden space came 24 px lower than the space had been.
  const space = <Box aria-hidden="true" data-testid="offline-badge-space" sx={hydrated ? { display: 'none' } : { display: 'none', [whenOfflineAtLoad]: { display: 'block', height: PILL_HEIGHT_PX } }} />;
  if (!hydrated || offline.online) return space;
  return <><Pill icon={<CloudOffIcon color="warning" />} label={strings.offlineBadge(offline.cachedSoundIds.length)} testId="offline-badge" />{space}</>;
}
