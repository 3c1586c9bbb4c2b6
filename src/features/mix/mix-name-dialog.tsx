import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { strings } from '../../lib/strings';
import { MAX_MIX_NAME_LENGTH } from '../../stores/saved-mix-storage';
import type { SavedMixResult } from '../../stores/saved-mix-store';

const problemText = (result: Exclude<SavedMixResult, { ok: true }>): string =>
  result.problem === 'name' ? strings.mixNameRequired : result.problem === 'nameTooLong' ? strings.mixNameTooLong(MAX_MIX_NAME_LENGTH) : strings.mixSaveFailed;

/**
 * Save or Rename: one name field, validated like playlists' (SPEC 5). The problem shows under the
 * field and the dialog keeps what was typed; `onSubmit` saves and says how it went.
 */
export function MixNameDialog({ title, initialName, onSubmit, onClose }: { title: string; initialName: string; onSubmit: (name: string) => SavedMixResult; onClose: () => void }) {
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = onSubmit(name);
    if (result.ok) onClose();
    else setProblem(problemText(result));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={strings.mixNameLabel}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem !== null}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { maxLength: MAX_MIX_NAME_LENGTH + 20, 'data-testid': 'mix-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{strings.cancel}</Button>
        <Button type="submit" variant="contained">{strings.save}</Button>
      </DialogActions>
      </Box>
    </Dialog>
  );
}
