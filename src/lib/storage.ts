/**
 * The one reader and writer for localStorage. Bad input loses nothing: a value that is not
 * valid JSON or has the wrong shape yields the default, the original is kept aside under
 * '<key>.corrupt', and a console warning names the key.
 */
export const STORAGE_KEYS = {
  sidebarOpen: 'sidebarOpen',
  podcastData: 'podcastData',
  soundscapePlaylists: 'soundscapePlaylists',
  listeningPreferences: 'listeningPreferences',
  // Lull's own keys (issue 13): the master volume (a JSON number 0..1) and each noise colour's bed level.
  masterVolume: 'masterVolume',
  noiseBedLevels: 'noiseBedLevels',
  // Issue 23: the listener's saved mixes (saved-mix-storage.ts).
  savedMixes: 'savedMixes',
  // Issue 40: iOS's audio session, 'playback' or 'ambient' as a JSON string (audio-session-store.ts).
  audioSessionType: 'audioSessionType',
  // Issue 40: what played last on this device, offered as 'Continue' on the next visit (last-mix.ts).
  lastMix: 'lastMix',
} as const;

/** Fired on the window after this tab wrote its saved mixes (the storage event reaches only the other tabs). */
export const SAVED_MIXES_WRITTEN = 'lull-saved-mixes';

/** Returns the parsed value, or undefined when the shape is wrong. */
export type Validate<T> = (value: unknown) => T | undefined;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return undefined;
  }
}

/**
 * Keys whose unreadable value could not be kept aside (storage full). Their original is the only
 * copy, so this session never overwrites it.
 */
const guardedKeys = new Set<string>();

/**
 * Copies kept aside per key: '<key>.corrupt', '<key>.corrupt.2', '<key>.corrupt.3'. Bounded, so a
 * value that keeps going bad cannot fill the quota (which would make every other write fail).
 */
export const MAX_KEPT_ASIDE = 3;

const keptAsideName = (key: string, n: number): string => (n === 1 ? `${key}.corrupt` : `${key}.corrupt.${n}`);

/**
 * Keep an unreadable value aside instead of destroying it; false if storage could not hold the copy.
 * The same value is kept once. When every slot holds another value, the last slot is replaced:
 * the oldest copies (closest to what the user last saw working) stay.
 */
export function keepAside(key: string, raw: string): boolean {
  const store = storage();
  if (!store) return false;
  let target = keptAsideName(key, MAX_KEPT_ASIDE);
  try {
    for (let n = 1; n <= MAX_KEPT_ASIDE; n++) {
      const existing = store.getItem(keptAsideName(key, n));
      if (existing === raw) return true;
      if (existing === null) {
        target = keptAsideName(key, n);
        break;
      }
    }
    store.setItem(target, raw);
  } catch {
    guardedKeys.add(key);
    console.warn(`Lull: the saved value of "${key}" could not be read, and storage is too full to keep a copy; it stays under "${key}", is not overwritten, and the default is used.`);
    return false;
  }
  console.warn(`Lull: the saved value of "${key}" could not be read; it was kept under "${target}" and the default is used.`);
  return true;
}

/** Read a raw string value; `validate` decides whether it is usable. */
export function readRaw<T>(key: string, validate: (raw: string) => T | undefined, fallback: T): T {
  let raw: string | null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    return fallback;
  }
  if (raw === null) return fallback;
  const value = validate(raw);
  if (value === undefined) {
    keepAside(key, raw);
    return fallback;
  }
  return value;
}

/** Read a JSON value through a shape check. */
export function readJson<T>(key: string, validate: Validate<T>, fallback: T): T {
  return readRaw(
    key,
    (raw) => {
      try {
        return validate(JSON.parse(raw));
      } catch {
        return undefined;
      }
    },
    fallback,
  );
}

/**
 * Reads a JSON list whose parser may have to drop parts (`lossy`): then the usable parts are
 * returned and the whole original is kept aside. `value` is undefined when nothing usable is
 * stored; `recovered` says some stored data could not be used (tell the user).
 */
export function readRecoverable<T>(key: string, parse: (value: unknown) => { value: T; lossy: boolean } | undefined): { value: T | undefined; recovered: boolean } {
  let recovered = false;
  const value = readRaw<T | undefined>(
    key,
    (raw) => {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        recovered = true;
        return undefined;
      }
      const parsed = parse(json);
      if (!parsed || parsed.lossy) recovered = true;
      if (parsed?.lossy) keepAside(key, raw);
      return parsed?.value;
    },
    undefined,
  );
  return { value, recovered };
}

export type WriteResult = { ok: true } | { ok: false; error: unknown };

export function writeRaw(key: string, value: string): WriteResult {
  if (guardedKeys.has(key)) return { ok: false, error: new Error(`"${key}" holds the only copy of a value Lull could not read (storage is full); it is not overwritten`) };
  try {
    const store = storage();
    if (!store) return { ok: false, error: new Error('localStorage is not available') };
    store.setItem(key, value);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

export function writeJson(key: string, value: unknown): WriteResult {
  return writeRaw(key, JSON.stringify(value));
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Own property lookup: a key from storage or the page ('__proto__', 'constructor') never reaches the prototype. */
export const hasOwn = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/**
 * Calls back when another tab (or window) of this origin changed `key` (or cleared storage).
 * The `storage` event fires only in the other tabs, never in the writer, and in every browser
 * that has localStorage, so it is the one channel all persisting stores share.
 */
export function onStorageChange(key: string, callback: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) callback();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
