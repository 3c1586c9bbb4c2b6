import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { strings } from '../../../../src/lib/strings';
import { clearStatus, offlineStore, showStatus } from '../../../../src/stores/offline-store';
import { OfflineStatus } from '../../../../src/features/offline/offline-status';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <OfflineStatus /> },
      { path: '/settings', element: <p>settings page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('offline status line', () => {
  afterEach(() => {
    cleanup();
    clearStatus();
  });

  it('the storage-full message links to Settings, and the message text stays as written', async () => {
    const router = renderAt('/');
    act(() => {
      showStatus(strings.storageFull('Forest'), 'warning', offlineStore, 'settings');
    });
    expect(await screen.findByTestId('offline-status-message')).toHaveProperty('textContent', strings.storageFull('Forest'));
    const link = screen.getByRole('link', { name: strings.openSettings });
    expect(link.getAttribute('href')).toBe('/settings');
    act(() => link.click());
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('other messages carry no link', async () => {
    renderAt('/');
    act(() => {
      showStatus(strings.youAreOffline, 'warning');
    });
    expect(await screen.findByTestId('offline-status-message')).toHaveProperty('textContent', strings.youAreOffline);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
