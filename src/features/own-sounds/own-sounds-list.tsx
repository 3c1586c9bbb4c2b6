import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteForeverOutlined';
import RenameIcon from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { memo, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatBytes } from '../../lib/format-bytes';
import { ownSoundStrings as s } from '../../lib/own-sound-strings';
import { DeleteOwnSoundDialog, RenameOwnSoundDialog } from './own-sound-dialogs';
import { OwnSoundEmojiMenu } from './own-sound-emoji-menu';
import type { Snapshot } from 'valtio/vanilla';
import type { OwnSoundRecord } from '../../lib/own-sounds-db';
import { ownTrack } from '../../stores/own-track';
import { deleteOwnSound, toggleOwnSound } from './own-sounds-store';

/** A sound's Play, or Pause while it plays as the track: it follows the track at once, not with the list. */
function OwnSoundPlayButton({ id, name }: { id: string; name: string }) {
  const track = useSnapshot(ownTrack);
  const playing = track.id === id && track.playing;
  return (
    <IconButton color="primary" aria-label={playing ? s.pause(name) : s.play(name)} aria-pressed={playing} onClick={() => toggleOwnSound(id)} data-testid="own-sound-play">
      {playing ? <PauseIcon /> : <PlayArrowIcon />}
    </IconButton>
  );
}

/**
 * The stored sounds: play as the track (a second tap pauses), choose an emoji, rename, delete. Memoized: the section
 * passes the store's deferred snapshot (lib/use-deferred-store.ts), so a new row mounts in the background.
 */
export const OwnSoundsList = memo(function OwnSoundsList({ sounds }: { sounds: Snapshot<OwnSoundRecord[]> }) {
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const headingId = useId();
  if (sounds.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="own-sounds">
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>{s.sectionTitle}</Typography>
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {sounds.map((sound) => (
          <Box component="li" key={sound.id} data-testid="own-sound" sx={{ listStyle: 'none', py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <OwnSoundPlayButton id={sound.id} name={sound.name} />
              <OwnSoundEmojiMenu id={sound.id} name={sound.name} emoji={sound.emoji} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="own-sound-name-text">{sound.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.detail(sound.frames / sound.sampleRate, formatBytes(sound.storedBytes))}
                </Typography>
              </Box>
              <IconButton aria-label={s.renameNamed(sound.name)} aria-haspopup="dialog" onClick={() => setRenaming({ id: sound.id, name: sound.name })}><RenameIcon /></IconButton>
              <IconButton aria-label={s.deleteNamed(sound.name)} aria-haspopup="dialog" onClick={() => setDeleting({ id: sound.id, name: sound.name })}><DeleteIcon /></IconButton>
            </Stack>
          </Box>
        ))}
      </Box>
      {renaming && <RenameOwnSoundDialog id={renaming.id} name={renaming.name} onClose={() => setRenaming(null)} />}
      {deleting && (
        <DeleteOwnSoundDialog
          name={deleting.name}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            void deleteOwnSound(deleting.id);
            setDeleting(null);
          }}
        />
      )}
    </Box>
  );
});
