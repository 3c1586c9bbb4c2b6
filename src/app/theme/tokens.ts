/** Design tokens: the palette, shape and type Lull's theme is built from. */
export const tokens = {
  font: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  radius: 12,
  light: {
    primary: '#3949ab',
    secondary: '#00796b',
    background: '#f6f7fb',
    paper: '#ffffff',
    text: '#1b1d29',
    textSecondary: '#4a4f63',
    warning: '#8a4b00',
  },
  dark: {
    primary: '#9fa8ff',
    secondary: '#6fd6c4',
    background: '#10121a',
    paper: '#1a1d29',
    text: '#eceef6',
    textSecondary: '#b6bbcf',
    warning: '#ffb74d',
  },
  focusRing: '3px solid',
} as const;
