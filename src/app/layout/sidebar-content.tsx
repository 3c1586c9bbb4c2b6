import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router-dom';
import { LazyTooltip as Tooltip } from '../../lib/lazy-tooltip';
import { PRODUCT } from '../../lib/strings';
import { visuallyHidden } from '../../lib/layout';
import { navGroups, type NavItem } from './nav-items';

/** The navigation inside the docked sidebar (sidebar.tsx) and the phone's drawer (mobile-drawer.tsx). */
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

export function SidebarContent({ expanded, onNavigate }: { expanded: boolean; onNavigate: () => void }) {
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

