import { mediaSlug } from '../catalogue/entries';
import { soundscapes } from '../catalogue/catalogue';
import { strings } from '../lib/strings';
import { isNoiseColour } from './noise-store';
import { isOwnLayer, ownLayerId, ownSoundNames } from './own-layers';

/** At most this many layers under the track (issue 23: 6 sounds in all fit the memory budget). */
export const MAX_LAYERS = 5;

/** One sound under the current track. */
export interface MixLayer {
  /** A soundscape's catalogue slug ('rain'), a noise colour ('white' | 'pink' | 'brown') or a sound of the listener's own ('own:<id>', own-layers.ts). */
  sound: string;
  /** 0..1, before the master volume. */
  level: number;
  /** An own sound's name when its mix was saved (issue 41): a saved mix names it even once the sound is deleted. */
  name?: string;
}

/** The catalogue index of a soundscape layer (a loop: nature or ambient, never a lofi song), else undefined. */
export function layerSoundIndex(sound: string): number | undefined {
  const entry = soundscapes.find((each) => each.kind !== 'lofi' && mediaSlug(each.name) === sound);
  return entry?.index;
}

export const isLayerSound = (sound: string): boolean => isNoiseColour(sound) || isOwnLayer(sound) || layerSoundIndex(sound) !== undefined;

/** A layer as the listener reads it: 'Rain', 'Pink noise', an own sound's name; the slug itself if the catalogue lost it. */
export function layerName(sound: string): string {
  if (isNoiseColour(sound)) return strings.noiseColourName(sound);
  const ownId = ownLayerId(sound);
  if (ownId !== undefined) return ownSoundNames.byId[ownId] ?? strings.ownLayerUnknown;
  const index = layerSoundIndex(sound);
  return soundscapes[index ?? -1]?.name ?? sound;
}
