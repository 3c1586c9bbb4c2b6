/**
 * A React root in a fresh container of the test's document, for component tests without a
 * testing library: `render` mounts inside act(), `hydrate` takes over server markup, `unmount`
 * (in afterEach) removes both.
 */
import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

// React's own test helper: state updates inside act() are rendered before it returns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The current container (undefined before the first render and after unmount). */
  readonly container: HTMLElement | undefined;
  /** Mounts `node` in a new container; the awaited act settles effects and resolved promises. */
  render(node: ReactNode): Promise<HTMLElement>;
  /** Writes `html` into a new container, shows it to `before`, then hydrates it with `node` in a synchronous act. */
  hydrate(html: string, node: ReactNode, options?: { before?: (container: HTMLElement) => void; onRecoverableError?: (error: unknown) => void }): HTMLElement;
  unmount(): void;
}

export function testRoot(): TestRoot {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  const newContainer = () => (container = document.body.appendChild(document.createElement('div')));
  return {
    get container() {
      return container;
    },
    async render(node) {
      const mounted = createRoot(newContainer());
      root = mounted;
      await act(async () => mounted.render(node));
      return container!;
    },
    hydrate(html, node, options = {}) {
      const target = newContainer();
      target.innerHTML = html;
      options.before?.(target);
      act(() => {
        root = hydrateRoot(target, node, { onRecoverableError: options.onRecoverableError });
      });
      return target;
    },
    unmount() {
      act(() => root?.unmount());
      container?.remove();
      root = undefined;
      container = undefined;
    },
  };
}
