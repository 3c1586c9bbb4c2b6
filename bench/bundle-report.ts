/**
 * Bundle report (`npm run bench:bundle`, part of `npm run bench`): what the home route's JavaScript
 * costs, per dependency. The home route's files are the ones dist/index.html loads before any
 * interaction (its scripts, modulepreloads and the chunks its entry preloads), as
 * tests/e2e/budget.spec.ts counts them.
 * Each file's bytes are attributed to the source module that produced them through its sourcemap;
 * modules are grouped by package (node_modules/<pkg>) or by app folder (src/<folder>).
 * gzip per group is the gzip size of that group's bytes on their own: it overstates small groups a
 * little (each gets its own dictionary), so the per-file totals are the exact figures.
 * Writes bench/results/bundle.json and prints a table. Needs a production build (`npx vite build`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** One line of a sourcemap's `mappings`: [generated column, source index] per segment. */
function decodeLine(line: string, state: { source: number }): [number, number][] {
  const segments: [number, number][] = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = B64_VALUE.get(char) ?? 0;
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0] ?? 0;
    if (fields.length > 1) state.source += fields[1] ?? 0;
    segments.push([column, fields.length > 1 ? state.source : -1]);
  }
  return segments;
}

/** Where a module's bytes are counted: its npm package, or its folder of the app. */
export function groupOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '?');
    // MUI is the biggest share: split it one level further, so the report says which parts cost.
    if (pkg === '@mui/material' || pkg === '@mui/system' || pkg === '@mui/utils') {
      const sub = parts[2] === 'esm' ? parts[3] : parts[2];
      return `${pkg}/${sub?.replace(/\.js$/, '') ?? ''}`;
    }
    return pkg;
  }
  const src = source.indexOf('src/');
  if (src !== -1) return source.slice(src).split('/').slice(0, 2).join('/');
  return source.replace(/^(\.\.\/)+/, '');
}

interface FileReport {
  file: string;
  bytes: number;
  gzip: number;
}

interface GroupReport {
  group: string;
  bytes: number;
  gzipAlone: number;
  packageGroup: string;
}

/**
 * The scripts an HTML page loads before any interaction: its scripts (the first-paint script and
 * the entry), its modulepreloads, and the app and page chunks the entry preloads after the first
 * paint (#root's data-preload, see vite-prerender.ts).
 */
export function homeScripts(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) if (match[1]) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) if (match[1]) files.add(match[1]);
  for (const match of html.matchAll(/<div id="root"[^>]*\sdata-preload="([^"]+)"/g)) for (const file of match[1]?.split(' ') ?? []) if (file) files.add(file);
  return [...files];
}

export function bundleReport(htmlFile = `${dist}/index.html`) {
  const html = readFileSync(htmlFile, 'utf8');
  const files: FileReport[] = [];
  const groupBytes = new Map<string, Buffer[]>();
  for (const url of homeScripts(html)) {
    const path = `${dist}${url}`;
    const code = readFileSync(path);
    files.push({ file: url, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length });
    const mapPath = `${path}.map`;
    const lines = code.toString('utf8').split('\n');
    if (!existsSync(mapPath)) {
      groupBytes.set(url, [...(groupBytes.get(url) ?? []), code]);
      continue;
    }
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
    const state = { source: 0 };
    map.mappings.split(';').forEach((mapLine, lineIndex) => {
      const text = lines[lineIndex] ?? '';
      const segments = decodeLine(mapLine, state);
      let previousEnd = 0;
      let previousGroup = '(unmapped)';
      const push = (group: string, from: number, to: number) => {
        if (to <= from) return;
        groupBytes.set(group, [...(groupBytes.get(group) ?? []), Buffer.from(text.slice(from, to), 'utf8')]);
      };
      for (const [column, source] of segments) {
        push(previousGroup, previousEnd, column);
        previousEnd = column;
        previousGroup = source >= 0 ? groupOf(map.sources[source] ?? '?') : '(unmapped)';
      }
      push(previousGroup, previousEnd, text.length + 1);
    });
  }
  const groups: GroupReport[] = [...groupBytes.entries()].map(([group, parts]) => {
    const all = Buffer.concat(parts);
    return { group, bytes: all.length, gzipAlone: gzipSync(all, { level: 9 }).length, packageGroup: group.split('/').slice(0, group.startsWith('@') ? 2 : 1).join('/') };
  });
  groups.sort((a, b) => b.gzipAlone - a.gzipAlone);
  const total = { files: files.length, bytes: files.reduce((s, f) => s + f.bytes, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
  return { html: htmlFile.slice(root.length), total, files, groups };
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function bundleMarkdown(report: ReturnType<typeof bundleReport>, limit = 20): string {
  const rows = report.groups.slice(0, limit).map((g) => `| ${g.group} | ${kb(g.bytes)} | ${kb(g.gzipAlone)} |`);
  const rest = report.groups.slice(limit);
  if (rest.length) rows.push(`| ${rest.length} more | ${kb(rest.reduce((s, g) => s + g.bytes, 0))} | ${kb(rest.reduce((s, g) => s + g.gzipAlone, 0))} |`);
  return [
    `Home route JavaScript (${report.html}: scripts, modulepreloads and the chunks the entry preloads after the first paint): **${report.total.files} files, ${kb(report.total.bytes)} KB raw, ${kb(report.total.gzip)} KB gzip** (per file, gzip -9).`,
    '',
    '| module group | KB raw | KB gzip (alone) |',
    '| --- | ---: | ---: |',
    ...rows,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!existsSync(`${dist}/index.html`)) {
    console.error('bundle report: no production build (run `npx vite build` first)');
    process.exit(1);
  }
  const report = bundleReport();
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(`${root}bench/results/bundle.json`, JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2) + '\n');
  console.log(bundleMarkdown(report, Number(process.env.BUNDLE_ROWS ?? 40)));
  console.log('\nWrote bench/results/bundle.json.');
}
