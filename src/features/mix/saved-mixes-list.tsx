import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteForeverOutlined';
import RenameIcon from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useEffect, useId, useState } from 'react';
import { useSnapshot, type Snapshot } from 'valtio';
import { ownSoundStrings } from '../../lib/own-sound-strings';
import { strings } from '../../lib/strings';
import { offlineStore } from '../../stores/offline-store';
import { deleteMix, dismissSavedMixesRecovered, renameMix, savedMixStore, startSavedMixStore, type SavedMix } from '../../stores/saved-mix-store';
import { ownSoundNames } from '../../stores/own-layers';
import { mixLayerName, mixPartName } from './mix-names';
import { MixNameDialog } from './mix-name-dialog';
import { appPlaces, canPlayPlan, planMix, playMix } from './play-mix';

function SavedMixRow({ mix, onRename, onDelete, onPlayed }: { mix: Snapshot<SavedMix>; onRename: () => void; onDelete: () => void; onPlayed?: () => void }) {
  const offline = useSnapshot(offlineStore);
  // The own sounds on this device: a row names one deleted since (issue 41).
  useSnapshot(ownSoundNames);
  const nameId = useId();
  const plan = planMix(mix, appPlaces(offline));
  const track = mix.sound === null ? [] : [{ sound: mix.sound, ...(mix.soundName === undefined ? {} : { name: mix.soundName }) }];
  const all = [...track, ...mix.layers];
  const parts = all.map(mixLayerName);
  const missing = plan.unavailable.map(mixPartName);
  const gone = all.filter((part) => plan.notOnDevice.includes(part.sound)).map(mixLayerName);
  return (
    <Box component="li" aria-labelledby={nameId} data-testid="saved-mix" sx={{ listStyle: 'none', py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id={nameId} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="saved-mix-name">{mix.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="saved-mix-sounds">{parts.join(' + ')}</Typography>
          {missing.length > 0 && (
            <Typography variant="body2" color="warning.main" data-testid="saved-mix-missing">
              {offline.online ? strings.mixPartsNotHere(missing) : strings.savedMixNotOffline(missing)}
            </Typography>
          )}
          {gone.length > 0 && (
            <Typography variant="body2" color="warning.main" data-testid="saved-mix-gone">{ownSoundStrings.notHere(gone)}</Typography>
          )}
        </Box>
        <IconButton
          color="primary"
          disabled={!canPlayPlan(plan)}
          aria-label={strings.playSavedMix(mix.name)}
          onClick={() => {
            playMix({ sound: mix.sound, ...(mix.soundName === undefined ? {} : { soundName: mix.soundName }), layers: mix.layers, alive: mix.alive, seed: mix.seed });
            onPlayed?.();
          }}
        >
          <PlayArrowIcon />
        </IconButton>
        <IconButton aria-label={strings.renameSavedMix(mix.name)} aria-haspopup="dialog" onClick={onRename}><RenameIcon /></IconButton>
        <IconButton aria-label={strings.deleteSavedMix(mix.name)} aria-haspopup="dialog" onClick={onDelete}><DeleteIcon /></IconButton>
      </Stack>
    </Box>
  );
}

/** The saved mixes: play, rename, delete; the stored list is read when this first shows, and follows other tabs. */
export function SavedMixesList({ labelledBy, onPlayed }: { labelledBy: string; onPlayed?: () => void }) {
  useEffect(() => {
    startSavedMixStore();
  }, []);
  const { mixes, recovered } = useSnapshot(savedMixStore);
  const [renaming, setRenaming] = useState<Snapshot<SavedMix> | null>(null);
  const [deleting, setDeleting] = useState<Snapshot<SavedMix> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmId = useId();
  return (
    <>
      {recovered && (
        <Alert severity="warning" onClose={() => dismissSavedMixesRecovered()} slotProps={{ closeButton: { 'aria-label': strings.dismiss } }} data-testid="saved-mixes-recovered" sx={{ mb: 1 }}>
          {strings.savedMixesRecovered}
        </Alert>
      )}
      {failure && <Alert severity="error" onClose={() => setFailure(null)} slotProps={{ closeButton: { 'aria-label': strings.dismiss } }} sx={{ mb: 1 }}>{failure}</Alert>}
      {mixes.length === 0 ? (
        <Typography color="text.secondary" data-testid="saved-mixes-empty">{strings.savedMixesEmpty}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={labelledBy} data-testid="saved-mixes" sx={{ m: 0, p: 0 }}>
          {mixes.map((mix) => (
            <SavedMixRow key={mix.id} mix={mix} onRename={() => setRenaming(mix)} onDelete={() => setDeleting(mix)} onPlayed={onPlayed} />
          ))}
        </Box>
      )}
      {renaming && <MixNameDialog title={strings.renameMix} initialName={renaming.name} onSubmit={(name) => renameMix(renaming.id, name)} onClose={() => setRenaming(null)} />}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} role="alertdialog" aria-labelledby={confirmId} maxWidth="xs">
        <DialogTitle id={confirmId}>{strings.confirmDeleteMixTitle(deleting?.name ?? '')}</DialogTitle>
        <DialogContent><DialogContentText>{strings.confirmDeleteMixBody}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} autoFocus>{strings.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (deleting && !deleteMix(deleting.id).ok) setFailure(strings.mixChangeFailed(deleting.name));
              setDeleting(null);
            }}
          >
            {strings.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
