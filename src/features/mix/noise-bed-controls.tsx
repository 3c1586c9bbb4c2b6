import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { addLayer, mixStore, NOISE_COLOURS, removeLayer, setBedLevel } from '../../stores/mix-store';
import { isNoiseColour, type NoiseColour } from '../../stores/noise-store';

/** One noise under the track, in place of any other noise layer. */
function setNoiseLayer(colour: NoiseColour | null): void {
  for (const other of NOISE_COLOURS) if (other !== colour) removeLayer(other);
  if (colour) addLayer(colour);
}

const NONE = 'none';

/** Choose white, pink or brown noise under the current track (or none), and its level. */
export function NoiseBedControls() {
  const mix = useSnapshot(mixStore);
  const groupLabelId = useId();
  const levelLabelId = useId();
  const bedLayer = mix.layers.find((layer) => isNoiseColour(layer.sound));
  const bed = bedLayer && isNoiseColour(bedLayer.sound) ? bedLayer.sound : null;
  const colourName = bed ? strings.noiseColourName(bed) : undefined;
  return (
    <Box data-testid="noise-bed-controls">
      <Typography id={groupLabelId} variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>{strings.noiseBed}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={bed ?? NONE}
        // The engine starts the noise from this store change, still inside the tap.
        onChange={(_event, value: unknown) => {
          if (value === NONE) setNoiseLayer(null);
          else if (isNoiseColour(value)) setNoiseLayer(value);
        }}
        aria-labelledby={groupLabelId}
      >
        <ToggleButton value={NONE}>{strings.noiseBedNone}</ToggleButton>
        {NOISE_COLOURS.map((colour) => (
          <ToggleButton key={colour} value={colour}>{strings.noiseColourName(colour).replace(/ noise$/, '')}</ToggleButton>
        ))}
      </ToggleButtonGroup>
      {bed && colourName && (
        <Box sx={{ mt: 1.5 }}>
          <Typography id={levelLabelId} variant="body2">{strings.noiseBedLevel(colourName)}</Typography>
          <Slider
            value={Math.round(mix.bedLevels[bed] * 100)}
            min={0}
            max={100}
            step={1}
            shiftStep={10}
            onChange={(_event, value) => setBedLevel(bed, (Array.isArray(value) ? value[0] ?? 0 : value) / 100)}
            getAriaValueText={strings.percent}
            valueLabelDisplay="auto"
            valueLabelFormat={strings.percent}
            slotProps={{ input: { 'aria-labelledby': levelLabelId, 'data-testid': 'noise-bed-level' } as object }}
          />
        </Box>
      )}
    </Box>
  );
}
