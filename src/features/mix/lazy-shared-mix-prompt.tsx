import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { mayBeMixLink } from './mix-link-look';

// The prompt (and the noise engine it starts) loads only when the address carries a mix.
const SharedMixPrompt = lazy(() => import('./shared-mix-prompt').then((module) => ({ default: module.SharedMixPrompt })));

export function LazySharedMixPrompt() {
  const { search } = useLocation();
  // The prerendered home page has no query: the prompt appears after hydration, so the markup matches.
  const hydrated = useHydrated();
  if (!hydrated || !mayBeMixLink(search)) return null;
  return (
    <Suspense fallback={null}>
      <SharedMixPrompt />
    </Suspense>
  );
}
