import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { soundscapes } from '../../catalogue/catalogue';
import { mediaSlug } from '../../catalogue/entries';
import { ownSoundStrings } from '../../lib/own-sound-strings';
import { strings } from '../../lib/strings';
import { layerName, MAX_LAYERS } from '../../stores/mix-layers';
import { mixStore, NOISE_COLOURS } from '../../stores/mix-store';
import { ownLayerSound, ownSoundNames } from '../../stores/own-layers';
import { addLayer, removeLayer, setLayerLevel, setMixAlive } from '../../stores/mix-actions';

/** Every sound that can be a layer, soundscapes by catalogue order, then the noises. */
const layerChoices: readonly string[] = [...soundscapes.filter((sound) => sound.kind !== 'lofi').map((sound) => mediaSlug(sound.name)), ...NOISE_COLOURS];

function LayerRow({ sound, level, onRemove }: { sound: string; level: number; onRemove: () => void }) {
  const labelId = useId();
  const name = layerName(sound);
  return (
    <Box component="li" data-testid="mix-layer" data-sound={sound}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={labelId} variant="body2">{strings.noiseBedLevel(name)}</Typography>
        <Button size="small" onClick={() => (removeLayer(sound), onRemove())} aria-label={strings.removeLayer(name)}>
          {strings.remove}
        </Button>
      </Box>
      <Slider
        value={Math.round(level * 100)}
        min={0}
        max={100}
        step={1}
        shiftStep={10}
        onChange={(_event, value) => setLayerLevel(sound, (Array.isArray(value) ? value[0] ?? 0 : value) / 100)}
        getAriaValueText={strings.percent}
        valueLabelDisplay="auto"
        valueLabelFormat={strings.percent}
        slotProps={{ input: { 'aria-labelledby': labelId, 'data-testid': 'layer-level' } as object }}
      />
    </Box>
  );
}

/** The mix's layers (issue 23): each with its name, level and Remove; Add a layer; Alive. */
export function LayerControls() {
  const mix = useSnapshot(mixStore);
  const headingId = useId();
  const addId = useId();
  const full = mix.layers.length >= MAX_LAYERS;
  const addRef = useRef<HTMLSelectElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The removed row took the focus with it: keep it in the panel (Add a layer, or the heading while that is full).
  const keepFocus = () => (addRef.current && !addRef.current.disabled ? addRef.current : headingRef.current)?.focus();
  const own = useSnapshot(ownSoundNames);
  const unused = (sound: string) => !mix.layers.some((layer) => layer.sound === sound);
  const choices = layerChoices.filter(unused);
  // The listener's own sounds on this device (issue 41), by the order they were saved.
  const ownChoices = Object.entries(own.byId).map(([id, name]) => [ownLayerSound(id), name] as const).filter(([sound]) => unused(sound));
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="layer-controls">
      <Typography id={headingId} ref={headingRef} tabIndex={-1} variant="body2" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>{strings.layersHeading}</Typography>
      {mix.layers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{strings.layersEmpty}</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {mix.layers.map((layer) => <LayerRow key={layer.sound} sound={layer.sound} level={layer.level} onRemove={keepFocus} />)}
        </Stack>
      )}
      <Box sx={{ mt: 1 }}>
        <Typography component="label" htmlFor={addId} variant="body2">{strings.addLayer}</Typography>
        {/* A native select: the phone's own picker, one thumb, and every screen reader knows it. */}
        <NativeSelect
          fullWidth
          value=""
          disabled={full}
          inputRef={addRef}
          inputProps={{ id: addId, 'data-testid': 'add-layer', 'aria-describedby': full ? `${addId}-full` : undefined } as object}
          onChange={(event) => addLayer(event.target.value)}
        >
          <option value="" disabled>{strings.addLayerChoose}</option>
          {ownChoices.length === 0 ? (
            choices.map((sound) => <option key={sound} value={sound}>{layerName(sound)}</option>)
          ) : (
            <>
              <optgroup label={ownSoundStrings.layerGroupCatalogue}>
                {choices.map((sound) => <option key={sound} value={sound}>{layerName(sound)}</option>)}
              </optgroup>
              <optgroup label={ownSoundStrings.layerGroupOwn}>
                {ownChoices.map(([sound, name]) => <option key={sound} value={sound}>{name}</option>)}
              </optgroup>
            </>
          )}
        </NativeSelect>
        {full && <Typography id={`${addId}-full`} variant="caption" color="text.secondary">{strings.layersFull(MAX_LAYERS)}</Typography>}
      </Box>
      <FormControlLabel sx={{ mt: 0.5 }} control={<Switch checked={mix.alive} onChange={(event) => setMixAlive(event.target.checked)} />} label={strings.mixAlive} />
    </Box>
  );
}
