import { Suspense, useEffect, useState, type ComponentType } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { toggleSidebar, uiStore } from '../../stores/ui-store';
import { layout } from '../../lib/layout';
import { documentTitle } from '../../lib/strings';
import { MOBILE_QUERY, Sidebar } from './sidebar';
import { OfflineStatus } from '../../features/offline/offline-status';
import { SleepTimerChip } from '../../features/sleep-timer/sleep-timer-chip';
import type { LastMixSources } from '../../stores/last-mix';
import { mixStore } from '../../stores/mix-store';
import { noiseStore } from '../../stores/noise-store';
import { ownTrack } from '../../stores/own-track';
import { playerStore } from '../../stores/player-store';
import { sleepTimerStore } from '../../stores/sleep-timer-store';
import { matchedRoute, pageTitle } from '../route-match';
import { PageErrorBoundary } from '../route-error';
import { HydrationMark, useHydrated } from '../../lib/use-hydrated';
import { isSidebarShortcut, takeEarlySidebarShortcuts } from '../../lib/early-shortcut';

/**
 * The player bar is hidden until something plays (SPEC 2): its code loads then, and stays. A chunk
 * that cannot load (offline before the service worker cached it) is tried again at the next change.
 * The dock keeps what plays as the last mix (issue 40) of the stores handed to it here: imported by
 * the dock's chunk, the sleep timer's store would be split out of this one into the first load.
 */
const lastMixSources: LastMixSources = { player: playerStore, own: ownTrack, mix: mixStore, noise: noiseStore, timer: sleepTimerStore };

function PlayerDockSlot() {
  const player = useSnapshot(playerStore);
  const noise = useSnapshot(noiseStore);
  const own = useSnapshot(ownTrack);
  const [Dock, setDock] = useState<ComponentType<{ lastMix: LastMixSources }> | null>(null);
  const wanted = (player.status !== 'idle' && player.currentIndex !== null) || (noise.colour !== null && noise.status !== 'stopped') || own.id !== null;
  useEffect(() => {
    if (!wanted || Dock) return;
    let current = true;
    import('./player-dock').then(
      (module) => current && setDock(() => module.default),
      (error: unknown) => console.warn('Lull: the player bar could not load yet:', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, Dock, player.status, noise.status, own.id]);
  return Dock ? <Dock lastMix={lastMixSources} /> : null;
}

function useSidebarShortcut() {
  useEffect(() => {
    // Asked at key time, not captured at render: a resize just before the key press must not toggle the wrong sidebar.
    const toggle = () => toggleSidebar(window.matchMedia(MOBILE_QUERY).matches);
    const onKey = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    // Presses made before hydration, in order.
    for (let press = takeEarlySidebarShortcuts(); press > 0; press--) toggle();
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

const skipLinkSx = {
  position: 'absolute',
  left: 8,
  top: -64,
  zIndex: 2000,
  px: 2,
  py: 1,
  bgcolor: 'background.paper',
  borderRadius: 1,
  '&:focus': { top: 8 },
} as const;

/**
 * The header's sidebar button. Screen size and the stored sidebar state are read here, in the
 * leaf, so their post-hydration update re-renders this button, not the whole page.
 */
function SidebarToggle() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const ui = useSnapshot(uiStore);
  const hydrated = useHydrated();
  const expanded = isMobile ? ui.drawerOpen : !hydrated || ui.sidebarOpen;
  return (
    <IconButton
      edge="start"
      onClick={() => toggleSidebar(isMobile)}
      aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
      aria-expanded={expanded}
      aria-keyshortcuts="Control+B Meta+B"
      title="Toggle sidebar (Ctrl+B)"
    >
      <MenuIcon />
    </IconButton>
  );
}

// Responsive like `p` (every breakpoint), or p's media queries win and the floating player bar covers the page's last controls.
const mainPaddingBottom = { xs: `${layout.playerBarHeightPx + 48}px`, sm: `${layout.playerBarHeightPx + 48}px` };

export function AppLayout() {
  const { pathname } = useLocation();
  const title = pageTitle(matchedRoute(pathname));
  useSidebarShortcut();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Link href="#main" sx={skipLinkSx}>Skip to content</Link>
      <Sidebar />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }} component="header">
          <Toolbar variant="dense" sx={{ gap: 1 }}>
            <SidebarToggle />
            <Typography component="h1" variant="h6" data-testid="page-title" sx={{ fontWeight: 700, fontSize: '1.1rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            <SleepTimerChip />
          </Toolbar>
        </AppBar>
        <OfflineStatus />
        <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, sm: 3 }, pb: mainPaddingBottom, outline: 'none', maxWidth: 1100, width: '100%', mx: 'auto' }}>
          {/* Navigations are transitions (BrowserRouter): while the next page's chunk loads, the
              current page stays; the fallback shows only if a page suspends outside a transition. */}
          <Suspense fallback={<CircularProgress aria-label="Loading page" />}>
            <PageErrorBoundary pathname={pathname}>
              <Outlet />
            </PageErrorBoundary>
            <HydrationMark />
          </Suspense>
        </Box>
      </Box>
      <PlayerDockSlot />
    </Box>
  );
}
