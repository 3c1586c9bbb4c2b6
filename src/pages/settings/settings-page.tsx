import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AudioSessionSetting } from '../../features/audio-session/audio-session-setting';
import { InstallButton } from '../../features/install/install-button';
import { CachedSoundsPanel } from '../../features/offline/cached-sounds-panel';
import { OwnSoundsStoragePanel } from '../../features/own-sounds/own-sounds-storage-panel';
import { ListeningStats } from '../../features/stats/listening-stats';

export default function SettingsPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="install-heading">
        <Typography variant="h2" component="h2" id="install-heading" gutterBottom>Install</Typography>
        <Typography sx={{ mb: 2 }}>Install Lull to open it like an app and listen offline.</Typography>
        <InstallButton />
      </Paper>
      <AudioSessionSetting />
      <CachedSoundsPanel />
      <OwnSoundsStoragePanel />
      <ListeningStats />
    </Stack>
  );
}
