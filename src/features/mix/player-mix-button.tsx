import IconButton from '@mui/material/IconButton';
import TuneIcon from '@mui/icons-material/Tune';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { strings } from '../../lib/strings';

// The popover (MUI's Popover and Modal) and its panel load on the first open, keeping the first load small.
const MixPopover = lazy(() => import('./mix-popover').then((module) => ({ default: module.MixPopover })));

/** The player bar's 'Mix and volume' button (the bar is 58px high: the controls live in a panel above it). */
export function PlayerMixButton() {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so it closes with its transition and returns focus to the button.
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  return (
    <>
      <IconButton
        ref={anchor}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-label={strings.mixControls}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="mix-button"
      >
        <TuneIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <MixPopover id={panelId} open={open} anchor={anchor.current} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
