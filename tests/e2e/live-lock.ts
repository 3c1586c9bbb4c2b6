/**
 * The audio clock to itself: a test tagged `@live` records the page's output in real time and judges its gaps and
 * jumps, and on these 2 cores a test in the other worker (a decode, a reload) makes the audio thread skip quanta
 * (TOOLCHAIN.md: machine load causes gaps). So a live test takes this lock alone and every other test shares it:
 * while a recording runs, nothing else does; the rest of the suite still runs two at a time.
 *
 * A readers–writer lock between the workers of one run, made of files (mkdir and create are atomic): the writer
 * claims `writer/` and waits until no reader file remains; a reader waits while `writer/` exists, writes its file,
 * and backs off if a writer claimed the lock meanwhile.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const POLL_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function liveLockDir(run: string): string {
  const dir = join(tmpdir(), `lull-e2e-live-${run}`);
  mkdirSync(join(dir, 'readers'), { recursive: true });
  return dir;
}

/** Holds the lock alone (a live test); resolves with its release. */
export async function holdAlone(dir: string): Promise<() => void> {
  const writer = join(dir, 'writer');
  for (;;) {
    try {
      mkdirSync(writer);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await sleep(POLL_MS);
    }
  }
  while (readdirSync(join(dir, 'readers')).length > 0) await sleep(POLL_MS);
  return () => rmSync(writer, { recursive: true, force: true });
}

/** Shares the lock (any other test); resolves with its release. */
export async function holdShared(dir: string, name: string): Promise<() => void> {
  const writer = join(dir, 'writer');
  const mine = join(dir, 'readers', name);
  for (;;) {
    while (existsSync(writer)) await sleep(POLL_MS);
    writeFileSync(mine, '');
    if (!existsSync(writer)) break;
    rmSync(mine, { force: true });
    await sleep(POLL_MS);
  }
  return () => rmSync(mine, { force: true });
}
