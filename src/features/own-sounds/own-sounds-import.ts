import { proxy } from 'valtio/vanilla';
import { reportError } from '../../lib/error-reporting';
import { MAX_OWN_SOUND_NAME_LENGTH, ownSoundStrings as s } from '../../lib/own-sound-strings';
import { importOneFile, type ImportJob } from './import-one-file';
import { ownSoundPreparation } from './own-sound-preparation';
import { ownSoundsStore, say, written } from './own-sounds-store';
import { takeSharedFiles } from './shared-files';

/**
 * Importing the listener's files (issue 41): one after another, each through importOneFile (the worker decodes,
 * prepares and stores it), with its progress, Cancel, and what each outcome says under Your sounds. The store
 * (own-sounds-store.ts) holds the list, the job and the messages this writes.
 */

/**
 * How far the import under way is (0..1), in a store of its own: it changes some eighty times an import, and only
 * the progress bar reads it, so the section and its list do not render again at each step.
 */
export const importProgress = proxy({ fraction: 0 });

/** A file's name as a sound's first name: without its extension, trimmed, cut to the limit. */
export function nameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]{1,5}$/, '').replace(/\s+/g, ' ').trim();
  return (base || 'My sound').slice(0, MAX_OWN_SOUND_NAME_LENGTH).trim();
}

let current: ImportJob | null = null;
let cancelled = false;

/** Several files, one after another; one that fails says why and the next goes on. */
export async function importOwnSounds(files: readonly File[]): Promise<void> {
  if (files.length === 0 || ownSoundsStore.job) return;
  cancelled = false;
  // At once, so a second call (a drop while the worker loads) waits its turn instead of running beside this one.
  ownSoundsStore.job = { name: files[0]?.name ?? '', position: 1, count: files.length };
  importProgress.fraction = 0;
  try {
    const prepare = await ownSoundPreparation();
    for (const [i, file] of files.entries()) {
      if (cancelled) break;
      ownSoundsStore.job = { name: file.name, position: i + 1, count: files.length };
      importProgress.fraction = 0;
      current = importOneFile(file, nameFromFile(file.name), prepare, (fraction) => {
        importProgress.fraction = fraction;
      });
      const outcome = await current.outcome;
      current = null;
      if (outcome.kind === 'stored') {
        ownSoundsStore.sounds.push(outcome.sound);
        written();
        say('success', s.ready(outcome.sound.name));
        if (outcome.sound.truncated) say('info', s.truncated(file.name, 20));
      } else if (outcome.kind === 'refused') {
        say('error', outcome.message);
      } else if (outcome.kind === 'cancelled') {
        say('info', s.cancelled);
      }
    }
  } catch (error) {
    reportError(error, 'Lull: an import failed:');
    say('error', s.failed(ownSoundsStore.job?.name ?? ''));
  } finally {
    current = null;
    ownSoundsStore.job = null;
  }
}

let sharedTaken = false;

/**
 * What a share left for the page (shared-files.ts), imported as picked files are; `kept` is the home page's query
 * value. Once per page load (a share opens a fresh one), however often the section mounts.
 */
export async function importSharedFiles(kept: string): Promise<void> {
  if (sharedTaken) return;
  sharedTaken = true;
  const shared = await takeSharedFiles(kept);
  if ('failed' in shared) say('error', s.sharedFailed);
  else await importOwnSounds(shared.files);
}

/** Stops the import under way and the files after it; what it had written is deleted. */
export function cancelImport(): void {
  cancelled = true;
  current?.cancel();
}
