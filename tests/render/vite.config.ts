/**
 * The render server: Vite's dev server over the repository, for the offline render page (tests/render/offline-render.html)
 * and the engine modules it imports from src/, transformed on request. Nothing here is built: dist/ (the production
 * build the other specs test) never holds the page. Started by tests/e2e/playwright.config.ts beside the preview.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { mediaVersions } from '../../vite.config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // The catalogue's media URLs (the page fetches /media/<file> from public/ itself).
  plugins: [mediaVersions()],
  // The page's few dependencies (valtio) are served as they are: no scan of the app, no optimiser run to wait for.
  optimizeDeps: { noDiscovery: true, include: [] },
  cacheDir: 'node_modules/.vite-render',
  server: { hmr: false, watch: null },
  logLevel: 'warn',
});
