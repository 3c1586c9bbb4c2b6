/**
 * One studio worker thread: renders, masters and encodes the sounds the main thread sends.
 * Messages in: { index }. Messages out: progress stages and a result per sound.
 */
import { parentPort } from 'node:worker_threads';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogueEntries, mediaSlug } from '../src/catalogue/entries.ts';
import { STUDIO_SAMPLE_RATE } from './contract.ts';
import { LOUDNESS_TARGET, master } from './master.ts';
import { encodeSound } from './encoding.ts';
import { PROBE_DIR, takeProbes } from './probes.ts';
import { allRecipes } from './recipes.ts';

export type WorkerRequest = { readonly index: number; readonly outDir: string };
export type WorkerMessage =
  | { readonly type: 'stage'; readonly index: number; readonly stage: string }
  | { readonly type: 'done'; readonly index: number; readonly result: SoundResult }
  | { readonly type: 'error'; readonly index: number; readonly message: string };

export interface SoundResult {
  readonly frames: number;
  readonly lufs: number;
  readonly truePeakDb: number;
  readonly gainDb: number;
  readonly limitedFrames: number;
  readonly bytes: number;
  readonly reversedBytes: number | null;
  /** Encoder settings chosen for this sound (studio/encoding.ts), and any level restored after them. */
  readonly encoding: string;
  readonly levelGainDb: number;
  /** Measured when the file is over the VBR limit (studio/encoding.ts): the render's 12.5 kHz band level and its loss at 128 kbps, dB; the reversed file's loss too. */
  readonly fidelityBandDb?: number;
  readonly bandLoss128Db?: number;
  readonly reversedBandLoss128Db?: number;
  readonly renderMs: number;
  readonly totalMs: number;
  /** The recipe's own measurements (RenderedAudio.measurements). */
  readonly measurements?: Readonly<Record<string, number>>;
}

async function run(req: WorkerRequest): Promise<SoundResult> {
  const port = parentPort;
  const stage = (s: string): void => port?.postMessage({ type: 'stage', index: req.index, stage: s } satisfies WorkerMessage);
  const recipe = allRecipes.find((r) => r.index === req.index);
  const entry = catalogueEntries[req.index];
  if (!recipe || !entry) throw new Error(`no recipe or entry for index ${req.index}`);
  const slug = mediaSlug(entry.name);
  const t0 = performance.now();
  stage('render');
  const audio = await recipe.render();
  const renderMs = performance.now() - t0;
  const [l0, r0] = audio.channels;
  if (audio.sampleRate !== STUDIO_SAMPLE_RATE || l0.length !== r0.length || l0.length === 0) {
    throw new Error(`${slug}: recipe must return equal-length stereo at 48 kHz`);
  }
  // Copy so the recipe's buffers are never modified in place behind its back.
  const l = Float32Array.from(l0);
  const r = Float32Array.from(r0);
  for (const c of [l, r]) for (let i = 0; i < c.length; i++) if (!Number.isFinite(c[i])) throw new Error(`${slug}: non-finite sample at ${i}`);
  stage('master');
  const loop = recipe.form === 'loop';
  const m = master([l, r], LOUDNESS_TARGET[recipe.form], loop);
  stage('encode');
  await mkdir(req.outDir, { recursive: true });
  const { mp3, mode, levelGainDb, fidelityBandDb, bandLoss128Db } = await encodeSound(l, r, recipe.form);
  await writeFile(join(req.outDir, `${slug}.mp3`), mp3);
  // The left channel at the probe points: the audit finds them again in the decoded file.
  await mkdir(PROBE_DIR, { recursive: true });
  await writeFile(join(PROBE_DIR, `${slug}.f32`), new Uint8Array(takeProbes(l).buffer));
  let reversedBytes: number | null = null;
  let reversedBandLoss128Db: number | undefined;
  if (entry.reversedURL) {
    stage('reverse');
    l.reverse();
    r.reverse();
    const rev = await encodeSound(l, r, recipe.form);
    await writeFile(join(req.outDir, `${slug}-reversed.mp3`), rev.mp3);
    reversedBytes = rev.mp3.length;
    reversedBandLoss128Db = rev.bandLoss128Db;
  }
  return {
    frames: l.length,
    lufs: m.lufs,
    truePeakDb: m.truePeakDb,
    gainDb: m.gainDb,
    limitedFrames: m.limitedFrames,
    bytes: mp3.length,
    reversedBytes,
    encoding: mode,
    levelGainDb,
    ...(bandLoss128Db !== undefined ? { fidelityBandDb, bandLoss128Db } : {}),
    ...(reversedBandLoss128Db !== undefined ? { reversedBandLoss128Db } : {}),
    renderMs,
    totalMs: performance.now() - t0,
    ...(audio.measurements ? { measurements: audio.measurements } : {}),
  };
}

parentPort?.on('message', (req: WorkerRequest) => {
  run(req).then(
    (result) => parentPort?.postMessage({ type: 'done', index: req.index, result } satisfies WorkerMessage),
    (err: unknown) =>
      parentPort?.postMessage({ type: 'error', index: req.index, message: err instanceof Error ? err.stack ?? err.message : String(err) } satisfies WorkerMessage),
  );
});
