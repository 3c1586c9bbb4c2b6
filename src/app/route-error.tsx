import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { reportError } from '../lib/error-reporting';

/** A page that failed to load or render: say so, offer a reload, report it. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportError(error, 'Route error:'), [error]);
  return (
    <Alert severity="error" action={<Button color="inherit" onClick={() => window.location.reload()}>Reload</Button>}>
      This page could not be loaded. Check your connection and reload.
    </Alert>
  );
}
