/** The own-sounds database's name, without the idb library: the home page asks whether it exists before loading anything. */
export const OWN_SOUNDS_DB_NAME = 'lull-own-sounds';
