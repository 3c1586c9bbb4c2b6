import Chip from '@mui/material/Chip';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { formatRemaining, sleepTimerStore } from '../../stores/sleep-timer-store';
import { LazySleepTimerDialog } from './lazy-sleep-timer-dialog';

/** The time left, visible on every route while the timer runs; opens the dialog. */
export function SleepTimerChip() {
  const timer = useSnapshot(sleepTimerStore);
  const [open, setOpen] = useState(false);
  if (timer.status === 'idle' && !open) return null;
  const label = timer.status === 'fading' ? strings.sleepTimerFading : strings.sleepTimerRemaining(formatRemaining(timer.remainingSeconds));
  return (
    <>
      {timer.status !== 'idle' && (
        <Chip
          icon={<BedtimeIcon />}
          label={label}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          data-testid="sleep-timer-chip"
          variant="outlined"
          sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}
        />
      )}
      <LazySleepTimerDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
