import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { strings } from '../../lib/strings';

interface AlertFrameProps {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
  messageTestId?: string;
  children: ReactNode;
}

/** An alert dialog: its title and message named for screen readers, the actions below. */
function AlertFrame({ open, title, message, onClose, messageTestId, children }: AlertFrameProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onClose} role="alertdialog" aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} data-testid={messageTestId}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>{children}</DialogActions>
    </Dialog>
  );
}

/**
 * SPEC's "alert", as an accessible MUI alert dialog instead of window.alert: window.alert blocks
 * the page's timers (playlist items, the sleep timer) while it is open, and cannot be themed.
 */
export function MessageDialog({ open, title, message, onClose }: { open: boolean; title: string; message: string; onClose: () => void }) {
  return (
    <AlertFrame open={open} title={title} message={message} onClose={onClose} messageTestId="playlist-alert">
      <Button onClick={onClose} variant="contained" autoFocus>
        {strings.ok}
      </Button>
    </AlertFrame>
  );
}

/** Asks before something is removed for good. */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onClose }: { open: boolean; title: string; message: string; confirmLabel: string; onConfirm: () => void; onClose: () => void }) {
  return (
    <AlertFrame open={open} title={title} message={message} onClose={onClose}>
      <Button onClick={onClose} autoFocus>
        {strings.cancel}
      </Button>
      <Button onClick={onConfirm} color="error" variant="contained">
        {confirmLabel}
      </Button>
    </AlertFrame>
  );
}
