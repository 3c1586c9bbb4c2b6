import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { visuallyHidden } from '../../lib/layout';
import { strings } from '../../lib/strings';
import { useHydrated } from '../../lib/use-hydrated';
import { DEFAULT_MASTER_VOLUME, mixStore, setMasterVolume } from '../../stores/mix-store';

const toPercent = (level: number) => Math.round(level * 100);

/** The one master volume (issue 13): 0–100 %, arrows/Page keys/Home/End from the keyboard. */
export function MasterVolumeSlider({ showLabel = true }: { showLabel?: boolean }) {
  const mix = useSnapshot(mixStore);
  const labelId = useId();
  // The stored volume is the browser's: the prerendered page (and hydration) show the default.
  const hydrated = useHydrated();
  const percent = toPercent(hydrated ? mix.masterVolume : DEFAULT_MASTER_VOLUME);
  return (
    <Box sx={{ width: '100%', maxWidth: 360 }}>
      <Typography id={labelId} variant="body2" sx={showLabel ? { fontWeight: 600 } : visuallyHidden}>
        {strings.masterVolume}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <VolumeDownIcon fontSize="small" aria-hidden />
        <Slider
          value={percent}
          min={0}
          max={100}
          step={1}
          shiftStep={10}
          onChange={(_event, value) => setMasterVolume((Array.isArray(value) ? value[0] ?? 0 : value) / 100)}
          getAriaValueText={strings.percent}
          valueLabelDisplay="auto"
          valueLabelFormat={strings.percent}
          slotProps={{ input: { 'aria-labelledby': labelId, 'data-testid': 'master-volume' } as object }}
        />
        <VolumeUpIcon fontSize="small" aria-hidden />
        <Typography variant="body2" aria-hidden sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
          {strings.percent(percent)}
        </Typography>
      </Box>
    </Box>
  );
}

