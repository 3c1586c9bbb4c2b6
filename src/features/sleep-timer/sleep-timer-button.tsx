import Button from '@mui/material/Button';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import { useState } from 'react';
import { strings } from '../../lib/strings';
import { LazySleepTimerDialog } from './lazy-sleep-timer-dialog';

/** The home page's 'Sleep timer' button; the dialog's clock lives in the engine, so closing it changes nothing. */
export function SleepTimerButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<BedtimeIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog" sx={{ alignSelf: 'flex-start' }}>
        {strings.sleepTimer}
      </Button>
      <LazySleepTimerDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
