import { mediaSlug } from '../../catalogue/entries';
import { soundscapes } from '../../catalogue/catalogue';
import type { MixLayer } from '../../stores/mix-layers';
import type { MixState } from '../../stores/mix-store';
import type { NoiseColour } from '../../stores/noise-store';
import { ownLayerSound } from '../../stores/own-layers';
import type { SharedMix } from './mix-link';

interface PlayerView {
  readonly currentIndex: number | null;
}
interface OwnTrackView {
  readonly id: string | null;
  readonly name: string;
}
interface NoiseView {
  readonly colour: NoiseColour | null;
  readonly status: string;
}
type MixView = Readonly<Pick<MixState, 'masterVolume' | 'alive' | 'seed'>> & {
  readonly layers: readonly Readonly<MixLayer>[];
  readonly bedLevels: Readonly<Record<NoiseColour, number>>;
};

/**
 * What a mix link or a saved mix should reproduce: the current track (by slug, or a listener's own sound as
 * `own:<id>` with its name) with every layer under it, or a noise playing alone; null when nothing is selected.
 */
export function currentSharedMix(player: PlayerView, noise: NoiseView, mix: MixView, own: OwnTrackView): (SharedMix & { soundName?: string }) | null {
  const layers = mix.layers.map((layer) => ({ sound: layer.sound, level: layer.level }));
  const rest = { layers, masterVolume: mix.masterVolume, alive: mix.alive, seed: mix.seed };
  if (own.id !== null) return { soundSlug: ownLayerSound(own.id), soundName: own.name, ...rest };
  const sound = player.currentIndex === null ? undefined : soundscapes[player.currentIndex];
  if (sound) return { soundSlug: mediaSlug(sound.name), ...rest };
  const colour = noise.status !== 'stopped' ? noise.colour : null;
  if (!colour) return null;
  return { soundSlug: null, layers: [{ sound: colour, level: mix.bedLevels[colour] }], masterVolume: mix.masterVolume };
}
