/**
 * The windowed decoder, loaded when a soundscape first hands over (loop-handover.ts), not with the app:
 * the first load's JavaScript budget (issue 24) has no room for what only a playing loop needs.
 */
import { fileFingerprint } from '../../catalogue/file-fingerprint';
import { loopSegments, type LoopSegments } from '../../catalogue/loop-segments';
import { createLoopVoice as createVoice, type LoopVoiceDeps } from './loop-voice';

export { parseMp3Layout } from './mp3-layout';

const known = new WeakMap<Uint8Array, LoopSegments | undefined>();

/** The studio's segments for a catalogue file, found by its bytes (undefined: not a catalogue file, it plays in order). */
export function segmentsFor(file: Uint8Array): LoopSegments | undefined {
  if (!known.has(file)) {
    const print = fileFingerprint(file);
    known.set(file, Object.values(loopSegments).find((s) => s.fingerprint === print));
  }
  return known.get(file);
}

/** A loop voice that walks the file's segments when the catalogue has them. */
export const createLoopVoice = (deps: LoopVoiceDeps) => createVoice({ ...deps, segments: deps.segments ?? segmentsFor(deps.file) });
