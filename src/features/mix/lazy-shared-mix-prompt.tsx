import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { mayBeMixLink } from './mix-link';

// The prompt (and the noise engine it starts) loads only when the address carries a mix.
const SharedMixPrompt = lazy(() => import('./shared-mix-prompt').then((module) => ({ default: module.SharedMixPrompt })));

export function LazySharedMixPrompt() {
  const { search } = useLocation();
  if (!mayBeMixLink(search)) return null;
  return (
    <Suspense fallback={null}>
      <SharedMixPrompt />
    </Suspense>
  );
}
