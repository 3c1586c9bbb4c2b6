import { proxy } from 'valtio/vanilla';

/** Offline mode: connectivity, which sounds are saved on this device, and the status line. */
export type StatusTone = 'info' | 'success' | 'warning' | 'error';

export interface StatusMessage {
  /** Grows with every message, so a timer clears only the message it was set for. */
  readonly id: number;
  readonly message: string;
  readonly tone: StatusTone;
  /** A place in the app that helps with the message (storage full: Settings, to remove saved sounds). */
  readonly link?: 'settings';
}

export interface OfflineState {
  online: boolean;
  /** Sorted ids of sounds with a saved copy; 0 is a valid id. */
  cachedSoundIds: number[];
  /** The URL each saved copy came from, by id. */
  cachedUrls: Record<number, string>;
  /** False until the saved list has been read (or when it cannot be read). */
  cacheListLoaded: boolean;
  status: StatusMessage | null;
  /** A new service worker is waiting for the user's go-ahead. */
  updateAvailable: boolean;
}

const initiallyOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function createOfflineStore(online: boolean = initiallyOnline()): OfflineState {
  return proxy<OfflineState>({ online, cachedSoundIds: [], cachedUrls: {}, cacheListLoaded: false, status: null, updateAvailable: false });
}

export const offlineStore = createOfflineStore();

let nextStatusId = 1;

export function showStatus(message: string, tone: StatusTone = 'info', store: OfflineState = offlineStore, link?: StatusMessage['link']): number {
  const id = nextStatusId++;
  store.status = link ? { id, message, tone, link } : { id, message, tone };
  return id;
}

/** Clears the status; with an id, only if that message is still the one shown. */
export function clearStatus(id?: number, store: OfflineState = offlineStore): void {
  if (id === undefined || store.status?.id === id) store.status = null;
}

export function setOnline(online: boolean, store: OfflineState = offlineStore): void {
  store.online = online;
}

export function setCachedSounds(entries: readonly { soundscapeId: number; originalUrl: string }[], store: OfflineState = offlineStore): void {
  const urls: Record<number, string> = {};
  for (const entry of entries) urls[entry.soundscapeId] = entry.originalUrl;
  const ids = Object.keys(urls).map(Number).sort((a, b) => a - b);
  // An unchanged list is left as it is: a new array re-renders every sound button (synchronously,
  // valtio's updates are) just as the page is hydrating on a phone.
  const sameUrls = Object.keys(store.cachedUrls).length === ids.length && ids.every((id) => store.cachedUrls[id] === urls[id]);
  if (!sameUrls) store.cachedUrls = urls;
  if (ids.length !== store.cachedSoundIds.length || ids.some((id, at) => store.cachedSoundIds[at] !== id)) store.cachedSoundIds = ids;
  store.cacheListLoaded = true;
}

export function markCached(soundscapeId: number, originalUrl: string, store: OfflineState = offlineStore): void {
  store.cachedUrls[soundscapeId] = originalUrl;
  if (!store.cachedSoundIds.includes(soundscapeId)) store.cachedSoundIds = [...store.cachedSoundIds, soundscapeId].sort((a, b) => a - b);
}

export function markUncached(soundscapeId: number, store: OfflineState = offlineStore): void {
  delete store.cachedUrls[soundscapeId];
  store.cachedSoundIds = store.cachedSoundIds.filter((id) => id !== soundscapeId);
}

export function setUpdateAvailable(available: boolean, store: OfflineState = offlineStore): void {
  store.updateAvailable = available;
}

/** Offline, only saved sounds can play. Works on the proxy or a snapshot. */
export const isSoundAvailable = (state: { readonly online: boolean; readonly cachedSoundIds: readonly number[] }, soundscapeId: number): boolean =>
  state.online || state.cachedSoundIds.includes(soundscapeId);
