/**
 * Prerendering, part of `vite build`: after the client bundle is written, src/entry-server.tsx is
 * built with Vite's SSR build and every route is rendered into its own HTML file (index.html,
 * white-noise.html, …, 404.html) with the CSS its markup uses, so the first paint needs no
 * JavaScript; src/main.tsx hydrates it. Each file also lists its own page's chunks, which
 * src/entry-client.ts preloads after the first paint.
 * Runs in writeBundle (sequential), before vite-plugin-pwa's closeBundle builds the precache list,
 * so the service worker precaches the prerendered files.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { appRoutes, pageModule } from './src/app/page-modules.ts';

interface PrerenderedPage {
  readonly html: string;
  readonly styles: string;
  readonly title: string;
  readonly routeKey: string;
}

interface RoutePage {
  /** The URL rendered ('/white-noise'); the not-found page is rendered at an unmatched one. */
  readonly url: string;
  /** Where it is written, relative to dist. */
  readonly file: string;
  /** The page module the route loads lazily (src/pages/...), for its modulepreloads. */
  readonly module: string;
}

/** The not-found page is rendered at a path no route has. */
const NOT_FOUND_URL = '/__lull-not-found__';

/** The routes and their page modules: the table the router loads from (src/app/page-modules.ts). */
export function routePages(): RoutePage[] {
  return appRoutes.map((route) =>
    route === '*'
      ? { url: NOT_FOUND_URL, file: '404.html', module: `src/${pageModule(route)}` }
      : { url: route, file: route === '/' ? 'index.html' : `${route.slice(1)}.html`, module: `src/${pageModule(route)}` },
  );
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chunk a module is the entry of, and every chunk it imports statically. */
function chunkFiles(bundle: Rollup.OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const named = (id: string | null) => !!id && id.replace(/\\/g, '/').replace(/\.tsx?$/, '').endsWith(module);
  // A module the build groups with others (vite.config.ts startChunks) is in that chunk, not the facade of its own.
  const entry = chunks.find((chunk) => named(chunk.facadeModuleId)) ?? chunks.find((chunk) => chunk.moduleIds.some(named));
  if (!entry) throw new Error(`prerender: no chunk for ${module}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(entry.fileName);
  return [...files];
}

/** The built index.html with a page's markup, CSS, title and page chunks filled in. */
export function pageHtml(template: string, page: PrerenderedPage, preloads: readonly string[], firstPaintFile?: string): string {
  const pageChunks = preloads.filter((file) => !template.includes(`/${file}"`)).map((file) => `/${file}`);
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) throw new Error('prerender: index.html has no empty #root or </head>');
  // The page's markup and CSS come first; its entry script (tiny: src/entry-client.ts) and that
  // entry's own preloads move to the end of <body> at low priority, and the page's chunks are
  // listed for the entry to fetch after the first paint: the first paint waits for the HTML alone.
  const scripts: string[] = [];
  const head = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g, (tag) => {
      scripts.push(tag.trim().replace(/^<(script|link) /, '<$1 fetchpriority="low" '));
      return '';
    });
  if (!scripts.some((tag) => tag.startsWith('<script'))) throw new Error('prerender: index.html has no module script');
  const rootAttributes = `data-route="${escapeHtml(page.routeKey)}"${pageChunks.length ? ` data-preload="${escapeHtml(pageChunks.join(' '))}"` : ''}`;
  // Render-blocking on purpose, and tiny: it marks what the first paint must already show (src/lib/first-paint.ts).
  const firstPaint = firstPaintFile ? `<script src="/${firstPaintFile}"></script>` : '';
  return head
    .replace('</head>', `${firstPaint}${page.styles}</head>`)
    .replace(root, `<div id="root" ${rootAttributes}>${page.html}</div>`)
    .replace('</body>', `${scripts.join('')}</body>`);
}

/**
 * vite-plugin-pwa's registration module exists only in the client build; the prerender never
 * registers a service worker, so it gets a no-op with the same shape.
 */
const pwaRegisterForPrerender: Plugin = {
  name: 'lull-prerender-pwa-register',
  resolveId: (id) => (id === 'virtual:pwa-register' ? '\0virtual:pwa-register' : undefined),
  load: (id) => (id === '\0virtual:pwa-register' ? 'export const registerSW = () => async () => {};' : undefined),
};

/** `serverPlugins`: the app's own virtual modules the server build must resolve too (media versions). */
export function prerender(mode: string, serverPlugins: Plugin[] = []): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let ssrBuild = false;
  return {
    name: 'lull-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        if (ssrBuild) return;
        const serverOut = join(root, 'node_modules/.tmp/prerender');
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          plugins: [react(), pwaRegisterForPrerender, ...serverPlugins],
          // Everything bundled: one React, and MUI's ESM files need no Node resolution quirks.
          ssr: { noExternal: true },
          worker: { format: 'es' },
          build: {
            ssr: 'src/entry-server.tsx',
            outDir: serverOut,
            emptyOutDir: true,
            target: 'node20',
            minify: false,
            sourcemap: false,
            copyPublicDir: false,
            // One file: imported once below, so lazy pages share its React Router and Emotion instances.
            rolldownOptions: { output: { inlineDynamicImports: true } },
          },
        });
        const { renderPage, firstPaintSource } = (await import(`${pathToFileURL(join(serverOut, 'entry-server.js')).href}?${Date.now()}`)) as {
          renderPage: (url: string) => Promise<PrerenderedPage>;
          firstPaintSource: string;
        };
        // Hashed like Vite's assets, so it is cached as immutable and precached by the service worker.
        const firstPaintFile = `assets/first-paint-${createHash('sha256').update(firstPaintSource).digest('hex').slice(0, 10)}.js`;
        mkdirSync(join(outDir, 'assets'), { recursive: true });
        writeFileSync(join(outDir, firstPaintFile), firstPaintSource);
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const pages = routePages();
        // The app (main.tsx, loaded by the entry after the first paint) and each page's chunks are fetched together.
        const appChunks = chunkFiles(bundle, 'src/main');
        for (const page of pages) {
          const rendered = await renderPage(page.url);
          writeFileSync(join(outDir, page.file), pageHtml(template, rendered, [...new Set([...appChunks, ...chunkFiles(bundle, page.module)])], firstPaintFile));
        }
        this.info(`prerendered ${pages.length} pages: ${pages.map((page) => page.file).join(', ')}`);
      },
    },
  };
}
