import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { playerStore } from '../../stores/player-store';
import { SoundGrid, type SoundGridProps } from './sound-grid';
import { useHydrated } from '../../lib/use-hydrated';
import { onReversedHost } from '../../lib/first-paint';

// Before hydration the host is known to CSS only (the first-paint script marks <html>): the
// prerendered notice is there, hidden unless this is the reversed host, so the disclaimer's height
// is right from the first paint. (The heading's words change in place once hydrated: no shift.)
const onlyOnReversedHost = { display: 'none', [onReversedHost]: { display: 'inline' } } as const;

/** The home page's sound buttons under their title; the title names the reversed edition. */
export function SoundscapesSection(props: SoundGridProps) {
  const hydrated = useHydrated();
  const reversed = useSnapshot(playerStore).reversed && hydrated;
  return (
    <Stack component="section" aria-labelledby="soundscapes-heading" spacing={1.5}>
      <Typography variant="h2" component="h2" id="soundscapes-heading" data-testid="soundscapes-heading">
        {reversed ? strings.reversedSoundscapesHeading : strings.soundscapesHeading}
      </Typography>
      <SoundGrid {...props} />
    </Stack>
  );
}

/** A sentence for the disclaimer on the reversed host; hidden elsewhere (the same element throughout, so hydration swaps nothing). */
export function ReversedNotice() {
  const hydrated = useHydrated();
  const reversed = useSnapshot(playerStore).reversed && hydrated;
  const sx = hydrated ? { display: reversed ? 'inline' : 'none' } : onlyOnReversedHost;
  return <Box component="span" sx={sx}>{strings.reversedNotice} </Box>;
}
