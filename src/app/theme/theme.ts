import { createTheme } from '@mui/material/styles';
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

/** Built once; light and dark follow the system through CSS media queries (no flash, no script). */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: { light: scheme('light'), dark: scheme('dark') },
  shape: { borderRadius: tokens.radius },
  typography: { fontFamily: tokens.font, h1: { fontSize: '2rem', fontWeight: 700 }, h2: { fontSize: '1.4rem', fontWeight: 700 }, h3: { fontSize: '1.15rem', fontWeight: 700 } },
  components: overrides,
});
