import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { soundName, soundscapesByName } from '../../catalogue/catalogue';
import { constants } from '../../lib/spec-constants';
import { strings } from '../../lib/strings';
import { playableSoundscapes } from '../../stores/player-store';
import { moveDraftItem, parseDuration } from '../../stores/playlist-draft';
import { isValidDuration } from '../../stores/playlist-storage';
import { savePlaylist, type Playlist } from '../../stores/playlist-store';
import { MessageDialog } from './message-dialog';
import { soundEmoji } from './sound-label';

/** An item as the editor holds it: the duration as typed, so a half-typed number is not lost. */
interface DraftRow {
  index: number;
  text: string;
}

const rowsOf = (playlist: Playlist | undefined): DraftRow[] => (playlist?.items ?? []).map((item) => ({ index: item.index, text: String(item.duration) }));

/** Create or edit a playlist: name, description, soundscapes with minutes (SPEC 3, 5). */
export function PlaylistEditorDialog({ playlist, onClose }: { playlist: Playlist | undefined; onClose: () => void }) {
  const titleId = useId();
  const [name, setName] = useState(playlist?.name ?? '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [rows, setRows] = useState<DraftRow[]>(() => rowsOf(playlist));
  const [choice, setChoice] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [showDurationErrors, setShowDurationErrors] = useState(false);
  const durationInputs = useRef(new Map<number, HTMLInputElement>());
  const nameInput = useRef<HTMLInputElement>(null);

  const addable = useMemo(() => soundscapesByName(playableSoundscapes()).filter((sound) => !rows.some((row) => row.index === sound.index)), [rows]);
  const selected = addable.find((sound) => String(sound.index) === choice) ?? addable[0];

  const add = () => {
    if (!selected || rows.some((row) => row.index === selected.index)) return;
    setRows([...rows, { index: selected.index, text: String(constants.defaultPlaylistItemMinutes) }]);
    setChoice('');
  };

  const setText = (at: number, text: string) => setRows(rows.map((row, i) => (i === at ? { ...row, text } : row)));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const items = rows.map((row) => ({ index: row.index, duration: parseDuration(row.text) }));
    const result = savePlaylist({ name, description, items }, playlist?.id ?? null);
    if (result.ok) {
      onClose();
      return;
    }
    if (result.problem === 'name') setAlert(strings.playlistNameRequired);
    else if (result.problem === 'items') setAlert(strings.playlistItemsRequired);
    // Not written: the editor stays open with everything the user typed.
    else if (result.problem === 'storage') setAlert(strings.playlistSaveFailed);
    else {
      setShowDurationErrors(true);
      const firstBad = items.find((item) => !isValidDuration(item.duration));
      if (firstBad) durationInputs.current.get(firstBad.index)?.focus();
    }
  };

  const closeAlert = () => {
    const wasName = alert === strings.playlistNameRequired;
    setAlert(null);
    if (wasName) setTimeout(() => nameInput.current?.focus(), 0);
  };

  const anyInvalid = rows.some((row) => !isValidDuration(parseDuration(row.text)));

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="playlist-editor">
        <form onSubmit={save} noValidate>
          <DialogTitle id={titleId}>{playlist ? strings.editPlaylist : strings.newPlaylist}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField inputRef={nameInput} label={strings.playlistName} value={name} onChange={(e) => setName(e.target.value)} autoFocus fullWidth />
              <TextField label={strings.playlistDescription} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} fullWidth />
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {strings.playlistItems}
              </Typography>
              {rows.length === 0 ? (
                <Typography color="text.secondary">{strings.playlistNoItems}</Typography>
              ) : (
                <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={strings.playlistItems}>
                  {rows.map((row, at) => {
                    const label = soundName(row.index);
                    const invalid = !isValidDuration(parseDuration(row.text));
                    return (
                      <Box component="li" key={row.index} data-testid="playlist-editor-item" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
                        <Typography sx={{ flex: '1 1 8rem', pt: 1, minWidth: 0 }} noWrap>
                          <span aria-hidden="true">{soundEmoji(row.index)} </span>
                          {label}
                        </Typography>
                        <TextField
                          type="number"
                          size="small"
                          label={strings.itemDuration(label)}
                          value={row.text}
                          onChange={(e) => setText(at, e.target.value)}
                          // SPEC 5: non-numeric input reads as 0 (which cannot be saved).
                          onBlur={() => setText(at, String(parseDuration(row.text)))}
                          error={invalid}
                          helperText={invalid ? strings.durationInvalid : strings.durationHint}
                          inputRef={(element: HTMLInputElement | null) => {
                            if (element) durationInputs.current.set(row.index, element);
                            else durationInputs.current.delete(row.index);
                          }}
                          slotProps={{ htmlInput: { min: constants.minPlaylistItemMinutes, max: constants.maxPlaylistItemMinutes, step: 1, inputMode: 'numeric' } }}
                          sx={{ width: '11rem' }}
                        />
                        <Box sx={{ display: 'flex' }}>
                          <IconButton aria-label={strings.moveItemUp(label)} disabled={at === 0} onClick={() => setRows(moveDraftItem(rows, at, at - 1))}>
                            <ArrowUpwardIcon />
                          </IconButton>
                          <IconButton aria-label={strings.moveItemDown(label)} disabled={at === rows.length - 1} onClick={() => setRows(moveDraftItem(rows, at, at + 1))}>
                            <ArrowDownwardIcon />
                          </IconButton>
                          <IconButton aria-label={strings.removeItem(label)} onClick={() => setRows(rows.filter((_, i) => i !== at))}>
                            <DeleteOutlineIcon />
                          </IconButton>
                        </Box>
                      </Box>
                    );
                  })}
                </Stack>
              )}
              {addable.length === 0 ? (
                <Typography color="text.secondary">{strings.allSoundscapesAdded}</Typography>
              ) : (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    select
                    size="small"
                    label={strings.soundscapeToAdd}
                    value={selected ? String(selected.index) : ''}
                    onChange={(e) => setChoice(e.target.value)}
                    slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'playlist-sound-select' } }}
                    sx={{ flex: 1 }}
                  >
                    {addable.map((sound) => (
                      <option key={sound.index} value={String(sound.index)}>
                        {`${sound.emoji} ${sound.name}`}
                      </option>
                    ))}
                  </TextField>
                  <Button onClick={add} variant="outlined">
                    {strings.addSoundscape}
                  </Button>
                </Stack>
              )}
              {showDurationErrors && anyInvalid && (
                <Typography role="alert" color="error">
                  {strings.durationsInvalid}
                </Typography>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{strings.cancel}</Button>
            <Button type="submit" variant="contained">
              {strings.save}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <MessageDialog open={alert !== null} title={strings.cannotSavePlaylist} message={alert ?? ''} onClose={closeAlert} />
    </>
  );
}
