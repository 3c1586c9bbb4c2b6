import { use, type ComponentType } from 'react';

export interface LazyPage {
  /** Renders the page; suspends while its module loads, throws (to the error boundary) if it cannot. */
  readonly Page: ComponentType;
  /** Loads the module once; rejects when it cannot load (the failure is kept, as the data router did: Reload retries). */
  readonly load: () => Promise<ComponentType>;
}

/**
 * A page in its own chunk. Unlike React.lazy, a module loaded beforehand renders at once: the
 * prerender and main.tsx load the matched page first, so hydration's first render is the
 * prerendered tree with no Suspense in between. The element is always the page's own component,
 * so a re-render never remounts it.
 */
export function lazyPage(importPage: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const load = () =>
    (loading ??= importPage().then((module) => {
      loaded = module.default;
      return module.default;
    }));
  function Page() {
    const Component = loaded ?? use(load());
    return <Component />;
  }
  return { Page, load };
}
