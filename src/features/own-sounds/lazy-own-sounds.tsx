import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

// The section (its store, the database code, the dialogs) loads after hydration, off the first load.
const OwnSoundsSection = lazy(() => import('./own-sounds-section').then((module) => ({ default: module.OwnSoundsSection })));

/** The home page's "Your sounds" (issue 41): the prerendered page knows nothing of this device's sounds. */
export function LazyOwnSounds() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <OwnSoundsSection />
    </Suspense>
  );
}
