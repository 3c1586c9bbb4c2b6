import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover, { type PopoverActions } from '@mui/material/Popover';
import TuneIcon from '@mui/icons-material/Tune';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { strings } from '../../lib/strings';

// Sliders and toggle buttons load on first open, keeping the first load small.
const MixPanel = lazy(() => import('./mix-panel').then((module) => ({ default: module.MixPanel })));

/** The player bar's 'Mix and volume' button (the bar is 58px high: the controls live in a panel above it). */
export function PlayerMixButton() {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
    <>
      <IconButton ref={anchor} onClick={() => setOpen(true)} aria-label={strings.mixControls} aria-haspopup="dialog" aria-expanded={open} aria-controls={open ? panelId : undefined} data-testid="mix-button">
        <TuneIcon />
      </IconButton>
      <Popover
        id={panelId}
        action={actions}
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
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
    </>
  );
}
