/**
 * How a listener's own sound is named as a layer (issue 41): `own:<id>`, the id of its record in the own-sounds
 * database. Pure, so the mix link codec and the stores share one pattern.
 */
export const OWN_LAYER_PREFIX = 'own:';
const OWN_LAYER = /^own:[a-z0-9-]{1,64}$/;

export const isOwnLayer = (sound: string): boolean => OWN_LAYER.test(sound);
export const ownLayerSound = (id: string): string => `${OWN_LAYER_PREFIX}${id}`;
export const ownLayerId = (sound: string): string | undefined => (isOwnLayer(sound) ? sound.slice(OWN_LAYER_PREFIX.length) : undefined);
