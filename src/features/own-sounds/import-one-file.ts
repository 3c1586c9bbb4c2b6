/**
 * One file's import (issue 41): decode on the page, prepare and store in the worker, with progress and Cancel.
 * Cancel terminates the worker (its open transaction aborts) and then deletes the sound's id in case the commit
 * had already landed: whenever it is pressed, nothing of the import remains.
 */
import type { OwnSoundPreparation, PrepareOwnSound } from '../../lib/own-sound-contract';
import { decodeImport, type DecodeProblem } from './decode-import';
import { deleteOwnSoundRecord, openOwnSoundsDb, type OwnSoundRecord } from '../../lib/own-sounds-db';
import { ownSoundStrings as s } from '../../lib/own-sound-strings';

export type ImportOutcome = { kind: 'stored'; sound: OwnSoundRecord } | { kind: 'refused'; message: string } | { kind: 'cancelled' };

export interface ImportJob {
  readonly outcome: Promise<ImportOutcome>;
  cancel(): void;
}

/** The 4 s minimum of own-sound-prepare.ts, as the message says it. */
const MIN_SECONDS = 4;
/** Reading and decoding happen before the worker: the bar's first 30 %. */
const DECODED_AT = 0.3;

const refusal = (problem: DecodeProblem | 'silent' | 'tooShort', name: string): string => {
  switch (problem) {
    case 'tooBig': return s.tooBig(name);
    case 'empty': return s.empty(name);
    case 'notAudio': return s.notAudio(name);
    case 'undecodable': return s.undecodable(name);
    case 'silent': return s.silent(name);
    case 'tooShort': return s.tooShort(name, MIN_SECONDS);
  }
};

const isAbort = (error: unknown) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
const isQuota = (error: unknown) => typeof error === 'object' && error !== null && /Quota|Unknown|InvalidState/.test(String((error as { name?: unknown }).name));

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

async function forget(id: string): Promise<void> {
  const db = await openOwnSoundsDb();
  try {
    await deleteOwnSoundRecord(db, id);
  } finally {
    db.close();
  }
}

export function importOneFile(file: File, name: string, prepare: PrepareOwnSound, onProgress: (fraction: number) => void): ImportJob {
  const id = newId();
  let cancelled = false;
  let preparation: OwnSoundPreparation | null = null;

  const run = async (): Promise<ImportOutcome> => {
    onProgress(0.02);
    const decoded = await decodeImport(file);
    if (cancelled) return { kind: 'cancelled' };
    if (typeof decoded === 'string') return { kind: 'refused', message: refusal(decoded, file.name) };
    onProgress(DECODED_AT);
    preparation = prepare({ id, name, channels: decoded.channels, sampleRate: decoded.sampleRate, truncated: decoded.truncated }, (fraction) => onProgress(DECODED_AT + (1 - DECODED_AT) * fraction));
    let result;
    try {
      result = await preparation.result;
    } catch (error) {
      if (cancelled || isAbort(error)) return { kind: 'cancelled' };
      if (isQuota(error)) return { kind: 'refused', message: s.notSaved(file.name) };
      throw error;
    }
    if ('problem' in result) return { kind: 'refused', message: refusal(result.problem, file.name) };
    return { kind: 'stored', sound: result.stored };
  };

  const outcome = run().then(async (result): Promise<ImportOutcome> => {
    // Cancel pressed after the commit landed: the stored sound goes too.
    if (!cancelled && result.kind !== 'cancelled') return result;
    await forget(id);
    return { kind: 'cancelled' };
  });
  return {
    outcome,
    cancel() {
      cancelled = true;
      preparation?.cancel();
    },
  };
}
