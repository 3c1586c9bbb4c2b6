import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider } from 'react-router-dom';
import { theme } from './app/theme/theme';
import { createAppRouter } from './app/router';
import { startAnalytics } from './lib/analytics';
import { siteConfig } from './lib/config';
import { reportError, startErrorReporting } from './lib/error-reporting';
import { listenForInstallPrompt } from './features/install/install-prompt';
import { registerServiceWorker } from './features/offline/register-service-worker';
import { startApp } from './engine/start-app';

void startErrorReporting(siteConfig.sentryDsn, import.meta.env.VITE_APP_VERSION as string | undefined);
window.addEventListener('unhandledrejection', (event) => {
  if (!siteConfig.sentryDsn) reportError(event.reason, 'Unhandled rejection:');
});

startAnalytics(siteConfig.analytics);
listenForInstallPrompt();
registerServiceWorker();
// The audio graph and its engines, created once (nothing starts on import).
startApp();

const root = document.getElementById('root');
if (!root) throw new Error('Lull: #root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <RouterProvider router={createAppRouter()} />
    </ThemeProvider>
  </StrictMode>,
);
