import { useEffect, useState } from 'react';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatBytes } from '../../lib/format-bytes';
import { ownSoundEmoji, ownSoundStrings as s } from '../../lib/own-sound-strings';
import { holdsOwnSounds } from '../../lib/own-sounds-db-name';
import { SettingsSection } from '../../lib/settings-section';
import type { OwnSoundRecord } from '../../lib/own-sounds-db';

type Load = { state: 'loading' } | { state: 'ready'; sounds: OwnSoundRecord[] } | { state: 'failed' };

/** Read only: the database is opened only where it exists (a visit to Settings creates nothing). */
async function readOwnSounds(): Promise<OwnSoundRecord[]> {
  if (!(await holdsOwnSounds())) return [];
  const { listOwnSounds, openOwnSoundsDb } = await import('../../lib/own-sounds-db');
  const db = await openOwnSoundsDb();
  try {
    return await listOwnSounds(db);
  } finally {
    db.close();
  }
}

/** Settings (issue 41): the storage Your sounds use on this device, beside the offline sounds. Managed on the home page. */
export function OwnSoundsStoragePanel() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    readOwnSounds().then(
      (sounds) => live && setLoad({ state: 'ready', sounds }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const sounds = load.state === 'ready' ? load.sounds : [];
  const total = sounds.reduce((sum, sound) => sum + sound.storedBytes, 0);
  return (
    <SettingsSection id="own-sounds-storage-heading" title={s.sectionTitle} intro={s.settingsIntro} testId="own-sounds-storage">
      {load.state === 'failed' && <Typography color="error" role="alert">{s.settingsFailed}</Typography>}
      {load.state === 'ready' && sounds.length === 0 && <Typography color="text.secondary">{s.settingsEmpty}</Typography>}
      {sounds.length > 0 && (
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="own-sounds-storage-total">{s.settingsTotal(formatBytes(total), sounds.length)}</Typography>
          <List dense aria-label={s.sectionTitle}>
            {sounds.map((sound) => (
              <ListItem key={sound.id} data-testid="own-sounds-storage-item">
                <ListItemText primary={`${ownSoundEmoji(sound.emoji)} ${sound.name}`} secondary={s.detail(sound.frames / sound.sampleRate, formatBytes(sound.storedBytes))} sx={{ overflowWrap: 'anywhere' }} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <Link component={RouterLink} to="/">{s.settingsManage}</Link>
    </SettingsSection>
  );
}
