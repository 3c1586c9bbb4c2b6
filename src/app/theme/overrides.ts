import type { Components, Theme } from '@mui/material/styles';
import { layout } from '../../lib/layout';

/** Component overrides, by kind. The visible focus ring is part of every interactive control. */
export const overrides: Components<Omit<Theme, 'components'>> = {
  MuiCssBaseline: {
    // A control scrolled into view going back (Shift+Tab) stops below the sticky header, not under it (issue 39).
    styleOverrides: { html: { scrollPaddingTop: `${layout.headerHeightPx + layout.focusClearancePx}px` } },
  },
  MuiButtonBase: {
    defaultProps: { disableRipple: false },
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': {
          outline: `3px solid ${theme.palette.primary.main}`,
          outlineOffset: 2,
        },
      }),
    },
  },
  MuiButton: {
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
  },
  MuiLink: {
    defaultProps: { underline: 'always' },
    styleOverrides: {
      root: ({ theme }) => ({
        '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2, borderRadius: 2 },
      }),
    },
  },
  MuiTooltip: {
    defaultProps: { enterDelay: 700, enterNextDelay: 300, arrow: true },
  },
  MuiPaper: {
    styleOverrides: { root: { backgroundImage: 'none' } },
  },
};
