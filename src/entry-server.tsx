/**
 * The prerender entry (build time only, in Node): renders one route to HTML with its critical
 * Emotion/MUI CSS, so the first paint needs no JavaScript. vite-prerender.ts builds this with
 * Vite's SSR build and writes one HTML file per route; src/main.tsx hydrates them.
 */
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StaticRouter } from 'react-router-dom';
import { AppTheme } from './app/app-theme';
import { AppRoutes, loadMatchedPage } from './app/router';
import { documentTitle, strings } from './lib/strings';
import { matchedRoute, pageTitle } from './app/route-match';
import { REVERSED_HOST_PREFIX } from './catalogue/catalogue';
import { firstPaintScript } from './lib/first-paint-script';
import { STORAGE_KEYS } from './lib/storage';
import { DEFAULT_MASTER_VOLUME } from './stores/mix-store';
import { createNoiseState, NOISE_SEEDS, renderNoise, type NoiseColour } from '../worklets/dsp/noise';

/** A colour's RMS as the app's generator plays it: 10 s of its kernel at 48 kHz. */
function generatorRms(colour: NoiseColour): number {
  const out = new Float32Array(480_000);
  renderNoise(createNoiseState(colour, NOISE_SEEDS[0], 48_000), out);
  return Number(Math.sqrt(out.reduce((sum, v) => sum + v * v, 0) / out.length).toPrecision(4));
}

/** The render-blocking script every prerendered page loads in <head> (see src/lib/first-paint.ts). */
export const firstPaintSource = firstPaintScript({
  reversedHostPrefix: REVERSED_HOST_PREFIX,
  sidebarOpenKey: STORAGE_KEYS.sidebarOpen,
  stillLoading: strings.firstTapStillLoading,
  couldNotLoad: strings.firstTapCouldNotLoad,
  masterVolumeKey: STORAGE_KEYS.masterVolume,
  defaultMasterVolume: DEFAULT_MASTER_VOLUME,
  noiseRms: { white: generatorRms('white'), pink: generatorRms('pink'), brown: generatorRms('brown') },
});

export interface PrerenderedPage {
  /** The page's markup, for inside #root. */
  readonly html: string;
  /** <style data-emotion> elements for <head>: the CSS this markup uses, nothing more. */
  readonly styles: string;
  /** The browser title ('White Noise - Lull'). */
  readonly title: string;
  /** Which route this markup is (main.tsx hydrates only when the URL matches the same one). */
  readonly routeKey: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const { pathname } = new URL(path, 'http://prerender.invalid');
  const route = matchedRoute(pathname);
  // Loaded first, so the page renders in place: renderToString would write a Suspense fallback instead.
  await loadMatchedPage(pathname);
  // The client's default Emotion cache has the same key, so it adopts these styles instead of inserting them again.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  // renderToString, not the streaming prerender: that one outlines Suspense boundaries and
  // reveals them with inline scripts, which the CSP (rightly) blocks.
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppTheme>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppTheme>
    </CacheProvider>,
  );
  // A component that threw inside a Suspense boundary leaves '<!--$!-->' (rendered on the client
  // only): a hole in the prerendered page, so the build fails instead.
  if (html.includes('<!--$!-->')) throw new Error(`prerender: ${path} failed to render a part of the page on the server`);
  if (/<script[\s>]/.test(html)) throw new Error(`prerender: ${path} produced an inline script, which the CSP blocks`);
  return {
    html,
    styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
    title: documentTitle(pageTitle(route)),
    routeKey: route,
  };
}
