import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { Component, useEffect, type ReactNode } from 'react';
import { reportError } from '../lib/error-reporting';

/** A page that failed to load or render: say so, offer a reload, report it. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => reportError(error, 'Route error:'), [error]);
  return (
    // Drawn like MUI's error Alert without its module: this must render when chunks fail, so it is not lazy.
    <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1, borderLeft: 4, borderColor: 'error.main', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Typography variant="body2" sx={{ flex: 1 }}>This page could not be loaded. Check your connection and reload.</Typography>
      <Button color="inherit" onClick={() => window.location.reload()}>Reload</Button>
    </Box>
  );
}

interface PageErrorBoundaryProps {
  /** The path shown: an error belongs to its page, so navigating elsewhere renders that page again. */
  readonly pathname: string;
  readonly children: ReactNode;
}

interface PageErrorBoundaryState {
  /** The error caught, and the path it was caught at (known from the render after the catch). */
  readonly failed: { readonly error: unknown; readonly pathname: string | undefined } | null;
}

/** Around the routed page (where the data router's errorElement was): a page module that cannot load or a page that throws shows RouteError inside the layout. */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: null };

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    // No props here: getDerivedStateFromProps, which runs before the render that follows, adds the path.
    return { failed: { error, pathname: undefined } };
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageErrorBoundaryState): Partial<PageErrorBoundaryState> | null {
    if (!state.failed) return null;
    if (state.failed.pathname === undefined) return { failed: { error: state.failed.error, pathname: props.pathname } };
    return state.failed.pathname === props.pathname ? null : { failed: null };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}
