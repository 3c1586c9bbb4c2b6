import * as Comlink from 'comlink';
import { int16Chunk, OWN_CHUNK_FRAMES, OWN_SAMPLE_RATE } from '../lib/own-sound-pcm';
import { openOwnSoundsDb, putOwnSound, type OwnSoundRecord, type OwnSoundSegments } from '../lib/own-sounds-db';
import { chooseSegments, CROSSFADE_SAMPLES, MIN_SEGMENT_SAMPLES } from '../../measure/segments.ts';
import type { DecodedRecording, PrepareRequest, PrepareResult } from '../lib/own-sound-contract';
import { decodeInWorker } from './own-sound-decode';
import { prepareLoop, spectrumProfile } from './own-sound-prepare';
import { resampleSinc } from '../lib/sinc-resample';
import { encodeOwnSoundOpus } from './own-sound-opus-encode';

/**
 * Its segments, chosen as the catalogue's are (the studio's own chooser, shared): a loop long enough for two
 * segments of the shortest length walks like a soundscape; a shorter one plays in order.
 */
function walkable(channels: readonly Float32Array[]): { segments?: OwnSoundSegments } {
  const [left, right = left] = channels as [Float32Array, Float32Array?];
  if (!left || left.length < 2 * MIN_SEGMENT_SAMPLES) return {};
  const { starts } = chooseSegments(left, right);
  return starts.length >= 2 ? { segments: { starts, crossfade: CROSSFADE_SAMPLES } } : {};
}

/** A decoded recording made a levelled seamless loop at 48 kHz, cut into chunks and stored in one transaction. */
async function prepareAndStore(sound: { id: string; name: string }, request: DecodedRecording, onProgress: (fraction: number) => void): Promise<PrepareResult> {
  // At the file's own rate: brought to 48 kHz here, one channel at a time.
  const resampling = request.sampleRate !== OWN_SAMPLE_RATE;
  const recording = request.channels.map((channel, c) => {
    if (!resampling) return channel;
    const out = resampleSinc(channel, request.sampleRate, OWN_SAMPLE_RATE);
    onProgress((0.3 * (c + 1)) / request.channels.length);
    return out;
  });
  const from = resampling ? 0.3 : 0;
  const prepared = prepareLoop(recording, (fraction) => onProgress(from + (0.7 - from) * fraction));
  if (typeof prepared === 'string') return { problem: prepared };
  const { channels } = prepared;
  const frames = channels[0]?.length ?? 0;
  // Opus where this browser codes it and gives it back where it went in (own-sound-opus.ts), else 16-bit PCM.
  const opus = await encodeOwnSoundOpus(channels, OWN_CHUNK_FRAMES, (fraction) => onProgress(0.7 + 0.25 * fraction));
  const chunks: ArrayBuffer[] = opus?.chunks ?? [];
  for (let from = 0; !opus && from < frames; from += OWN_CHUNK_FRAMES) {
    chunks.push(int16Chunk(channels, from, Math.min(frames, from + OWN_CHUNK_FRAMES)).buffer as ArrayBuffer);
    onProgress(0.7 + (0.2 * from) / frames);
  }
  const stored: OwnSoundRecord = {
    id: sound.id,
    name: sound.name,
    frames,
    sampleRate: OWN_SAMPLE_RATE,
    channels: channels.length,
    chunkFrames: OWN_CHUNK_FRAMES,
    chunkCount: chunks.length,
    storedBytes: chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0),
    loudnessLufs: prepared.loudnessLufs,
    gainDb: prepared.gainDb,
    truePeakDb: prepared.truePeakDb,
    truncated: request.truncated,
    spectrum: spectrumProfile(channels),
    ...(opus ? { opus: opus.storage } : {}),
    ...walkable(channels),
    savedAt: new Date().toISOString(),
  };
  const db = await openOwnSoundsDb();
  try {
    await putOwnSound(db, stored, chunks);
  } finally {
    db.close();
  }
  onProgress(1);
  return { stored };
}

/**
 * The import worker (issue 41): the computation of an import, off the main thread. It takes the file and decodes
 * it where it can (own-sound-decode.ts: WAV, MP3, FLAC), or the recording the page decoded (channels at the file's rate,
 * transferred), brings it to 48 kHz, measures it, makes it a levelled seamless loop, cuts it into chunks (Opus
 * where the browser codes it, else 16-bit PCM) and stores the sound in one transaction. The page cancels by
 * terminating it: a transaction cut short stores nothing.
 */
const ownSoundWorkerApi = {
  async prepareAndStore(request: PrepareRequest, onProgress: (fraction: number) => void): Promise<PrepareResult> {
    if (!('file' in request)) return prepareAndStore(request, request, onProgress);
    // The file itself: decoded here where it can be (the bar's first 30 %), else the page decodes it.
    const decoded = await decodeInWorker(request.file, request.maxSeconds, (fraction) => onProgress(0.3 * fraction));
    if (!decoded) return { decodeOnPage: true };
    return prepareAndStore(request, decoded, (fraction) => onProgress(0.3 + 0.7 * fraction));
  },
};

export type OwnSoundWorkerApi = typeof ownSoundWorkerApi;

Comlink.expose(ownSoundWorkerApi);
