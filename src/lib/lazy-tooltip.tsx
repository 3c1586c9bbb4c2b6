import { lazy, Suspense, type ComponentProps } from 'react';
import type MuiTooltip from '@mui/material/Tooltip';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip, loaded the first time one is shown: it brings Popper (about 11 KB gzip) that the
 * first screen never needs (tooltips appear on the collapsed sidebar and on sounds unavailable
 * offline). Until it has loaded, its child shows without it.
 */
export function LazyTooltip(props: ComponentProps<typeof MuiTooltip>) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
