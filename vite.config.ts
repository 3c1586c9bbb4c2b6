/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { defineConfig, loadEnv, type Plugin, type PreviewServer } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { shareTarget } from './src/lib/own-sound-files';
import { prerender } from './vite-prerender.ts';
import { appRoutes, pageModule } from './src/app/page-modules';

/** The origin of a configured URL, or undefined. */
const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * The headers a CDN deployment should send. Served by `npm start` (vite preview) and written to
 * dist/_headers (Netlify/Cloudflare Pages format) from the same function, so both agree.
 */
export function securityHeaders(env: Record<string, string>): Record<string, string> {
  const media = originOf(env.VITE_MEDIA_HOST);
  const sentry = originOf(env.VITE_SENTRY_DSN?.replace(/\/\/[^@/]*@/, '//'));
  const analytics = originOf(env.VITE_ANALYTICS_SRC);
  const list = (...items: (string | undefined)[]) => items.filter(Boolean).join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${list("'self'", analytics)}`,
    // Emotion (MUI) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', media)}`,
    `media-src ${list("'self'", 'data:', 'blob:', media)}`,
    `connect-src ${list("'self'", media, sentry, analytics)}`,
    "worker-src 'self' blob:",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Cache policy by path: hashed assets forever, the shell and service worker always revalidated.
 * Media too are immutable: the app requests every media file with its content hash in the query
 * (`/media/ocean.mp3?v=<hash>`, see mediaVersions), and browsers and CDNs key their caches by the
 * whole URL, so a re-rendered file arrives under a new URL. (A `_headers` rule cannot match a
 * query string, hence one rule for the path.)
 */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/assets/')) return IMMUTABLE;
  if (pathname.startsWith('/media/')) return IMMUTABLE;
  return REVALIDATE;
}

export const MEDIA_VERSIONS_MODULE = 'virtual:lull-media-versions';

/**
 * Each media file's version: the first 12 hex digits of the SHA-256 of its bytes, keyed by its
 * catalogue path ('media/ocean.mp3'). Read from the rendered files themselves at build time, so
 * the version changes exactly when the bytes do (whatever changed them); a missing folder gives
 * no versions (unversioned URLs), never a failed build.
 */
export function readMediaVersions(mediaDir = join(process.cwd(), 'public', 'media')): Record<string, string> {
  if (!existsSync(mediaDir)) return {};
  const versions: Record<string, string> = {};
  for (const name of readdirSync(mediaDir).sort()) {
    if (!/\.(mp3|png|ogg|opus|wav|webp|jpg)$/.test(name)) continue;
    versions[`media/${name}`] = createHash('sha256').update(readFileSync(join(mediaDir, name))).digest('hex').slice(0, 12);
  }
  return versions;
}

/** `import mediaVersions from 'virtual:lull-media-versions'`: the map above, computed when the module loads. */
export function mediaVersions(): Plugin {
  const resolved = `\0${MEDIA_VERSIONS_MODULE}`;
  return {
    name: 'lull-media-versions',
    resolveId: (source) => (source === MEDIA_VERSIONS_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? `export default ${JSON.stringify(readMediaVersions())};` : undefined),
  };
}

/** Files that must be revalidated on every load: the shell, the service worker, the manifest. */
const REVALIDATED_PATHS = ['/', '/index.html', '/sw.js', '/manifest.webmanifest'];

/**
 * dist/_headers. Hosts that read it (Cloudflare Pages, Netlify) apply every rule that matches a
 * path and join repeated headers, so each path gets its Cache-Control from exactly one rule: a
 * `no-cache` on `/*` would also land on the immutable assets and win there.
 */
function headersFile(headers: Record<string, string>): string {
  const block = (path: string, extra: Record<string, string>) =>
    [path, ...Object.entries(extra).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return [
    block('/*', headers),
    ...REVALIDATED_PATHS.map((path) => block(path, { 'Cache-Control': REVALIDATE })),
    block('/assets/*', { 'Cache-Control': IMMUTABLE }),
    block('/media/*', { 'Cache-Control': cacheControlFor('/media/'), 'Accept-Ranges': 'bytes' }),
  ].join('\n\n') + '\n';
}

/** A path that is neither a file in dist nor a prerendered page (`/white-noise` -> white-noise.html). */
function isUnknownPage(distDir: string, pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  const file = join(distDir, path);
  if (!file.startsWith(distDir)) return true;
  const isFile = (candidate: string) => existsSync(candidate) && statSync(candidate).isFile();
  if (path.endsWith('/')) return !isFile(join(file, 'index.html'));
  return !isFile(file) && !isFile(`${file}.html`);
}

function deploymentHeaders(env: Record<string, string>): Plugin {
  const headers = securityHeaders(env);
  return {
    name: 'lull-deployment-headers',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(headers) });
    },
    configurePreviewServer(server: PreviewServer) {
      const distDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader('Cache-Control', cacheControlFor(pathname));
        // As static hosts do (Netlify, Cloudflare Pages): a path with no file and no prerendered
        // page gets 404.html with status 404, instead of vite preview's index.html fallback.
        if ((req.method === 'GET' || req.method === 'HEAD') && isUnknownPage(distDir, pathname)) {
          const page = join(distDir, '404.html');
          if (existsSync(page)) {
            res.statusCode = 404;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(req.method === 'HEAD' ? undefined : readFileSync(page));
            return;
          }
        }
        next();
      });
    },
  };
}

/**
 * The modules the app needs before it hydrates, in one file per step that entry-client.ts evaluates in a task of its
 * own (react-dom, the theme, the app), instead of some 40 chunks cut by which lazy routes share them. On a phone's
 * slow connection each file costs a round trip, six at a time over HTTP/1.1 (issue 39: the first tap waits for the
 * app to hydrate). A module goes to the first step whose static imports reach it; the rest is split as before.
 * Each group is a whole closure already, so a group does not take its modules' dependencies in as well: it would take
 * the entry's own modules, and the entry would then load the whole app before the first paint.
 */
function startChunks(): { name: (id: string, context: ModuleGraph) => string | null; debugName: string } {
  const steps: [string, string][] = [
    // The entry's own imports stay in the entry: the page loads it before the first paint, and nothing more.
    ['', resolve('src/entry-client.ts')],
    ['start-react', createRequire(import.meta.url).resolve('react-dom/client')],
    ['start-theme', resolve('src/app/app-theme.tsx')],
    ['start-app', resolve('src/main.tsx')],
  ];
  let owner: Map<string, string> | undefined;
  /** The modules `entry` imports, itself included, that no step owns yet. */
  const unowned = (entry: string, graph: ModuleGraph, owned: Map<string, string>) => {
    const found = new Set<string>();
    const stack = [entry];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      const info = found.has(next) || owned.has(next) ? null : graph.getModuleInfo(next);
      if (!info) continue;
      found.add(next);
      stack.push(...info.importedIds);
    }
    return found;
  };
  const ownerOf = (id: string, graph: ModuleGraph) => {
    if (!owner) {
      owner = new Map();
      for (const [name, entry] of steps) for (const module of unowned(entry, graph, owner)) owner.set(module, name);
      // What the home page shares with other pages (small MUI parts, strings) starts with the app: split off, each was one
      // more request of the home page's start, and a tap's file waited for one of HTTP/1.1's six connections (issue 39).
      const pages = [...new Set(appRoutes.filter((route) => route !== '/').map((route) => resolve(`src/${pageModule(route)}.tsx`)))];
      const elsewhere = new Set(pages.flatMap((page) => [...unowned(page, graph, owner!)]));
      for (const module of unowned(resolve(`src/${pageModule('/')}.tsx`), graph, owner)) if (elsewhere.has(module)) owner.set(module, 'start-app');
    }
    return owner.get(id);
  };
  // The entry's modules have the name '': no group.
  return { name: (id, graph) => ownerOf(id, graph) || null, debugName: 'start' };
}

/** What a chunking group's name function may ask of the module graph. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    plugins: [
      react(),
      mediaVersions(),
      deploymentHeaders(env),
      prerender(mode, [mediaVersions()]),
      VitePWA({
        // Lull asks before updating (never a reload mid-playback); clientsClaim makes the first visit controlled.
        registerType: 'prompt',
        injectRegister: false,
        // globPatterns already precaches the icons; listing them again would duplicate entries.
        includeAssets: [],
        includeManifestIcons: false,
        manifest: {
          id: '/',
          name: 'Lull: sound for focus, relaxation and sleep',
          short_name: 'Lull',
          description: 'Background sound for focus, relaxation and sleep: nature and ambient loops, lofi music and white, pink and brown noise.',
          lang: 'en',
          categories: ['music', 'health', 'lifestyle'],
          theme_color: '#10121a',
          background_color: '#10121a',
          display: 'standalone',
          start_url: '/',
          scope: '/',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          // Richer install dialogs; made once from the built app (see tests/e2e/offline.spec.ts).
          // Android's share sheet offers Lull for audio files once installed; the service worker receives them.
          share_target: shareTarget,
          screenshots: [
            { src: '/screenshots/home-narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: 'Lull on a phone: the sound buttons' },
            { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Lull on a desktop: the sound buttons and the sidebar' },
          ],
        },
        workbox: {
          clientsClaim: true,
          // The share target's receiver (public/share-target.js): a POST to /share-target never reaches the host.
          importScripts: ['/share-target.js'],
          // The shell only: audio lives in IndexedDB (saved once played), screenshots only serve install dialogs.
          globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
          globIgnores: ['media/**', 'screenshots/**', '_headers'],
          cleanupOutdatedCaches: true,
          // Each route's prerendered file is precached and found by its clean URL (/white-noise ->
          // white-noise.html); only paths with no page fall back, to the not-found page.
          navigateFallback: '/404.html',
          navigateFallbackDenylist: [/^\/media\//],
        },
      }),
    ],
    worker: { format: 'es' },
    build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 600, rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: [startChunks()] } } } },
    server: { port: 5173 },
    preview: { port: 4173, strictPort: true },
    test: {
      // jsdom for the tests that need a page (stores, components, the engine's wiring); a file that needs none says
      // `// @vitest-environment node` on its first line: jsdom's set-up costs about half a second a file (issue 38).
      environment: 'jsdom',
      // Every core (vitest's default leaves one free: on these 2 cores the suite ran on one, 78 s against 48 s).
      maxWorkers: '100%',
      include: ['tests/unit/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/unit/setup.ts'],
      restoreMocks: true,
      // Tests wait for states (vi.waitFor), not for times: the ceiling only ends a broken test. 5 s (the default)
      // was reached by a correct one on two loaded cores (a first addModule and a lazy import, in a fresh-clone run).
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
});
