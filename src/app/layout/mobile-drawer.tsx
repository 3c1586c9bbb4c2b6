import Drawer from '@mui/material/Drawer';
import { useSnapshot } from 'valtio';
import { closeDrawer, uiStore } from '../../stores/ui-store';
import { layout } from '../../lib/layout';
import { SidebarContent } from './sidebar-content';

/** The phone's navigation drawer, loaded on its first open (sidebar.tsx). */
export function MobileDrawer() {
  const ui = useSnapshot(uiStore);
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
