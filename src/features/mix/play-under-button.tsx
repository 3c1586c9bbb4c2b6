import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LayersIcon from '@mui/icons-material/Layers';
import LayersClearIcon from '@mui/icons-material/LayersClear';
import { useSnapshot } from 'valtio';
import { soundscapes } from '../../catalogue/catalogue';
import { strings } from '../../lib/strings';
import { mixStore } from '../../stores/mix-store';
import { toggleLayer } from '../../stores/mix-actions';
import type { NoiseColour } from '../../stores/noise-store';
import { playerStore } from '../../stores/player-store';

/** On a noise page: play this colour under the current track (or take it away again). */
export function PlayUnderButton({ colour }: { colour: NoiseColour }) {
  const player = useSnapshot(playerStore);
  const mix = useSnapshot(mixStore);
  const sound = player.currentIndex === null ? undefined : soundscapes[player.currentIndex];
  const colourName = strings.noiseColourName(colour);
  if (!sound) {
    return <Typography variant="body2" color="text.secondary" data-testid="play-under-unavailable">{strings.playUnderNoTrack}</Typography>;
  }
  const underNow = mix.layers.some((layer) => layer.sound === colour);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={underNow ? <LayersClearIcon /> : <LayersIcon />}
        aria-pressed={underNow}
        data-testid="play-under"
        // The engine starts the bed from this store change, still inside the tap.
        onClick={() => toggleLayer(colour)}
      >
        {underNow ? strings.removeFromUnderCurrent : strings.playUnderCurrent}
      </Button>
      <Typography variant="body2" color="text.secondary">{strings.playUnderCurrentHint(colourName, sound.name)}</Typography>
    </Stack>
  );
}
