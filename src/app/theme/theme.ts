import { createTheme, type Theme } from '@mui/material/styles';
import { tokens } from './tokens';
import { overrides } from './overrides';

const scheme = (mode: 'light' | 'dark') => {
  const t = tokens[mode];
  return {
    palette: {
      primary: { main: t.primary },
      secondary: { main: t.secondary },
      warning: { main: t.warning },
      background: { default: t.background, paper: t.paper },
      text: { primary: t.text, secondary: t.textSecondary },
    },
  };
};

let built: Theme | undefined;

/**
 * Built once, at the first call; light and dark follow the system through CSS media queries (no
 * flash, no script). Building it (both schemes' palettes and their CSS variables) is the costliest
 * step of the theme's start-up, so the browser entry runs it in a task of its own.
 */
export const appTheme = (): Theme =>
  (built ??= createTheme({
    cssVariables: { colorSchemeSelector: 'media' },
    colorSchemes: { light: scheme('light'), dark: scheme('dark') },
    shape: { borderRadius: tokens.radius },
    typography: { fontFamily: tokens.font, h1: { fontSize: '2rem', fontWeight: 700 }, h2: { fontSize: '1.4rem', fontWeight: 700, overflowWrap: 'anywhere', '@media (max-width: 599.95px)': { fontSize: '1.2rem' } }, h3: { fontSize: '1.15rem', fontWeight: 700 } },
    components: overrides,
  }));
