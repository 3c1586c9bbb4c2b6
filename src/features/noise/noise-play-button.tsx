import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useSnapshot } from 'valtio';
import { toggleNoise } from '../../engine/noise/noise-engine';
import { strings } from '../../lib/strings';
import { FIRST_TAP, whileTapTaken } from '../../lib/first-paint';
import { noiseStore, type NoiseColour } from '../../stores/noise-store';

const unsupportedMessage = 'This browser cannot generate noise: it has no Web Audio support.';

/** Play/Pause for one noise colour. The noise plays on across pages (issue 13); the player bar shows it. */
export function NoisePlayButton({ colour, label }: { colour: NoiseColour; label: string }) {
  const noise = useSnapshot(noiseStore);
  const active = noise.colour === colour && noise.status !== 'stopped';

  if (noise.unsupported) return <Alert severity="info">{unsupportedMessage}</Alert>;
  return (
    <Button
      variant="contained"
      size="large"
      // The engine resumes the AudioContext inside this click: browsers only allow it in a gesture.
      onClick={() => toggleNoise(colour)}
      aria-label={`${active ? strings.pause : strings.play} ${label}`}
      data-status={active ? noise.status : 'stopped'}
      {...{ [FIRST_TAP.intent]: `noise:${colour}` }}
      startIcon={noise.status === 'starting' && active ? <CircularProgress size={20} color="inherit" aria-hidden /> : active ? <PauseIcon /> : <PlayArrowIcon />}
      // A tap taken by the first-paint script before React answered (src/lib/first-paint.ts) shows at once.
      sx={{ alignSelf: 'flex-start', minWidth: 160, [whileTapTaken]: { bgcolor: 'primary.dark' } }}
    >
      {active ? strings.pause : strings.play}
    </Button>
  );
}
