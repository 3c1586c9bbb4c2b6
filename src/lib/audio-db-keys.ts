/**
 * SPEC 3: the cached audio database's names, without the idb library, so the page can read which
 * sounds are saved (saved-list.ts) while the cache worker, which writes them, loads at first use.
 * Named here and not from the product's display name, so a rename never orphans the saved sounds.
 */
export const AUDIO_DB_NAME = 'lull-audio';
export const AUDIO_DB_VERSION = 1;
export const AUDIO_STORE = 'audio-data';
/** Lets a saved URL be checked without loading the (megabytes of) data URL. */
export const ORIGINAL_URL_INDEX = 'originalUrl';

export const isSoundscapeId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
