/**
 * The studio's segment step (after the render): for every shipped loop file, chooses its segments from the decoded
 * file (what the player plays), checks every join, and writes src/catalogue/loop-segments.ts, which the player's
 * walk reads. Incremental: a file whose bytes and this code are unchanged keeps its cached result.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueEntries, mediaSlug } from '../src/catalogue/entries.ts';
import { fileFingerprint } from '../src/catalogue/file-fingerprint.ts';
import { decodeMp3 } from './mp3.ts';
import { MEDIA_DIR, ROOT, type Manifest } from './paths.ts';
import { loopSegments } from '../src/catalogue/loop-segments.ts';
import { checkWalk, chooseSegments, CROSSFADE_SAMPLES, mirrorStarts, ORDERED_LOOPS, type WalkCheck } from './segments.ts';

export const SEGMENTS_MODULE = join(ROOT, 'src', 'catalogue', 'loop-segments.ts');
const CACHE_PATH = join(ROOT, 'studio', '.cache', 'segments.json');

export type SegmentRecord =
  | { readonly fingerprint: string; readonly length: number; readonly crossfade: number; readonly starts: readonly number[]; readonly boundaryDb?: readonly number[]; readonly check?: WalkCheck }
  | { readonly fingerprint: string; readonly length: number; readonly ordered: string };

type Cache = Record<string, { hash: string; record: SegmentRecord }>;

function codeHash(): string {
  const h = createHash('sha256');
  for (const f of ['measure/segments.ts', 'studio/segments.ts', 'studio/segment-step.ts']) h.update(readFileSync(join(ROOT, f)));
  return h.digest('hex');
}

/** The loop files shipped (name → slug, reversed or not), in catalogue order. */
function loopFiles(manifest: Manifest): { file: string; slug: string; reversed: boolean }[] {
  return catalogueEntries.flatMap((entry) => {
    const slug = mediaSlug(entry.name);
    if (manifest[slug]?.form !== 'loop' || !manifest[slug]?.result) return [];
    return [{ file: `${slug}.mp3`, slug, reversed: false }, ...(entry.reversedURL ? [{ file: `${slug}-reversed.mp3`, slug, reversed: true }] : [])];
  });
}

async function segmentFile(file: string, slug: string, reversed: boolean): Promise<SegmentRecord> {
  const bytes = new Uint8Array(readFileSync(join(MEDIA_DIR, file)));
  const decoded = await decodeMp3(bytes, file);
  const length = decoded.channels[0].length;
  const fingerprint = fileFingerprint(bytes);
  const ordered = ORDERED_LOOPS[slug];
  if (ordered) return { fingerprint, length, ordered };
  // The reversed file keeps the original's quiet points (mirrored), so both renditions walk alike.
  const source = reversed ? await decodeMp3(new Uint8Array(readFileSync(join(MEDIA_DIR, `${slug}.mp3`))), slug) : decoded;
  const chosen = chooseSegments(...source.channels);
  const starts = reversed ? mirrorStarts(chosen.starts, length) : chosen.starts;
  const boundaryDb = reversed ? mirrorStarts(chosen.starts, length).map((s) => chosen.boundaryDb[chosen.starts.indexOf((length - s) % length)] ?? 0) : chosen.boundaryDb;
  return { fingerprint, length, crossfade: CROSSFADE_SAMPLES, starts, boundaryDb, check: checkWalk(decoded.channels, starts) };
}

export async function runSegmentStep(manifest: Manifest): Promise<{ computed: number; failures: string[] }> {
  let cache: Cache = {};
  try {
    cache = JSON.parse(readFileSync(CACHE_PATH, 'utf8')) as Cache;
  } catch {
    // First run: everything is computed.
  }
  const code = codeHash();
  const next: Cache = {};
  let computed = 0;
  const failures: string[] = [];
  for (const { file, slug, reversed } of loopFiles(manifest)) {
    const path = join(MEDIA_DIR, file);
    if (!existsSync(path)) continue;
    const hash = createHash('sha256').update(code).update(readFileSync(path)).digest('hex').slice(0, 20);
    const prev = cache[file];
    // No cache (a fresh clone): the committed entry made from these very bytes is kept, not measured again
    // (~30 s of CPU); the audit checks every join of it from the decoded file all the same.
    const committed = prev ? undefined : loopSegments[file];
    const reuse = prev?.hash === hash ? prev.record : committed?.fingerprint === fileFingerprint(new Uint8Array(readFileSync(path))) ? committed : undefined;
    const record = reuse ?? (await segmentFile(file, slug, reversed));
    if (!reuse) computed++;
    next[file] = { hash, record };
    const { check } = record as { check?: WalkCheck };
    if (check && check.failed > 0) failures.push(`${file}: ${check.failed} of ${check.joins} joins not clean`);
  }
  await writeFile(CACHE_PATH, `${JSON.stringify(next, null, 1)}\n`);
  const generated = renderModule(Object.fromEntries(Object.entries(next).map(([file, { record }]) => [file, record])));
  if (!existsSync(SEGMENTS_MODULE) || readFileSync(SEGMENTS_MODULE, 'utf8') !== generated) await writeFile(SEGMENTS_MODULE, generated);
  return { computed, failures };
}

/** The catalogue's segment table as the app reads it: what the player needs, nothing else. */
function renderModule(records: Record<string, SegmentRecord>): string {
  const rows = Object.entries(records).map(([file, r]) =>
    'ordered' in r
      ? `  '${file}': { fingerprint: '${r.fingerprint}', length: ${r.length}, ordered: ${JSON.stringify(r.ordered)} },`
      : `  '${file}': { fingerprint: '${r.fingerprint}', length: ${r.length}, crossfade: ${r.crossfade}, starts: [${r.starts.join(', ')}] },`,
  );
  return [
    '/**',
    ' * Generated by the studio (studio/segment-step.ts, `npm run studio`) from the shipped files: do not edit.',
    " * Each soundscape file's segments for the player's walk (issue 22): boundaries in samples of the file at its",
    ' * own rate (48 kHz), on a 10 ms grid, chosen at quiet points; the walk crossfades `crossfade` samples at each',
    ' * join, inside both segments. A file marked `ordered` must play in order (the reason says why). The player finds',
    ' * a file by its fingerprint (src/catalogue/file-fingerprint.ts), so a file changed since is never walked with old segments.',
    ' */',
    'export type LoopSegments =',
    '  | { readonly fingerprint: string; readonly length: number; readonly crossfade: number; readonly starts: readonly number[] }',
    '  | { readonly fingerprint: string; readonly length: number; readonly ordered: string };',
    '',
    'export const loopSegments: Readonly<Record<string, LoopSegments>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}
