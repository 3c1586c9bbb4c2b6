import { lazy, Suspense, useState } from 'react';

// The dialog (and MUI's text field) loads on first open, keeping the home route's first load small.
const SleepTimerDialog = lazy(() => import('./sleep-timer-dialog').then((module) => ({ default: module.SleepTimerDialog })));

/** Mounted from the first open on, so later closes keep their exit transition. */
export function LazySleepTimerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SleepTimerDialog open={open} onClose={onClose} />
    </Suspense>
  );
}
