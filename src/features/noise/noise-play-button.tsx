import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useSnapshot } from 'valtio';
import { toggleNoise } from '../../engine/noise/noise-engine';
import { strings } from '../../lib/strings';
import { noiseStore, type NoiseColour } from '../../stores/noise-store';

const unsupportedMessage = 'This browser cannot generate noise: it has no Web Audio support.';

/** Play/Pause for one noise colour. The noise keeps playing while the listener moves around the app. */
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
      startIcon={noise.status === 'starting' && active ? <CircularProgress size={20} color="inherit" aria-hidden /> : active ? <PauseIcon /> : <PlayArrowIcon />}
      sx={{ alignSelf: 'flex-start', minWidth: 160 }}
    >
      {active ? strings.pause : strings.play}
    </Button>
  );
}
