import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { NoisePlayButton } from '../../features/noise/noise-play-button';
import { MasterVolumeSlider } from '../../features/mix/master-volume-slider';
import { PlayUnderButton } from '../../features/mix/play-under-button';
import { CopyMixLinkButton } from '../../features/mix/copy-mix-link-button';
import type { NoiseColour } from '../../stores/noise-store';

const next: Record<NoiseColour, { to: string; label: string } | undefined> = {
  white: { to: '/pink-noise', label: 'Pink Noise' },
  pink: { to: '/brown-noise', label: 'Brown Noise' },
  brown: undefined,
};

/** Shared layout of the three noise pages. */
export function NoisePage({ colour, title }: { colour: NoiseColour; title: string }) {
  const softer = next[colour];
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h2" component="h2">{title}</Typography>
      <NoisePlayButton colour={colour} label={title} />
      <MasterVolumeSlider />
      <PlayUnderButton colour={colour} />
      <CopyMixLinkButton />
      <Alert severity="warning" data-testid="volume-warning">
        Keep the volume low: long listening at high volume can harm your hearing.
        {softer && (
          <> If this sounds harsh, try the softer <Link component={RouterLink} to={softer.to}>{softer.label}</Link>.</>
        )}
      </Alert>
    </Stack>
  );
}
