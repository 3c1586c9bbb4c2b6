import { lazy, Suspense, useEffect, useState } from 'react';
import { onStorageChange, SAVED_MIXES_WRITTEN, STORAGE_KEYS } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';

// The section (its list, dialogs and the saved-mix store) loads only on a device that holds saved mixes.
const SavedMixesSection = lazy(() => import('./saved-mixes-section').then((module) => ({ default: module.SavedMixesSection })));

/** A cheap first look, without parsing: anything but nothing or an empty list is worth loading the section for. */
function holdsSavedMixes(): boolean {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.savedMixes);
    return raw !== null && raw.trim() !== '[]';
  } catch {
    return false;
  }
}

/** The home page's Saved mixes, after hydration (the prerendered page knows nothing of this device). */
export function LazySavedMixes() {
  const hydrated = useHydrated();
  const [holds, setHolds] = useState(false);
  useEffect(() => {
    const look = () => setHolds(holdsSavedMixes());
    look();
    window.addEventListener(SAVED_MIXES_WRITTEN, look);
    const stop = onStorageChange(STORAGE_KEYS.savedMixes, look);
    return () => {
      window.removeEventListener(SAVED_MIXES_WRITTEN, look);
      stop();
    };
  }, []);
  if (!hydrated || !holds) return null;
  return (
    <Suspense fallback={null}>
      <SavedMixesSection />
    </Suspense>
  );
}
