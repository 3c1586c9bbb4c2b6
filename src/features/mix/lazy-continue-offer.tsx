import { lazy, Suspense } from 'react';
import { STORAGE_KEYS } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';

// The offer (its reader, the mix planner) loads only on a device that holds a last mix.
const ContinueOffer = lazy(() => import('./continue-offer').then((module) => ({ default: module.ContinueOffer })));

let heldAtLoad: boolean | undefined;

/** A cheap first look, once per visit: what this visit plays later is not offered back to it. */
function heldALastMix(): boolean {
  try {
    heldAtLoad ??= localStorage.getItem(STORAGE_KEYS.lastMix) !== null;
  } catch {
    heldAtLoad = false;
  }
  return heldAtLoad;
}

/** Home's "Continue <mix>" (issue 40), after hydration: the prerendered page knows nothing of this device. */
export function LazyContinueOffer() {
  const hydrated = useHydrated();
  if (!hydrated || !heldALastMix()) return null;
  return (
    <Suspense fallback={null}>
      <ContinueOffer />
    </Suspense>
  );
}
