/**
 * The windowed decoder, loaded when a soundscape first plays (loop-track.ts), not with the app:
 * the first load's JavaScript budget (issue 24) has no room for what only a playing loop needs.
 */
import { fileFingerprint } from '../../catalogue/file-fingerprint';
import { loopSegments, type LoopSegments } from '../../catalogue/loop-segments';
import { createLoopVoice as createVoice, firstWindow, type LoopTarget, type LoopVoice, type LoopVoiceDeps, type Predecoded } from './loop-voice';
import type { StreamedMp3 } from './streamed-mp3';
import { decodeSlice, fileRateDecoder } from './window-decode';

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

export { openStreamedMp3 } from './streamed-mp3';

/**
 * The loop track's voice over its file (loop-track.ts): walking its segments once the file is whole; before, and for
 * a start from silence, in order over what has arrived (the segments are known by the whole file), each window
 * waiting for its bytes.
 */
export function createTrackVoice(
  mp3: StreamedMp3,
  deps: LoopTarget & Pick<LoopVoiceDeps, 'onError' | 'onResident' | 'windowSeconds' | 'aheadSeconds' | 'predecoded'> & { streamWindowSeconds: number; inOrder: boolean },
): { voice: LoopVoice; rate: number; streaming: boolean } {
  // In order (`inOrder`: a start from silence), short windows decode fastest; the walk takes over a moment later.
  const whole = deps.inOrder ? null : mp3.whole();
  const layout = whole?.layout ?? mp3.layout();
  const voice = whole
    ? createLoopVoice({ ...deps, file: whole.bytes, layout })
    : createVoice({ ...deps, file: new Uint8Array(0), layout, readSlice: mp3.readSlice, windowSeconds: deps.streamWindowSeconds });
  return { voice, rate: layout.sampleRate, streaming: !whole };
}

/**
 * A warm start (track-media.ts): the first window an in-order start decodes (`windowSeconds` long), decoded now at
 * the file's rate, where the voice decodes it too (window-decode.ts); null where no offline context exists.
 */
export async function predecodeFirst(mp3: StreamedMp3, windowSeconds: number): Promise<Predecoded | null> {
  const layout = mp3.layout();
  const decoder = fileRateDecoder(layout.sampleRate);
  if (!decoder) return null;
  const { start, length } = firstWindow(layout, windowSeconds);
  return { start, length, ...(await decodeSlice(decoder, await mp3.readSlice(start, length))) };
}
