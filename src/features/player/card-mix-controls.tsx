import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { mixStore } from '../../stores/mix-store';
import { setLayerLevel, toggleLayer } from '../../stores/mix-actions';
import { playerStore } from '../../stores/player-store';
import { setTrackLevel, trackLevel } from '../../stores/track-level';
import { COVER_ASPECT } from './card-layout';

/**
 * The mix on a home card (issue 39), loaded with the first track. The same stores as the player
 * bar and the mix popover (mix-store, player-store), so the three agree at every moment.
 */
export type CardMix =
  /** A sound that can go under the current track: the corner button adds it. */
  | { role: 'add'; sound: string; name: string }
  /** A layer of the mix: its level in a bar across the cover's top, and the same button (now in that bar) takes it out. */
  | { role: 'layer'; sound: string; name: string }
  /** The current track: its own level (tap the card to pause, as before). */
  | { role: 'track'; name: string };

const toPercent = (level: number) => Math.round(level * 100);
const sliderValue = (value: number | number[]) => (Array.isArray(value) ? value[0] ?? 0 : value) / 100;

function LevelSlider({ name, percent, onLevel }: { name: string; percent: number; onLevel: (level: number) => void }) {
  return (
    <Slider
      size="small"
      value={percent}
      min={0}
      max={100}
      step={1}
      shiftStep={10}
      onChange={(_event, value) => onLevel(sliderValue(value))}
      getAriaValueText={strings.percent}
      slotProps={{ input: { 'aria-label': strings.noiseBedLevel(name), 'data-testid': 'card-level' } as object }}
      sx={{ color: 'common.white', mx: 1.5, flex: 1, minWidth: 0 }}
    />
  );
}

function LayerLevel({ sound, name }: { sound: string; name: string }) {
  const mix = useSnapshot(mixStore);
  const level = mix.layers.find((layer) => layer.sound === sound)?.level ?? 0;
  return <LevelSlider name={name} percent={toPercent(level)} onLevel={(value) => setLayerLevel(sound, value)} />;
}

function TrackLevel({ name }: { name: string }) {
  const player = useSnapshot(playerStore);
  return <LevelSlider name={name} percent={toPercent(trackLevel(player))} onLevel={(value) => setTrackLevel(value)} />;
}

const BAR_PX = 48;
const scrim = 'linear-gradient(to bottom, rgba(0,0,0,0.72), rgba(0,0,0,0.45))';

export function CardMixControls(mix: CardMix) {
  const layered = mix.role === 'layer';
  return (
    // Over the cover's top only (its own box, the cover's shape), never over the name or the card's middle: a tap there still plays or pauses.
    <Box data-testid="card-mix" data-role={mix.role} sx={{ position: 'absolute', top: 0, left: 0, right: 0, aspectRatio: COVER_ASPECT, pointerEvents: 'none', borderRadius: '14px 14px 0 0', overflow: 'hidden' }}>
      {mix.role !== 'add' && (
        <Box sx={{ position: 'absolute', left: 0, right: 0, top: 0, height: BAR_PX, pr: layered ? `${BAR_PX}px` : 0, display: 'flex', alignItems: 'center', background: scrim, pointerEvents: 'auto' }}>
          {mix.role === 'layer' ? <LayerLevel sound={mix.sound} name={mix.name} /> : <TrackLevel name={mix.name} />}
        </Box>
      )}
      {mix.role !== 'track' && (
        // One button from 'add' to 'layer' (it stays in the corner, the bar grows beside it), so the keyboard's focus stays on it.
        <IconButton
          aria-pressed={layered}
          aria-label={layered ? strings.removeLayerUnder(mix.name) : strings.addLayerUnder(mix.name)}
          data-testid="card-layer"
          onClick={() => toggleLayer(mix.sound)}
          sx={{
            position: 'absolute',
            right: layered ? 0 : 4,
            top: layered ? 0 : 4,
            width: BAR_PX,
            height: BAR_PX,
            pointerEvents: 'auto',
            color: 'common.white',
            bgcolor: layered ? 'transparent' : 'rgba(0,0,0,0.55)',
            '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
          }}
        >
          {layered ? <CloseIcon /> : <AddIcon />}
        </IconButton>
      )}
    </Box>
  );
}
