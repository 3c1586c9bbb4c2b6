import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { MasterVolumeSlider } from './master-volume-slider';
import { NoiseBedControls } from './noise-bed-controls';
import { CopyMixLinkButton } from './copy-mix-link-button';

/** The player bar's mix panel: master volume, the noise bed and its level, and the mix link. */
export function MixPanel() {
  return (
    <Stack spacing={2} sx={{ p: 2, width: 'min(22rem, calc(100vw - 32px))' }} data-testid="mix-panel">
      <MasterVolumeSlider />
      <Divider />
      <NoiseBedControls />
      <Divider />
      <CopyMixLinkButton />
    </Stack>
  );
}
