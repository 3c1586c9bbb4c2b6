import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { strings } from '../../../../src/lib/strings';
import { clearStatus, offlineStore, showStatus } from '../../../../src/stores/offline-store';
import { OfflineStatus } from '../../../../src/features/offline/offline-status';
import { testRoot } from '../../react-root';

const root = testRoot();

async function renderAt(path: string) {
  // Declarative routes, as the app has them (src/app/router.tsx).
  await root.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<OfflineStatus />} />
        <Route path="/settings" element={<p>settings page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const message = () => root.container?.querySelector('[data-testid="offline-status-message"]');
const links = () => [...(root.container?.querySelectorAll('a') ?? [])];

describe('offline status line', () => {
  afterEach(() => {
    root.unmount();
    clearStatus();
    vi.restoreAllMocks();
  });

  it('the storage-full message links to Settings, and the message text stays as written', async () => {
    // The monitor's first read of the saved list has no offline service here: reported, not thrown.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderAt('/');
    await act(async () => {
      showStatus(strings.storageFull('Forest'), 'warning', offlineStore, 'settings');
    });
    expect(message()?.textContent).toBe(strings.storageFull('Forest'));
    const link = links().find((a) => a.textContent === strings.openSettings);
    expect(link?.getAttribute('href')).toBe('/settings');
    act(() => link?.click());
    expect(root.container?.textContent).toBe('settings page');
  });

  it('other messages carry no link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderAt('/');
    await act(async () => {
      showStatus(strings.youAreOffline, 'warning');
    });
    expect(message()?.textContent).toBe(strings.youAreOffline);
    expect(links()).toHaveLength(0);
  });
});
