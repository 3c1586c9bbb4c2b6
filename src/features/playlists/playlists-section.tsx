import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useSnapshot, type Snapshot } from 'valtio';
import { useHydrated } from '../../lib/use-hydrated';
import { strings } from '../../lib/strings';
import { playerStore } from '../../stores/player-store';
import { deletePlaylist, dismissRecoveredNotice, movePlaylist, playlistStore, type Playlist } from '../../stores/playlist-store';
import { loadPlaylistPlayback, playPlaylist, stopPlaylist } from './playlist-actions';
import { ConfirmDialog, MessageDialog, PlaylistEditorDialog } from './lazy-dialogs';
import { soundName } from '../../catalogue/catalogue';
import { soundEmoji } from './sound-label';
import { Pill } from '../../lib/pill';
import { reportError } from '../../lib/error-reporting';

// Shown only after stored playlists had to be recovered: MUI's Alert loads then, not on every first load.
const Alert = lazy(() => import('@mui/material/Alert'));

function PlaylistCard({
  playlist,
  position,
  count,
  onEdit,
  onDelete,
  onMoveFailed,
}: {
  playlist: Snapshot<Playlist>;
  position: number;
  count: number;
  onEdit: () => void;
  onDelete: () => void;
  onMoveFailed: (message: string) => void;
}) {
  const { active } = useSnapshot(playlistStore);
  const player = useSnapshot(playerStore);
  const headingId = useId();
  const isActive = active?.playlistId === playlist.id;
  const stateLabel = player.intent === 'play' && player.status !== 'idle' ? strings.playing : strings.paused;
  const move = (offset: number) => {
    if (!movePlaylist(playlist.id, offset).ok) onMoveFailed(strings.playlistMoveFailed(playlist.name));
  };

  return (
    <Paper component="li" variant="outlined" data-testid="playlist" data-active={isActive ? 'true' : 'false'} aria-labelledby={headingId} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" data-testid="playlist-name" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {playlist.name}
          </Typography>
          {playlist.description && (
            <Typography color="text.secondary" data-testid="playlist-description" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {playlist.description}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, alignItems: 'center', flexWrap: 'wrap' }}>
          {isActive ? (
            <Button onClick={() => stopPlaylist()} startIcon={<StopIcon />} variant="contained" color="secondary">
              {strings.stopPlaylist}
            </Button>
          ) : (
            <Button onClick={() => playPlaylist(playlist.id)} startIcon={<PlayArrowIcon />} variant="contained" aria-label={strings.playPlaylistNamed(playlist.name)}>
              {strings.playPlaylist}
            </Button>
          )}
          <IconButton onClick={onEdit} aria-label={strings.editPlaylistNamed(playlist.name)} aria-haspopup="dialog">
            <EditIcon />
          </IconButton>
          <IconButton onClick={() => move(-1)} disabled={position === 0} aria-label={strings.movePlaylistUp(playlist.name)}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton onClick={() => move(1)} disabled={position === count - 1} aria-label={strings.movePlaylistDown(playlist.name)}>
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton onClick={onDelete} aria-label={strings.deletePlaylistNamed(playlist.name)} aria-haspopup="dialog">
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      </Stack>
      <List dense aria-label={strings.playlistItems} sx={{ mt: 1 }}>
        {playlist.items.map((item, at) => {
          // An item edited out while it plays leaves nothing highlighted (the next one is not playing yet).
          const current = isActive && active?.index === at && !active.removed;
          const name = soundName(item.index);
          const label = current ? (active?.problem === 'missing' ? strings.skippingMissing : active?.problem === 'failed' ? strings.skippingFailed : stateLabel) : null;
          return (
            <ListItem key={item.index} disablePadding>
            <ListItemButton
              selected={current}
              aria-current={current ? 'true' : undefined}
              onClick={() => playPlaylist(playlist.id, at)}
              data-testid="playlist-item"
              data-current={current ? 'true' : 'false'}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText primary={`${soundEmoji(item.index)} ${name}`} secondary={strings.minutesShort(item.duration)} />
              {label && <Pill small label={label} filled={label === strings.playing} testId="playlist-item-state" />}
            </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}

/** SPEC 2: the home page's Playlists section with Create Playlist. */
export function PlaylistsSection() {
  const snapshot = useSnapshot(playlistStore);
  // The prerendered page has no playlists (they live on the device); they appear once hydrated.
  const hydrated = useHydrated();
  const playlists = hydrated ? snapshot.playlists : [];
  const recovered = hydrated && snapshot.recovered;
  const headingId = useId();
  const hasPlaylists = playlists.length > 0;
  useEffect(() => {
    if (hasPlaylists) loadPlaylistPlayback().catch((error: unknown) => reportError(error, 'Lull: the playlist player could not be loaded:'));
  }, [hasPlaylists]);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editingPlaylist = editing?.id ? playlistStore.playlists.find((p) => p.id === editing.id) : undefined;

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="playlists-section">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {strings.playlists}
        </Typography>
        <Button onClick={() => setEditing({ id: null })} startIcon={<AddIcon />} variant="outlined" aria-haspopup="dialog">
          {strings.createPlaylist}
        </Button>
      </Stack>
      {recovered && (
        <Suspense fallback={null}>
          <Alert severity="warning" onClose={() => dismissRecoveredNotice()} data-testid="playlists-recovered" sx={{ mb: 1.5 }}>
            {strings.playlistsRecovered}
          </Alert>
        </Suspense>
      )}
      {playlists.length === 0 ? (
        <Typography color="text.secondary">{strings.playlistsEmpty}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {playlists.map((playlist, position) => (
            <PlaylistCard
              key={playlist.id}
              playlist={playlist}
              position={position}
              count={playlists.length}
              onEdit={() => setEditing({ id: playlist.id })}
              onDelete={() => setDeleting({ id: playlist.id, name: playlist.name })}
              onMoveFailed={setFailure}
            />
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {editing && <PlaylistEditorDialog key={editing.id ?? 'new'} playlist={editingPlaylist} onClose={() => setEditing(null)} />}
        {deleting && (
          <ConfirmDialog
            open
            title={strings.confirmDeletePlaylistTitle(deleting.name)}
            message={strings.confirmDeletePlaylistBody}
            confirmLabel={strings.delete}
            onConfirm={() => {
              if (!deletePlaylist(deleting.id).ok) setFailure(strings.playlistDeleteFailed(deleting.name));
              setDeleting(null);
            }}
            onClose={() => setDeleting(null)}
          />
        )}
        {failure !== null && <MessageDialog open title={strings.cannotChangePlaylists} message={failure} onClose={() => setFailure(null)} />}
      </Suspense>
    </Box>
  );
}
