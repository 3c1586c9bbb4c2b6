import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '../../lib/layout';
import { strings } from '../../lib/strings';
import { PlaylistsSection } from '../../features/playlists/playlists-section';
import { LazySharedMixPrompt } from '../../features/mix/lazy-shared-mix-prompt';
import { LazySavedMixes } from '../../features/mix/lazy-saved-mixes';
import { LazyContinueOffer } from '../../features/mix/lazy-continue-offer';
import { ReversedNotice, SoundscapesSection } from '../../features/player/soundscapes-section';
import { NoiseCards } from '../../features/player/noise-cards';
import { LazyOwnSounds } from '../../features/own-sounds/lazy-own-sounds';
import { OfflineBadge } from '../../features/offline/offline-badge';
import { useOfflineUnavailableReason } from '../../features/offline/use-offline-availability';

/** Out of sight, still read by screen readers and crawlers. */

export default function HomePage() {
  const unavailableReason = useOfflineUnavailableReason();
  return (
    // Spaced by gaps, not margins: a part hidden or held (the offline badge's place) takes no space of its own;
    // with margins, the first sounds sat 24 px lower under a hidden first item.
    <Stack spacing={3} useFlexGap>
      <LazySharedMixPrompt />
      <LazyContinueOffer />
      <OfflineBadge />
      <SoundscapesSection unavailableReason={unavailableReason} />
      <NoiseCards />
      <LazyOwnSounds />
      {/* After the sounds (SPEC keeps it on the page): on a phone it no longer pushes them below the fold. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography color="text.secondary" data-testid="disclaimer">
          <ReversedNotice />{strings.homeDisclaimer} <Link component={RouterLink} to="/credits">{strings.learnMore}<Box component="span" sx={visuallyHidden}>{strings.learnMoreCreditsContext}</Box></Link>
        </Typography>
        <Button component={RouterLink} to="/credits" variant="outlined" sx={{ flexShrink: 0 }}>{strings.credits}</Button>
      </Stack>
      <PlaylistsSection />
      <LazySavedMixes />
    </Stack>
  );
}
