import { describe, expect, it } from 'vitest';
import { createUiStore, toggleSidebar } from '../../../src/stores/ui-store';

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

  it('follows another tab\'s toggle live, without writing it back', async () => {
    const store = createUiStore();
    localStorage.setItem('sidebarOpen', '0');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sidebarOpen' }));
    expect(store.sidebarOpen).toBe(false);
    await flush();
    localStorage.setItem('sidebarOpen', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sidebarOpen' }));
    await flush();
    expect(store.sidebarOpen).toBe(true);
    expect(localStorage.getItem('sidebarOpen')).toBe('1');
  });
});
