import { act, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../src/app/lazy-page';
import { testRoot } from '../react-root';

const root = testRoot();
afterEach(() => root.unmount());

const pageModule = () => ({ default: () => <p data-testid="page">the page</p> });
const inSuspense = (Page: ComponentType) => (
  <Suspense fallback={<p>loading page</p>}>
    <Page />
  </Suspense>
);

describe('lazy page', () => {
  it('once loaded, hydrates the server markup in the first render: no fallback, no mismatch, the same nodes', async () => {
    const { Page, load } = lazyPage(async () => pageModule());
    await load();
    const recoverable = vi.fn();
    let serverNode: Element | null = null;
    // A synchronous act: anything that suspended would still be pending when it returns.
    const container = root.hydrate(renderToString(inSuspense(Page)), inSuspense(Page), {
      before: (markup) => (serverNode = markup.querySelector('[data-testid="page"]')),
      onRecoverableError: recoverable,
    });
    expect(serverNode!.textContent).toBe('the page');
    expect(container.querySelector('[data-testid="page"]')).toBe(serverNode);
    expect(Object.keys(serverNode!).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    expect(container.textContent).not.toContain('loading page');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('not loaded yet, shows the fallback, then the page, importing its module once', async () => {
    let resolve: (module: ReturnType<typeof pageModule>) => void = () => undefined;
    const importPage = vi.fn(() => new Promise<ReturnType<typeof pageModule>>((done) => (resolve = done)));
    const { Page, load } = lazyPage(importPage);
    // The module is held: the awaited act settles with the fallback shown.
    const container = await root.render(inSuspense(Page));
    expect(container.textContent).toBe('loading page');
    await act(async () => resolve(pageModule()));
    expect(container.textContent).toBe('the page');
    await load();
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('rejects its load when the module cannot load, and keeps that answer (Reload retries)', async () => {
    const importPage = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { load } = lazyPage(importPage);
    await expect(load()).rejects.toThrow(/dynamically imported/);
    await expect(load()).rejects.toThrow(/dynamically imported/);
    expect(importPage).toHaveBeenCalledTimes(1);
  });
});
