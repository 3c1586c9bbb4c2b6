import { describe, expect, it } from 'vitest';
import { createUiStore, toggleSidebar } from './ui-store';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('ui store', () => {
  it('starts expanded and persists toggles as 1/0', async () => {
    const store = createUiStore();
    expect(store.sidebarOpen).toBe(true);
    toggleSidebar(false, store);
    await flush();
    expect(localStorage.getItem('sidebarOpen')).toBe('0');
    expect(createUiStore().sidebarOpen).toBe(false);
  });

  it('toggles the drawer on mobile without touching the persisted state', async () => {
    const store = createUiStore();
    toggleSidebar(true, store);
    await flush();
    expect(store.drawerOpen).toBe(true);
    expect(localStorage.getItem('sidebarOpen')).toBeNull();
  });
});
