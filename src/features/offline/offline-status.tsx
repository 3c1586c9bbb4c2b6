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
import { useHydrated } from '../../lib/use-hydrated';
import { whenOfflineAtLoad } from '../../lib/first-paint';

/** The dismiss button's size (IconButton small: 5 px padding around a 20 px icon). */
const DISMISS_PX = 30;

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
  const hydrated = useHydrated();

  return (
    // Spaced by each paper's own top margin, not a grid gap: the empty live regions would each add a
    // gap, so the held place (one more item) stood 4 px taller than the line that replaces it (issue 39).
    <Box sx={{ position: 'sticky', top: 48, zIndex: 'appBar', px: { xs: 1, sm: 2 } }}>
      {/* The offline line's place, held by the prerender when the first-paint script found the browser offline (issue 39):
          the same paper and words, out of the live region (the real one is announced when it comes), hidden as it arrives
          (kept in the document, so hydration removes no prerendered node). */}
      <Box aria-hidden="true" data-testid="offline-status-space" sx={hydrated || status ? { display: 'none' } : { display: 'none', [whenOfflineAtLoad]: { display: 'block' } }}>
        <Paper elevation={2} sx={{ ...barSx, mt: 0.5, borderColor: toneColour.warning }}>
          <Typography variant="body2" sx={{ flex: 1, py: 0.75 }}>{strings.youAreOffline}</Typography>
          <Box sx={{ width: DISMISS_PX, height: DISMISS_PX, flexShrink: 0 }} />
        </Paper>
      </Box>
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
