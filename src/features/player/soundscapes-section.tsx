import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { playerStore } from '../../stores/player-store';
import { SoundGrid, type SoundGridProps } from './sound-grid';
import { useHydrated } from '../../lib/use-hydrated';

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

/** A sentence for the disclaimer on the reversed host; nothing elsewhere. */
export function ReversedNotice() {
  const hydrated = useHydrated();
  const reversed = useSnapshot(playerStore).reversed && hydrated;
  return reversed ? <>{strings.reversedNotice} </> : null;
}
