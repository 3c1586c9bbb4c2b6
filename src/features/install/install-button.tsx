import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InstallDesktop from '@mui/icons-material/InstallDesktop';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { installState, promptInstall } from './install-prompt';

/** Shown only while the browser offers an install prompt; hidden after install. */
export function InstallButton() {
  const install = useSnapshot(installState);
  if (install.installed) return <Typography>Lull is installed on this device.</Typography>;
  if (!install.canInstall) {
    return <Typography color="text.secondary">Your browser is not offering to install Lull right now. In some browsers you can install it from the browser menu.</Typography>;
  }
  return (
    <Button variant="contained" startIcon={<InstallDesktop />} onClick={() => void promptInstall()}>
      {strings.install}
    </Button>
  );
}
