import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useSnapshot } from 'valtio';
import { ownTrack } from '../../stores/own-track';
import { playerStore } from '../../stores/player-store';
import { MasterVolumeSlider } from './master-volume-slider';
import { LayerControls } from './layer-controls';
import { CopyMixLinkButton } from './copy-mix-link-button';
import { MixLibrary } from './mix-library';
import { SurpriseButton } from './surprise-button';

/** The player bar's mix panel: master volume, the layers under the track (issue 23), and the mix link. */
export function MixPanel() {
  const player = useSnapshot(playerStore);
  const own = useSnapshot(ownTrack);
  // Layers go under a track (a catalogue one or the listener's own): with a noise playing alone there is nothing to put them under.
  const hasTrack = own.id !== null || (player.currentIndex !== null && player.status !== 'idle');
  return (
    <Stack spacing={2} sx={{ p: 2, width: 'min(22rem, calc(100vw - 32px))' }} data-testid="mix-panel">
      <MasterVolumeSlider />
      <Divider />
      {hasTrack && (
        <>
          <LayerControls />
          <SurpriseButton />
          <Divider />
        </>
      )}
      <CopyMixLinkButton />
      <Divider />
      <MixLibrary />
    </Stack>
  );
}
