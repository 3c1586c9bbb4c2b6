/**
 * One file's import (issue 41): the worker decodes it where it can (WAV, MP3), else the page does; the worker
 * prepares and stores it, with progress and Cancel.
 * Cancel terminates the worker (its open transaction aborts) and then deletes the sound's id in case the commit
 * had already landed: whenever it is pressed, nothing of the import remains.
 */
import type { OwnSoundPreparation, PrepareOwnSound, PrepareRequest, PrepareResult } from '../../lib/own-sound-contract';
import { decodeOnPage, looksLikeAudio, MAX_IMPORT_SECONDS, sizeProblem, type DecodeProblem } from './decode-import';
import { deleteOwnSoundRecord, openOwnSoundsDb, type OwnSoundRecord } from '../../lib/own-sounds-db';
import { ownSoundStrings as s } from '../../lib/own-sound-strings';

export type ImportOutcome = { kind: 'stored'; sound: OwnSoundRecord } | { kind: 'refused'; message: string } | { kind: 'cancelled' };

export interface ImportJob {
  readonly outcome: Promise<ImportOutcome>;
  cancel(): void;
}

/** The 4 s minimum of own-sound-prepare.ts, as the message says it. */
const MIN_SECONDS = 4;
/** Decoding on the page, where the worker could not: the bar's first 30 %. */
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

  /** One run of the worker; an outcome once it is over, or its result to go on with. */
  const inWorker = async (request: PrepareRequest, from: number): Promise<ImportOutcome | PrepareResult> => {
    preparation = prepare(request, (fraction) => onProgress(from + (1 - from) * fraction));
    try {
      return await preparation.result;
    } catch (error) {
      if (cancelled || isAbort(error)) return { kind: 'cancelled' };
      if (isQuota(error)) return { kind: 'refused', message: s.notSaved(file.name) };
      throw error;
    }
  };

  const run = async (): Promise<ImportOutcome> => {
    onProgress(0.02);
    const early = sizeProblem(file);
    if (early) return { kind: 'refused', message: refusal(early, file.name) };
    const bytes = await file.arrayBuffer();
    if (cancelled) return { kind: 'cancelled' };
    if (!looksLikeAudio(new Uint8Array(bytes, 0, Math.min(16, bytes.byteLength)))) return { kind: 'refused', message: refusal('notAudio', file.name) };
    // The worker decodes what it can (a WAV, an MP3, a FLAC): the page's main thread never holds the file decoded.
    let result = await inWorker({ id, name, file: bytes, maxSeconds: MAX_IMPORT_SECONDS }, 0.02);
    if ('decodeOnPage' in result) {
      if (cancelled) return { kind: 'cancelled' };
      const decoded = await decodeOnPage(file);
      if (cancelled) return { kind: 'cancelled' };
      if (typeof decoded === 'string') return { kind: 'refused', message: refusal(decoded, file.name) };
      onProgress(DECODED_AT);
      result = await inWorker({ id, name, channels: decoded.channels, sampleRate: decoded.sampleRate, truncated: decoded.truncated }, DECODED_AT);
    }
    if ('kind' in result) return result;
    if ('decodeOnPage' in result) return { kind: 'refused', message: refusal('undecodable', file.name) };
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
