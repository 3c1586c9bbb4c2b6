import { proxy, subscribe } from 'valtio/vanilla';
import { onStorageChange, readRaw, STORAGE_KEYS, writeRaw } from '../lib/storage';

export interface UiState {
  /** Desktop: expanded (16rem) or the 3rem icon rail. Persisted as '1'/'0'. */
  sidebarOpen: boolean;
  /** Mobile (<= 768px): the temporary drawer. Not persisted: it should not reopen on reload. */
  drawerOpen: boolean;
}

const readSidebarOpen = (): boolean => readRaw(STORAGE_KEYS.sidebarOpen, (raw) => (raw === '1' ? true : raw === '0' ? false : undefined), true);

export function createUiStore() {
  const state = proxy<UiState>({ sidebarOpen: readSidebarOpen(), drawerOpen: false });
  let last = state.sidebarOpen;
  // Another tab toggled the sidebar: follow it without writing it back.
  onStorageChange(STORAGE_KEYS.sidebarOpen, () => {
    last = readSidebarOpen();
    state.sidebarOpen = last;
  });
  subscribe(state, () => {
    if (state.sidebarOpen === last) return;
    last = state.sidebarOpen;
    writeRaw(STORAGE_KEYS.sidebarOpen, state.sidebarOpen ? '1' : '0');
  });
  return state;
}

export const uiStore = createUiStore();

/** Ctrl/Cmd+B: the drawer on small screens, the sidebar otherwise. */
export function toggleSidebar(isMobile: boolean, store: UiState = uiStore): void {
  if (isMobile) store.drawerOpen = !store.drawerOpen;
  else store.sidebarOpen = !store.sidebarOpen;
}

export function closeDrawer(store: UiState = uiStore): void {
  store.drawerOpen = false;
}
