import { act, Suspense, type ReactNode } from 'react';
import { Link, MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../src/app/lazy-page';
import { PageErrorBoundary } from '../../../src/app/route-error';
import { testRoot } from '../react-root';

const root = testRoot();
afterEach(() => {
  root.unmount();
  vi.restoreAllMocks();
});

const MESSAGE = 'This page could not be loaded. Check your connection and reload.';

/** The layout's part that matters here: the page inside Suspense and the error boundary, as in app-layout.tsx. */
function Shell() {
  const { pathname } = useLocation();
  return (
    <>
      <Link to="/fine">to the fine page</Link>
      <Suspense fallback={<p>loading page</p>}>
        <PageErrorBoundary pathname={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </Suspense>
    </>
  );
}

async function renderAt(path: string, broken: ReactNode) {
  await root.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Shell />}>
          <Route path="/broken" element={broken} />
          <Route path="/fine" element={<p>the fine page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const alert = () => root.container?.querySelector('[role="alert"]');
const reloadButton = () => [...(root.container?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Reload');

describe('a page that fails', () => {
  it('to load shows the alert with Reload inside the layout, and reports the error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/credits-page.js');
    const { Page } = lazyPage(() => Promise.reject(failure));
    await renderAt('/broken', <Page />);
    expect(alert()?.textContent).toContain(MESSAGE);
    expect(reloadButton()).toBeDefined();
    expect(root.container?.textContent).toContain('to the fine page');
    expect(errors).toHaveBeenCalledWith('Route error:', failure);
  });

  it('to render shows the same alert and reports the error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('page bug');
    const Throws = () => {
      throw failure;
    };
    await renderAt('/broken', <Throws />);
    expect(alert()?.textContent).toContain(MESSAGE);
    expect(errors).toHaveBeenCalledWith('Route error:', failure);
  });

  it('gives way to the next page the user navigates to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Page } = lazyPage(() => Promise.reject(new TypeError('offline')));
    await renderAt('/broken', <Page />);
    expect(alert()).not.toBeNull();
    const link = [...(root.container?.querySelectorAll('a') ?? [])].find((a) => a.textContent === 'to the fine page');
    await act(async () => link?.click());
    expect(alert()).toBeNull();
    expect(root.container?.textContent).toContain('the fine page');
  });
});
