import Button from '@mui/material/Button';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { formatRemaining, sleepTimerStore } from '../../stores/sleep-timer-store';
import { LazySleepTimerDialog } from './lazy-sleep-timer-dialog';

/**
 * The sleep timer's control in the app bar, on every route (issue 13: noise pages too): 'Sleep
 * timer' while idle, the time left while it runs; both open the dialog. One element in both
 * states, so focus returns to it when the dialog closes on Start.
 */
export function SleepTimerChip() {
  const timer = useSnapshot(sleepTimerStore);
  const [open, setOpen] = useState(false);
  const running = timer.status !== 'idle';
  const label = !running ? strings.sleepTimer : timer.status === 'fading' ? strings.sleepTimerFading : strings.sleepTimerRemaining(formatRemaining(timer.remainingSeconds));
  return (
    <>
      {/* A Button drawn as MUI's Chip (rounded, small): Chip's own module stays off the first load. */}
      <Button
        size="small"
        startIcon={<BedtimeIcon />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid={running ? 'sleep-timer-chip' : 'sleep-timer-button'}
        variant={running ? 'contained' : 'outlined'}
        color={running ? 'primary' : 'inherit'}
        sx={{ ml: 'auto', borderRadius: 4, textTransform: 'none', fontVariantNumeric: 'tabular-nums', lineHeight: 1.2, minWidth: 0, borderColor: running ? undefined : 'divider' }}
      >
        {label}
      </Button>
      <LazySleepTimerDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
