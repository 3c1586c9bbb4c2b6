import { describe, expect, it, vi } from 'vitest';
import { createUiStore, startUiStore, toggleSidebar } from '../../../src/stores/ui-store';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('ui store', () => {
  it('starts expanded and persists toggles as 1/0', async () => {
    const store = createUiStore();
    const stop = startUiStore(store);
    expect(store.sidebarOpen).toBe(true);
    toggleSidebar(false, store);
    await flush();
    expect(localStorage.getItem('sidebarOpen')).toBe('0');
    stop();
    const next = createUiStore();
    startUiStore(next)();
    expect(next.sidebarOpen).toBe(false);
  });

  it('toggles the drawer on mobile without touching the persisted state', async () => {
    const store = createUiStore();
    const stop = startUiStore(store);
    toggleSidebar(true, store);
    await flush();
    expect(store.drawerOpen).toBe(true);
    expect(localStorage.getItem('sidebarOpen')).toBeNull();
    stop();
  });

  it('follows another tab\'s toggle live, without writing it back', async () => {
    const store = createUiStore();
    const stop = startUiStore(store);
    localStorage.setItem('sidebarOpen', '0');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sidebarOpen' }));
    expect(store.sidebarOpen).toBe(false);
    await flush();
    localStorage.setItem('sidebarOpen', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sidebarOpen' }));
    await flush();
    expect(store.sidebarOpen).toBe(true);
    expect(localStorage.getItem('sidebarOpen')).toBe('1');
    stop();
  });

  it('importing the store reads and follows nothing; startUiStore applies the saved state', async () => {
    localStorage.setItem('sidebarOpen', '0');
    vi.resetModules();
    const fresh = await import('../../../src/stores/ui-store');
    expect(fresh.uiStore.sidebarOpen).toBe(true);
    localStorage.setItem('sidebarOpen', '1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sidebarOpen' }));
    localStorage.setItem('sidebarOpen', '0');
    const stop = fresh.startUiStore();
    expect(fresh.uiStore.sidebarOpen).toBe(false);
    stop();
  });
});
