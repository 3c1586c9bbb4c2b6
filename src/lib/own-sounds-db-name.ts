/** The own-sounds database's name, without the idb library: the home page and Settings ask whether it exists before loading anything. */
export const OWN_SOUNDS_DB_NAME = 'lull-own-sounds';

/** Whether this device has the own-sounds database, without creating it (no `databases()`: assume it may). */
export async function holdsOwnSounds(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === OWN_SOUNDS_DB_NAME);
  } catch {
    return true;
  }
}
