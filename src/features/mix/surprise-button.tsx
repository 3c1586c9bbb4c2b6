import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { mediaSlug } from '../../catalogue/entries';
import type { Soundscape } from '../../catalogue/catalogue';
import { ownSoundStrings } from '../../lib/own-sound-strings';
import { strings } from '../../lib/strings';
import { ownLayerSound, ownSoundNames } from '../../stores/own-layers';
import { applyMix, newMixSeed } from '../../stores/mix-actions';
import { isSoundAvailable, offlineStore } from '../../stores/offline-store';
import { currentSoundscape, playableSoundscapes } from '../../stores/player-store';
import { surpriseMix, type SurpriseSound } from './surprise-mix';

const asSurpriseSound = (sound: Soundscape): SurpriseSound => ({ slug: mediaSlug(sound.name), categories: sound.categories, kind: sound.kind, volume: sound.volume });

/**
 * A fresh random mix under the current track, from the sounds that can play here (offline: the saved ones); with
 * `withOwn`, one of the listener's own sounds leads it (issue 41: never unless asked).
 */
export function surpriseMe(seed: number = newMixSeed(), withOwn = false): void {
  const track = currentSoundscape();
  const pool = playableSoundscapes().filter((sound) => isSoundAvailable(offlineStore, sound.index)).map(asSurpriseSound);
  const own = withOwn ? Object.keys(ownSoundNames.byId).map(ownLayerSound) : [];
  const mix = surpriseMix(seed, track ? asSurpriseSound(track) : null, pool, own);
  applyMix({ sound: track ? mediaSlug(track.name) : null, layers: mix.layers, alive: true, seed: mix.seed });
}

/**
 * 'Surprise me' in the mix panel: replaces the layers (the track stays) with a new random mix. On a device with own
 * sounds, a switch beside it asks for one of them in the mix.
 */
export function SurpriseButton() {
  const own = useSnapshot(ownSoundNames);
  const [withOwn, setWithOwn] = useState(false);
  const hasOwn = Object.keys(own.byId).length > 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outlined" size="small" startIcon={<CasinoIcon />} onClick={() => surpriseMe(undefined, hasOwn && withOwn)} title={strings.surpriseMeHint} data-testid="surprise-me">
        {strings.surpriseMe}
      </Button>
      {hasOwn && <FormControlLabel control={<Switch size="small" checked={withOwn} onChange={(event) => setWithOwn(event.target.checked)} />} label={ownSoundStrings.surpriseWithOwn} />}
    </Stack>
  );
}
