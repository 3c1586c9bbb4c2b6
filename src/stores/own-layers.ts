import { proxy } from 'valtio/vanilla';
import { isOwnLayer, ownLayerId, ownLayerSound, OWN_LAYER_PREFIX } from '../lib/own-layer-sound';

export { isOwnLayer, ownLayerId, ownLayerSound, OWN_LAYER_PREFIX };

/**
 * A listener's own sound as a layer (issue 41): its layer sound is `own:<id>` (lib/own-layer-sound.ts). The names
 * of the sounds on this device are kept here by the own-sounds feature (loaded, imported, renamed, deleted), so the mix panel, the player bar and the lock screen can name the layer without
 * opening the database; a layer whose sound is not (or no longer) known here is still a layer, named generically.
 */

/** The own sounds on this device, id → name, in the order they were saved. */
export const ownSoundNames = proxy<{ byId: Record<string, string>; known: boolean }>({ byId: {}, known: false });

/** An own layer as stored in a saved mix: with the name it has now (or had when it was saved). */
export function withOwnName<T extends { sound: string; level: number; name?: string }>(layer: T): { sound: string; level: number; name?: string } {
  const id = ownLayerId(layer.sound);
  const name = id === undefined ? undefined : (ownSoundNames.byId[id] ?? layer.name);
  return name === undefined ? { sound: layer.sound, level: layer.level } : { sound: layer.sound, level: layer.level, name };
}

/** Whether this device may hold an own sound: yes when it does, and until the names have been read (assumed so). */
export const mayHoldOwnSound = (id: string): boolean => !ownSoundNames.known || ownSoundNames.byId[id] !== undefined;

/** The own-sounds feature's list, as it changed. */
export function setOwnSoundNames(sounds: readonly { id: string; name: string }[]): void {
  ownSoundNames.byId = Object.fromEntries(sounds.map((sound) => [sound.id, sound.name]));
  ownSoundNames.known = true;
}
