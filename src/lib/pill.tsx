import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A small rounded label (an icon and a few words), drawn like MUI's outlined or filled Chip at a
 * fraction of its code: Chip's module (2.4 KB gzip) was on the first load for three labels.
 */
/** A (not small) pill's height, for space held before it shows. */
export const PILL_HEIGHT_PX = 32;

export function Pill({ icon, label, filled = false, small = false, testId }: { icon?: ReactNode; label: string; filled?: boolean; small?: boolean; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        alignSelf: 'flex-start',
        gap: 0.75,
        flexShrink: 0,
        height: small ? 24 : PILL_HEIGHT_PX,
        px: small ? 1 : 1.5,
        borderRadius: 4,
        border: 1,
        borderColor: filled ? 'primary.main' : 'divider',
        bgcolor: filled ? 'primary.main' : 'transparent',
        color: filled ? 'primary.contrastText' : 'text.primary',
        fontSize: small ? '0.8125rem' : '0.875rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        '& svg': { fontSize: '1.125rem' },
      }}
    >
      {icon}
      {label}
    </Box>
  );
}
