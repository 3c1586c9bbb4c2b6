import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnapshot } from 'valtio';
import { uiStore } from '../../stores/ui-store';
import { layout } from '../../lib/layout';
import { useHydrated } from '../../lib/use-hydrated';
import { FIRST_PAINT, whileSidebarCollapsedByScript } from '../../lib/first-paint';
import { SidebarContent } from './sidebar-content';

// The phone's drawer (MUI's Drawer, Modal, focus trap and transitions) loads when it first opens: the first screen never shows it.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((module) => ({ default: module.MobileDrawer })));

/** Phones get the temporary drawer; wider screens the permanent sidebar. */
export const MOBILE_QUERY = `(max-width:${layout.mobileBreakpointPx}px)`;

/**
 * A stored collapsed sidebar, shown by CSS alone until React renders it (html[data-sidebar-collapsed],
 * set before the first paint by the first-paint script): the same geometry as the collapsed markup,
 * so nothing moves when React takes over.
 */
const collapsedByScriptSx = {
  width: layout.sidebarWidthIcon,
  '& .MuiDrawer-paper': { width: layout.sidebarWidthIcon },
  '& .MuiListItemText-root, & .MuiListSubheader-root, & [data-product-name]': { display: 'none' },
  // Lists without their subheader get MUI's top padding back, as in the collapsed markup.
  '& .MuiList-root': { paddingTop: '8px' },
  '& .MuiListItemIcon-root': { minWidth: 0 },
} as const;

/** MUI's docked Drawer paper, anchored left. */
const dockedPaperSx = {
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  flex: '1 0 auto',
  zIndex: 'drawer',
  position: 'fixed',
  top: 0,
  left: 0,
  outline: 0,
  borderRight: 1,
  borderColor: 'divider',
} as const;

export function Sidebar() {
  // Hydrates as the prerendered desktop layout, then follows the screen (the sidebar hides itself by CSS on phones meanwhile).
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const ui = useSnapshot(uiStore);
  const hydrated = useHydrated();
  // The prerendered page has it expanded; a stored '0' applies once hydrated (by CSS before that).
  const open = !hydrated || ui.sidebarOpen;
  useLayoutEffect(() => {
    // React now renders the stored state itself: the first-paint CSS must not hold a later toggle.
    if (hydrated) document.documentElement.removeAttribute(FIRST_PAINT.sidebarCollapsed);
  }, [hydrated]);
  // Mounted from the first open on, so it closes with its transition.
  const [drawerOpened, setDrawerOpened] = useState(false);
  if (ui.drawerOpen && !drawerOpened) setDrawerOpened(true);
  if (isMobile) {
    return drawerOpened ? (
      <Suspense fallback={null}>
        <MobileDrawer />
      </Suspense>
    ) : null;
  }
  const width = open ? layout.sidebarWidth : layout.sidebarWidthIcon;
  // MUI's permanent Drawer is this docked box and its fixed Paper; written out, so the Drawer module (and the
  // Modal it imports) stays out of the first load. The class names keep the first-paint CSS's selectors.
  return (
    <Box
      className="MuiDrawer-root MuiDrawer-docked"
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      // Phones get the drawer instead: hidden by CSS already in the prerendered page, before script runs.
      sx={{
        width,
        flex: '0 0 auto',
        flexShrink: 0,
        [`@media (max-width:${layout.mobileBreakpointPx}px)`]: { display: 'none' },
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', transition: 'width 150ms ease' },
        [whileSidebarCollapsedByScript]: collapsedByScriptSx,
      }}
    >
      <Paper className="MuiDrawer-paper" elevation={0} square sx={dockedPaperSx}>
        <SidebarContent expanded={open} onNavigate={() => undefined} />
      </Paper>
    </Box>
  );
}
