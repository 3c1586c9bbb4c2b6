import { useCallback, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useSnapshot } from 'valtio';
import { soundName, soundscapes } from '../../catalogue/catalogue';
import { offlineService } from './offline-service';
import { formatBytes } from '../../lib/format-bytes';
import { SettingsSection } from '../../lib/settings-section';
import { strings } from '../../lib/strings';
import type { CachedSoundInfo } from '../../lib/cache-contract';
import { offlineStore } from '../../stores/offline-store';

type Load = { state: 'loading' } | { state: 'ready'; items: CachedSoundInfo[] } | { state: 'failed'; message: string };

/** Settings: what the saved sounds cost on this device, and removing them one by one or all. */
export function CachedSoundsPanel() {
  const offline = useSnapshot(offlineStore);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const result = await offlineService().listCachedSounds();
    setLoad(result.ok ? { state: 'ready', items: result.items } : { state: 'failed', message: strings.indexedDbError(result.message) });
  }, []);

  // Re-read whenever the set of saved sounds changes (a save finishing while this page is open).
  const savedKey = offline.cachedSoundIds.join(',');
  useEffect(() => {
    void refresh();
  }, [refresh, savedKey]);

  const remove = async (id: number) => {
    const result = await offlineService().removeCachedSound(id);
    setError(result.ok ? null : strings.indexedDbError(result.message));
    await refresh();
  };

  const removeAll = async () => {
    setConfirmOpen(false);
    const result = await offlineService().clearCachedSounds();
    setError(result.ok ? null : strings.indexedDbError(result.message));
    await refresh();
  };

  const items = load.state === 'ready' ? load.items : [];
  const total = items.reduce((sum, item) => sum + item.storedBytes, 0);

  return (
    <SettingsSection id="cached-sounds-heading" title={strings.cachedSoundsHeading} intro={strings.cachedSoundsIntro} testId="cached-sounds">
      {load.state === 'failed' && <Typography color="error" role="alert">{load.message}</Typography>}
      {error && <Typography color="error" role="alert">{error}</Typography>}
      {load.state === 'ready' && items.length === 0 && <Typography color="text.secondary">{strings.cachedSoundsEmpty}</Typography>}
      {items.length > 0 && (
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="cached-sounds-total">{strings.cachedSoundsTotal(formatBytes(total), items.length)}</Typography>
          <List dense aria-label={strings.cachedSoundsHeading}>
            {items.map((item) => {
              const name = soundName(item.soundscapeId);
              const detail = item.corrupt
                ? 'Unreadable copy'
                : `${formatBytes(item.storedBytes)} stored (a ${formatBytes(item.fileBytes)} file) · saved ${new Date(item.savedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`;
              return (
                <ListItem
                  key={item.soundscapeId}
                  data-testid="cached-sound"
                  data-bytes={item.storedBytes}
                  data-file-bytes={item.fileBytes}
                  secondaryAction={
                    <IconButton edge="end" aria-label={strings.removeCachedSound(name)} onClick={() => void remove(item.soundscapeId)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={`${soundscapes[item.soundscapeId]?.emoji ?? ''} ${name}`.trim()} secondary={detail} />
                </ListItem>
              );
            })}
          </List>
          <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirmOpen(true)}>
            {strings.removeAllCachedSounds}
          </Button>
        </>
      )}
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby="remove-all-title" aria-describedby="remove-all-body">
        <DialogTitle id="remove-all-title">{strings.confirmRemoveAllTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-all-body">{strings.confirmRemoveAllBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)} autoFocus>{strings.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => void removeAll()}>{strings.removeAllCachedSounds}</Button>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  );
}
