import CircularProgress from '@mui/material/CircularProgress';
import Popover, { type PopoverActions } from '@mui/material/Popover';
import { lazy, Suspense, useCallback, useRef } from 'react';
import { strings } from '../../lib/strings';

// Sliders and toggle buttons load on first open, keeping the first load small.
const MixPanel = lazy(() => import('./mix-panel').then((module) => ({ default: module.MixPanel })));

export interface MixPopoverProps {
  id: string;
  open: boolean;
  anchor: HTMLButtonElement | null;
  onClose: () => void;
}

/** The mix panel's popover above the player bar: loaded with the panel on the first open (Popover and Modal are not on the first screen). */
export function MixPopover({ id, open, anchor, onClose }: MixPopoverProps) {
  const actions = useRef<PopoverActions>(null);
  const observer = useRef<ResizeObserver | null>(null);
  // The panel opens above the bar and grows (the lazy panel arriving, the bed's level appearing):
  // place it again whenever its size changes, or it would run off the bottom of the screen.
  const watchSize = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => actions.current?.updatePosition());
    observer.current.observe(element);
  }, []);
  return (
    <Popover
      id={id}
      action={actions}
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': strings.mixControls, sx: { mb: 1 } } as object }}
    >
      <div ref={watchSize}>
        <Suspense fallback={<CircularProgress aria-label={strings.loading} sx={{ m: 2 }} />}>
          <MixPanel />
        </Suspense>
      </div>
    </Popover>
  );
}
