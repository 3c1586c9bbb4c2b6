import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import NativeSelect from '@mui/material/NativeSelect';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { formatRemaining, parseTimerMinutes, SLEEP_FADE_CHOICES, sleepTimerStore } from '../../stores/sleep-timer-store';
import { setSleepFade, startSleepTimer, stopSleepTimer } from '../../engine/sleep-timer';

/** SPEC 2 and 4: choose minutes, Start timer counts down (mm:ss), Stop timer cancels. */
export function SleepTimerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const timer = useSnapshot(sleepTimerStore);
  const [text, setText] = useState(() => String(sleepTimerStore.lastMinutes));
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const fadeId = useId();
  const running = timer.status !== 'idle';

  const start = (event: FormEvent) => {
    event.preventDefault();
    const minutes = parseTimerMinutes(text);
    if (minutes === undefined) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    startSleepTimer(minutes);
    // Issue 13: the countdown shows in the app bar, so the dialog has done its job.
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={start} noValidate>
        <DialogTitle id={titleId}>{strings.sleepTimer}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{strings.sleepTimerIntro}</DialogContentText>
          {running && (
            <Typography role="timer" data-testid="sleep-timer-remaining" variant="h3" component="p" sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'center', mb: 2 }}>
              {formatRemaining(timer.remainingSeconds)}
            </Typography>
          )}
          <TextField
            inputRef={input}
            label={strings.sleepTimerMinutes}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (invalid) setInvalid(parseTimerMinutes(event.target.value) === undefined);
            }}
            error={invalid}
            helperText={invalid ? strings.sleepTimerInvalid : ' '}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'sleep-timer-minutes' } }}
          />
          <Typography component="label" htmlFor={fadeId} variant="body2">{strings.sleepFade}</Typography>
          {/* Issue 23: the whole mix fades over the timer's last minutes; SPEC's ~1 s fade stays the default. */}
          <NativeSelect fullWidth value={timer.fadeMinutes} onChange={(event) => setSleepFade(Number(event.target.value))} inputProps={{ id: fadeId }}>
            {SLEEP_FADE_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>{strings.sleepFadeChoice(minutes)}</option>
            ))}
          </NativeSelect>
        </DialogContent>
        <DialogActions>
          {running && (
            <Button onClick={() => stopSleepTimer()} color="secondary">
              {strings.stopTimer}
            </Button>
          )}
          <Button type="submit" variant="contained">
            {strings.startTimer}
          </Button>
          <Button onClick={onClose}>{strings.close}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
