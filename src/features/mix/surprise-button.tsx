import Button from '@mui/material/Button';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import { mediaSlug } from '../../catalogue/entries';
import type { Soundscape } from '../../catalogue/catalogue';
import { strings } from '../../lib/strings';
import { applyMix, newMixSeed } from '../../stores/mix-actions';
import { isSoundAvailable, offlineStore } from '../../stores/offline-store';
import { currentSoundscape, playableSoundscapes } from '../../stores/player-store';
import { surpriseMix, type SurpriseSound } from './surprise-mix';

const asSurpriseSound = (sound: Soundscape): SurpriseSound => ({ slug: mediaSlug(sound.name), categories: sound.categories, kind: sound.kind, volume: sound.volume });

/** A fresh random mix under the current track, from the sounds that can play here (offline: the saved ones). */
export function surpriseMe(seed: number = newMixSeed()): void {
  const track = currentSoundscape();
  const pool = playableSoundscapes().filter((sound) => isSoundAvailable(offlineStore, sound.index)).map(asSurpriseSound);
  const mix = surpriseMix(seed, track ? asSurpriseSound(track) : null, pool);
  applyMix({ sound: track ? mediaSlug(track.name) : null, layers: mix.layers, alive: true, seed: mix.seed });
}

/** 'Surprise me' in the mix panel: replaces the layers (the track stays) with a new random mix. */
export function SurpriseButton() {
  return (
    <Button variant="outlined" size="small" startIcon={<CasinoIcon />} onClick={() => surpriseMe()} title={strings.surpriseMeHint} data-testid="surprise-me">
      {strings.surpriseMe}
    </Button>
  );
}
