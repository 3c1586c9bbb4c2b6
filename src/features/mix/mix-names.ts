import { mediaSlug } from '../../catalogue/entries';
import { soundscapes } from '../../catalogue/catalogue';
import { layerName } from '../../stores/mix-layers';
import { isNoiseColour } from '../../stores/noise-store';

/** A mix part as the listener reads it: 'Rain', 'Chill', 'Pink noise'; the slug itself when this catalogue lacks it. */
export function mixPartName(slug: string): string {
  if (isNoiseColour(slug)) return layerName(slug);
  return soundscapes.find((sound) => mediaSlug(sound.name) === slug)?.name ?? slug;
}

/** With its emoji where the catalogue has one: '🌧️ Rain'. */
export function mixPartLabel(slug: string): string {
  const sound = soundscapes.find((each) => mediaSlug(each.name) === slug);
  return sound ? `${sound.emoji} ${sound.name}` : mixPartName(slug);
}
