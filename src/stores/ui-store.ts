import { proxy, subscribe } from 'valtio/vanilla';
import { onStorageChange, readRaw, STORAGE_KEYS, writeRaw } from '../lib/storage';

export interface UiState {
  /** Desktop: expanded (16rem) or the 3rem icon rail. Persisted as '1'/'0'. */
  sidebarOpen: boolean;
  /** Mobile (<= 768px): the temporary drawer. Not persisted: it should not reopen on reload. */
  drawerOpen: boolean;
}

const readSidebarOpen = (): boolean => readRaw(STORAGE_KEYS.sidebarOpen, (raw) => (raw === '1' ? true : raw === '0' ? false : undefined), true);

export function createUiStore(): UiState {
  return proxy<UiState>({ sidebarOpen: true, drawerOpen: false });
}

/** Defaults until startUiStore(): importing this module reads and listens to nothing. */
export const uiStore = createUiStore();

/** Once, from startApp(): the saved sidebar state, then saving it and following other tabs. Returns the stop. */
export function startUiStore(state: UiState = uiStore): () => void {
  state.sidebarOpen = readSidebarOpen();
  let last = state.sidebarOpen;
  // Another tab toggled the sidebar: follow it without writing it back.
  const stopFollowing = onStorageChange(STORAGE_KEYS.sidebarOpen, () => {
    last = readSidebarOpen();
    state.sidebarOpen = last;
  });
  const unsubscribe = subscribe(state, () => {
    if (state.sidebarOpen === last) return;
    last = state.sidebarOpen;
    writeRaw(STORAGE_KEYS.sidebarOpen, state.sidebarOpen ? '1' : '0');
  });
  return () => {
    stopFollowing();
    unsubscribe();
  };
}

/** Ctrl/Cmd+B: the drawer on small screens, the sidebar otherwise. */
export function toggleSidebar(isMobile: boolean, store: UiState = uiStore): void {
  if (isMobile) store.drawerOpen = !store.drawerOpen;
  else store.sidebarOpen = !store.sidebarOpen;
}

export function closeDrawer(store: UiState = uiStore): void {
  store.drawerOpen = false;
}
