import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from './theme/theme';

/** Builds the theme now (the browser entry gives it a task of its own, apart from its modules' evaluation). */
export const prepareTheme = (): void => void appTheme();

/** The theme and baseline around every page: shared by the browser entry and the prerender, so both render the same markup. */
export function AppTheme({ children }: { children: ReactNode }) {
  return (
    // noSsr: light and dark follow the system by CSS (colorSchemeSelector 'media'), so the provider's
    // post-hydration update would change nothing visible, yet force the whole page to hydrate in one task.
    <ThemeProvider theme={appTheme()} noSsr>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
