import { mediaSlug } from '../../catalogue/entries';
import { soundscapes } from '../../catalogue/catalogue';
import type { MixLayer } from '../../stores/mix-layers';
import type { MixState } from '../../stores/mix-store';
import { isNoiseColour, type NoiseColour } from '../../stores/noise-store';
import type { SharedMix } from './mix-link';

interface PlayerView {
  readonly currentIndex: number | null;
}
interface NoiseView {
  readonly colour: NoiseColour | null;
  readonly status: string;
}
type MixView = Readonly<Pick<MixState, 'masterVolume'>> & { readonly layers: readonly Readonly<MixLayer>[]; readonly bedLevels: Readonly<Record<NoiseColour, number>> };

/**
 * What a mix link should reproduce: the current track (by slug) with the bed under it, or a noise
 * playing alone; null when nothing is selected.
 */
export function currentSharedMix(player: PlayerView, noise: NoiseView, mix: MixView): SharedMix | null {
  const sound = player.currentIndex === null ? undefined : soundscapes[player.currentIndex];
  // Links v1 carry one noise: the first noise layer (links v2 carry every layer).
  const bed = mix.layers.find((layer) => isNoiseColour(layer.sound));
  const colour = sound ? (bed && isNoiseColour(bed.sound) ? bed.sound : null) : noise.status !== 'stopped' ? noise.colour : null;
  if (!sound && !colour) return null;
  return {
    soundSlug: sound ? mediaSlug(sound.name) : null,
    noise: colour,
    masterVolume: mix.masterVolume,
    noiseLevel: colour ? (sound ? bed?.level ?? mix.bedLevels[colour] : mix.bedLevels[colour]) : null,
  };
}
