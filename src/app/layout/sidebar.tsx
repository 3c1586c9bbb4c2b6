import { useLayoutEffect } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { LazyTooltip as Tooltip } from '../../lib/lazy-tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NavLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { closeDrawer, uiStore } from '../../stores/ui-store';
import { layout, visuallyHidden } from '../../lib/layout';
import { PRODUCT } from '../../lib/strings';
import { navGroups, type NavItem } from './nav-items';
import { useHydrated } from '../../lib/use-hydrated';
import { FIRST_PAINT, whileSidebarCollapsedByScript } from '../../lib/first-paint';

/** Phones get the temporary drawer; wider screens the permanent sidebar. */
export const MOBILE_QUERY = `(max-width:${layout.mobileBreakpointPx}px)`;

function NavEntry({ item, expanded, onNavigate }: { item: NavItem; expanded: boolean; onNavigate: () => void }) {
  const Icon = item.icon;
  const common = {
    sx: { minHeight: 44, px: 1.5, borderRadius: 2, mx: 0.5, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } },
    onClick: onNavigate,
  };
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: expanded ? 40 : 0 }}>
        <Icon fontSize="small" aria-hidden />
      </ListItemIcon>
      {expanded ? <ListItemText primary={item.label} /> : <Box component="span" sx={visuallyHidden}>{item.label}</Box>}
    </>
  );
  const button = item.external ? (
    <ListItemButton component="a" href={item.to} target="_blank" rel="noopener noreferrer" {...common}>
      {content}
      <Box component="span" sx={visuallyHidden}> (opens in a new tab)</Box>
    </ListItemButton>
  ) : (
    <ListItemButton component={NavLink} to={item.to} end {...common}>
      {content}
    </ListItemButton>
  );
  return expanded ? button : <Tooltip title={item.label} placement="right">{button}</Tooltip>;
}

function SidebarContent({ expanded, onNavigate }: { expanded: boolean; onNavigate: () => void }) {
  return (
    <Box component="nav" aria-label="Main" sx={{ overflowX: 'hidden', py: 1 }}>
      <ListItemButton component={NavLink} to="/" onClick={onNavigate} sx={{ mx: 0.5, borderRadius: 2, mb: 1, px: 1.5 }} aria-label={`${PRODUCT} home`}>
        <Typography component="span" aria-hidden sx={{ fontSize: 22, mr: expanded ? 1 : 0 }}>🌙</Typography>
        {expanded && <Typography component="span" data-product-name sx={{ fontWeight: 800, fontSize: 20 }}>{PRODUCT}</Typography>}
      </ListItemButton>
      {navGroups.map((group, at) => (
        <List
          key={group.label ?? at}
          dense
          aria-label={group.label}
          subheader={group.label && expanded ? <ListSubheader component="li" sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>{group.label}</ListSubheader> : undefined}
        >
          {group.items.map((item) => (
            <li key={item.to}>
              <NavEntry item={item} expanded={expanded} onNavigate={onNavigate} />
            </li>
          ))}
        </List>
      ))}
    </Box>
  );
}

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
  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={ui.drawerOpen}
        onClose={() => closeDrawer()}
        ModalProps={{ keepMounted: false }}
        slotProps={{ paper: { sx: { width: layout.sidebarWidthMobile }, 'aria-label': 'Navigation', 'data-testid': 'sidebar-drawer' } as object }}
      >
        <SidebarContent expanded onNavigate={() => closeDrawer()} />
      </Drawer>
    );
  }
  const width = open ? layout.sidebarWidth : layout.sidebarWidthIcon;
  return (
    <Drawer
      variant="permanent"
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      // Phones get the drawer instead: hidden by CSS already in the prerendered page, before script runs.
      sx={{
        width,
        flexShrink: 0,
        [`@media (max-width:${layout.mobileBreakpointPx}px)`]: { display: 'none' },
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', transition: 'width 150ms ease' },
        [whileSidebarCollapsedByScript]: collapsedByScriptSx,
      }}
    >
      <SidebarContent expanded={open} onNavigate={() => undefined} />
    </Drawer>
  );
}
