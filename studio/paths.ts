/** Where the studio writes: media files, and the render cache/manifest (git-ignored). */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SoundResult } from './worker.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MEDIA_DIR = join(ROOT, 'public', 'media');
export const MANIFEST_PATH = join(ROOT, 'studio', '.cache', 'manifest.json');

export interface ManifestEntry {
  readonly slug: string;
  readonly index: number;
  readonly form: 'loop' | 'song';
  readonly hash: string;
  readonly coverHash: string;
  readonly result?: SoundResult;
}
export type Manifest = Record<string, ManifestEntry>;

export function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
  } catch {
    return {};
  }
}
