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
  // The space stays in the document once hydrated (hidden), so hydration removes no prerendered node.
  // It goes after the badge, so the badge takes its place even in a parent that spaces its children
  // by margins (which space an item after a hidden one: the badge came 24 px lower than its space).
  const space = <Box aria-hidden="true" data-testid="offline-badge-space" sx={hydrated ? { display: 'none' } : { display: 'none', [whenOfflineAtLoad]: { display: 'block', height: PILL_HEIGHT_PX } }} />;
  if (!hydrated || offline.online) return space;
  return <><Pill icon={<CloudOffIcon color="warning" />} label={strings.offlineBadge(offline.cachedSoundIds.length)} testId="offline-badge" />{space}</>;
}
