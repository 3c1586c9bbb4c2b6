import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { MAX_OWN_SOUND_NAME_LENGTH, ownSoundStrings as s } from '../../lib/own-sound-strings';
import { renameOwnSound, validateOwnSoundName } from './own-sounds-store';

/** Rename, validated like a playlist's name: the problem is said in the dialog, and nothing is saved until it passes. */
export function RenameOwnSoundDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const save = async () => {
    const invalid = validateOwnSoundName(value);
    if (invalid) {
      setProblem(invalid === 'required' ? s.nameRequired : s.nameTooLong(MAX_OWN_SOUND_NAME_LENGTH));
      return;
    }
    if (await renameOwnSound(id, value)) onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{s.renameTitle}</DialogTitle>
      <DialogContent>
        {problem && <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="own-sound-name-problem">{problem}</Alert>}
        <TextField
          label={s.nameLabel}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
          }}
          autoFocus
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: MAX_OWN_SOUND_NAME_LENGTH + 20, 'data-testid': 'own-sound-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{s.cancel}</Button>
        <Button variant="contained" onClick={() => void save()}>{s.save}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Delete asks first. */
export function DeleteOwnSoundDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open onClose={onClose} role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>{s.confirmDeleteTitle(name)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{s.confirmDeleteBody}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>{s.cancel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} data-testid="own-sound-confirm-delete">{s.delete}</Button>
      </DialogActions>
    </Dialog>
  );
}
