import { lazy, Suspense, type ComponentProps } from 'react';
import type MuiTooltip from '@mui/material/Tooltip';

type TooltipProps = ComponentProps<typeof MuiTooltip>;

/** Offline before the chunk was ever fetched: the control still shows and works, without its tooltip. */
function WithoutTooltip({ children }: TooltipProps) {
  return children;
}

const Tooltip = lazy(() =>
  import('@mui/material/Tooltip').catch((error: unknown) => {
    console.warn('Lull: tooltips could not be loaded (offline?); controls show without them.', error);
    return { default: WithoutTooltip };
  }),
);

/**
 * MUI's Tooltip, loaded the first time one is shown: it brings Popper (about 11 KB gzip) that the
 * first screen never needs (tooltips appear on the collapsed sidebar and on sounds unavailable
 * offline). Until it has loaded, or if it cannot load (offline before it was ever fetched), its
 * child shows without it; the page never fails for a tooltip.
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
