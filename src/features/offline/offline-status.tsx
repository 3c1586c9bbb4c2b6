import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { Link as RouterLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { strings } from '../../lib/strings';
import { clearStatus, offlineStore, setUpdateAvailable, type StatusTone } from '../../stores/offline-store';
import { startOfflineMonitor } from './offline-monitor';
import { applyUpdate } from './register-service-worker';

const toneColour: Record<StatusTone, string> = {
  info: 'info.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
};

const barSx = { display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, borderLeft: 4, borderRadius: 1 } as const;

/**
 * The offline status line (connectivity, cache and playback-source messages) and the update
 * prompt, sticky under the header so it never covers a control. The live regions stay mounted,
 * so screen readers announce each new message.
 */
export function OfflineStatus() {
  const offline = useSnapshot(offlineStore);
  useEffect(() => startOfflineMonitor(), []);
  const status = offline.status;

  return (
    <Box sx={{ position: 'sticky', top: 48, zIndex: 'appBar', px: { xs: 1, sm: 2 }, display: 'grid', gap: 0.5, '&:empty': { display: 'none' } }}>
      <Box role="status" aria-live="polite" aria-atomic="true" data-testid="offline-status" data-tone={status?.tone}>
        {status && (
          <Paper elevation={2} sx={{ ...barSx, mt: 0.5, borderColor: toneColour[status.tone] }}>
            <Typography variant="body2" sx={{ flex: 1, py: 0.75 }} data-testid="offline-status-message">{status.message}</Typography>
            {status.link === 'settings' && (
              <Link component={RouterLink} to="/settings" variant="body2" data-testid="offline-status-link" sx={{ flexShrink: 0 }}>{strings.openSettings}</Link>
            )}
            <IconButton size="small" aria-label={strings.dismiss} onClick={() => clearStatus(status.id)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Paper>
        )}
      </Box>
      <Box role="status" aria-live="polite" data-testid="update-prompt">
        {offline.updateAvailable && (
          <Paper elevation={2} sx={{ ...barSx, mt: 0.5, borderColor: 'primary.main' }}>
            <SystemUpdateAltIcon fontSize="small" aria-hidden />
            <Typography variant="body2" sx={{ flex: 1, py: 0.75 }}>{strings.updateAvailable}</Typography>
            <Button size="small" variant="contained" onClick={applyUpdate}>{strings.reload}</Button>
            <Button size="small" onClick={() => setUpdateAvailable(false)}>{strings.dismiss}</Button>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
