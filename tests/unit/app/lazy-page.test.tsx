import { act, Suspense, type ComponentType } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../src/app/lazy-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

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
    container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(inSuspense(Page));
    const serverNode = container.querySelector('[data-testid="page"]');
    expect(serverNode?.textContent).toBe('the page');
    const recoverable = vi.fn();
    // A synchronous act: anything that suspended would still be pending when it returns.
    act(() => {
      root = hydrateRoot(container!, inSuspense(Page), { onRecoverableError: recoverable });
    });
    expect(container.querySelector('[data-testid="page"]')).toBe(serverNode);
    expect(Object.keys(serverNode!).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    expect(container.textContent).not.toContain('loading page');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('not loaded yet, shows the fallback, then the page, importing its module once', async () => {
    let resolve: (module: ReturnType<typeof pageModule>) => void = () => undefined;
    const importPage = vi.fn(() => new Promise<ReturnType<typeof pageModule>>((done) => (resolve = done)));
    const { Page, load } = lazyPage(importPage);
    container = document.body.appendChild(document.createElement('div'));
    const mounted = createRoot(container);
    root = mounted;
    // The module is held: the awaited act settles with the fallback shown.
    await act(async () => mounted.render(inSuspense(Page)));
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
