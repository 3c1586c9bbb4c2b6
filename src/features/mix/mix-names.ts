import { mediaSlug } from '../../catalogue/entries';
import { soundscapes } from '../../catalogue/catalogue';
import { layerName } from '../../stores/mix-layers';
import { isNoiseColour } from '../../stores/noise-store';
import { isOwnLayer, ownLayerId, ownSoundNames } from '../../stores/own-layers';
import { strings } from '../../lib/strings';

/** A mix part as the listener reads it: 'Rain', 'Chill', 'Pink noise'; the slug itself when this catalogue lacks it. */
export function mixPartName(slug: string): string {
  if (isNoiseColour(slug) || isOwnLayer(slug)) return layerName(slug);
  return soundscapes.find((sound) => mediaSlug(sound.name) === slug)?.name ?? slug;
}

/** With its emoji where the catalogue has one: '🌧️ Rain'. */
export function mixPartLabel(slug: string): string {
  const sound = soundscapes.find((each) => mediaSlug(each.name) === slug);
  return sound ? `${sound.emoji} ${sound.name}` : mixPartName(slug);
}

/** A saved layer as the listener reads it: an own sound by its name now, else the name it was saved with (issue 41). */
export function mixLayerName(layer: { readonly sound: string; readonly name?: string }): string {
  const id = ownLayerId(layer.sound);
  if (id === undefined) return mixPartName(layer.sound);
  return ownSoundNames.byId[id] ?? layer.name ?? strings.ownLayerUnknown;
}
