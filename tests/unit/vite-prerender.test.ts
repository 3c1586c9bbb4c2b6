// @vitest-environment node
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHtml, routePages } from '../../vite-prerender.ts';

const template = `<!doctype html><html><head><title>Lull</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
</head><body><div id="root"></div><noscript>x</noscript></body></html>`;

describe('prerender', () => {
  it('finds every route of the router with its page module, the catch-all as 404.html, and every page module exists', () => {
    const pages = routePages();
    expect(pages.map((page) => page.file)).toEqual([
      'index.html', 'white-noise.html', 'pink-noise.html', 'brown-noise.html', 'podcasts.html', 'embed.html',
      'privacy.html', 'support.html', 'settings.html', 'credits.html', 'changelog.html', '404.html',
    ]);
    expect(pages[0]).toEqual({ url: '/', file: 'index.html', module: 'src/pages/home/home-page' });
    expect(pages.at(-1)?.url).not.toMatch(/^\/(white-noise|credits)?$/);
    expect(pages.filter((page) => !existsSync(resolve(process.cwd(), `${page.module}.tsx`)))).toEqual([]);
  });

  it('writes the markup, the escaped title and the styles, puts the entry after the content at low priority, and lists the page chunks for after the first paint', () => {
    const html = pageHtml(template, { html: '<main>Hi</main>', styles: '<style data-emotion="css a">.a{}</style>', title: 'A & B - Lull', routeKey: '/x' }, ['assets/page-1.js', 'assets/react-1.js']);
    expect(html).toContain('<title>A &amp; B - Lull</title>');
    // The page's own chunk is listed once; a chunk index.html already preloads is not repeated.
    expect(html).toContain('<div id="root" data-route="/x" data-preload="/assets/page-1.js"><main>Hi</main></div>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-emotion="css a">');
    expect(head).not.toMatch(/<script|modulepreload/);
    const tail = html.slice(html.indexOf('</noscript>'));
    expect(tail).toContain('<script fetchpriority="low" type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(tail).toContain('<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(html.match(/page-1\.js/g)).toHaveLength(1);
    expect(html.match(/react-1\.js/g)).toHaveLength(1);
  });

  it('refuses a template without an empty #root or a module script', () => {
    const page = { html: '', styles: '', title: 'Lull', routeKey: '/' };
    expect(() => pageHtml(template.replace('<div id="root"></div>', ''), page, [])).toThrow(/#root/);
    expect(() => pageHtml(template.replace(/<script[^>]*><\/script>/, ''), page, [])).toThrow(/module script/);
  });
});
