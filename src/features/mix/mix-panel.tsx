import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useSnapshot } from 'valtio';
import { playerStore } from '../../stores/player-store';
import { MasterVolumeSlider } from './master-volume-slider';
import { NoiseBedControls } from './noise-bed-controls';
import { CopyMixLinkButton } from './copy-mix-link-button';
import { MixLibrary } from './mix-library';
import { SurpriseButton } from './surprise-button';

/** The player bar's mix panel: master volume, the noise bed and its level, and the mix link. */
export function MixPanel() {
  const player = useSnapshot(playerStore);
  // A bed goes under a track: with a noise playing alone there is nothing to put it under.
  const hasTrack = player.currentIndex !== null && player.status !== 'idle';
  return (
    <Stack spacing={2} sx={{ p: 2, width: 'min(22rem, calc(100vw - 32px))' }} data-testid="mix-panel">
      <MasterVolumeSlider />
      <Divider />
      {hasTrack && (
        <>
          <NoiseBedControls />
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
