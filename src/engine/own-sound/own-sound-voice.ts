/**
 * A listener's own sound sounding (issue 41), as the track or as a layer: its stored chunks (Opus or 16-bit PCM:
 * src/lib/own-sound-opus.ts, own-sound-pcm.ts) scheduled back to back on the audio clock into an output node, each chunk read and
 * turned into a buffer only a few seconds before it sounds, so a 20-minute recording holds at most three 5 s
 * chunks decoded (under 6 MB for stereo). The stored loop is exactly periodic (the import crossfaded its end into
 * its start), so chunk after chunk, and the last into the first, join on the sample. The voice has no gain of its
 * own: whoever plays it fades the node it plays into.
 */
import { int16ToChannels, resampleChunk, resampleStart, type ResampleState } from '../../lib/own-sound-pcm';
import type { OpusStorage } from '../../lib/own-sound-opus';
import type { OwnSoundSegments } from '../../lib/own-sounds-db';
import { createOwnSoundWalk, type LoopReader } from './own-sound-walk';

/** What a voice reads of a stored sound; the own-sounds database provides `readChunk`. */
export interface OwnSoundSource {
  readonly id: string;
  readonly sampleRate: number;
  readonly channels: number;
  readonly chunkFrames: number;
  readonly chunkCount: number;
  readonly frames: number;
  readChunk(index: number): Promise<ArrayBuffer>;
  /** The chunks are Opus (own-sound-opus.ts); absent, 16-bit PCM. */
  readonly opus?: OpusStorage;
  /** Segment starts (frames) and the crossfade at each join, for the walk; absent or fewer than two starts, the loop plays in order. */
  readonly segments?: OwnSoundSegments;
}

export interface OwnSoundVoice {
  /** Stops every chunk at `at` (the end of the player's fade-out), on the audio clock; nothing more is read. */
  stop(at: number): void;
  /** Decoded audio held now: the chunks scheduled and not yet over (frames × channels × 4). */
  readonly residentBytes: number;
}

export interface OwnSoundVoiceDeps {
  ctx: BaseAudioContext;
  output: AudioNode;
  source: OwnSoundSource;
  /** When the first chunk sounds, in context time. */
  at: number;
  /** The walk's seed (the order of its segments); random if absent. */
  seed?: number;
  /** A chunk could not be read (the sound was deleted, the database failed): nothing more is scheduled. */
  onFailed(error: unknown): void;
}

/** Chunk `index` read and decoded, per channel, at the stored rate. */
async function storedChunk(source: OwnSoundSource, index: number): Promise<Float32Array<ArrayBuffer>[]> {
  const bytes = await source.readChunk(index);
  if (source.opus) {
    // Loaded at the first Opus chunk: the voice is part of the home page's first load, its codec need not be.
    const { decodeOpusChunk } = await import('../../lib/own-sound-opus');
    return decodeOpusChunk(bytes, Math.min(source.chunkFrames, source.frames - index * source.chunkFrames), source.channels, source.opus);
  }
  const pcm = new Int16Array(bytes);
  const stored = Array.from({ length: source.channels }, () => new Float32Array(Math.floor(pcm.length / source.channels)));
  int16ToChannels(pcm, stored);
  return stored;
}

/** Decoded chunks a walk keeps for its reads (a piece reads the end of one segment and the start of the next). */
const WALK_CACHE = 2;

/** The stored loop's frames [from, from + count), read round its end, through a small cache of decoded chunks. */
function loopReader(source: OwnSoundSource): LoopReader {
  const cache = new Map<number, Promise<Float32Array<ArrayBuffer>[]>>();
  const chunk = (index: number) => {
    const held = cache.get(index) ?? storedChunk(source, index);
    cache.delete(index);
    cache.set(index, held);
    for (const oldest of cache.keys()) if (cache.size > WALK_CACHE) cache.delete(oldest);
    return held;
  };
  return async (from, count) => {
    const out = Array.from({ length: source.channels }, () => new Float32Array(count));
    for (let done = 0; done < count; ) {
      const frame = (from + done) % source.frames;
      const index = Math.floor(frame / source.chunkFrames);
      const within = frame - index * source.chunkFrames;
      const data = await chunk(index);
      const take = Math.min(count - done, (data[0]?.length ?? 0) - within);
      if (take <= 0) throw new RangeError(`own sound ${source.id}: chunk ${index} holds no frame ${frame}`);
      data.forEach((x, c) => out[c]?.set(x.subarray(within, within + take), done));
      done += take;
    }
    return out;
  };
}

/**
 * Piece `index` of what the voice plays, at the stored rate: the walk through the sound's segments where it has two
 * or more (own-sound-walk.ts), else its stored chunks in order, round the loop.
 */
function pieces(source: OwnSoundSource, seed: number): (index: number) => Promise<Float32Array<ArrayBuffer>[]> {
  const { starts = [], crossfade = 0 } = source.segments ?? {};
  if (starts.length < 2) return (index) => storedChunk(source, index % source.chunkCount);
  const walk = createOwnSoundWalk({ starts, loopFrames: source.frames, crossfade, channels: source.channels, pieceFrames: source.chunkFrames, seed, readLoop: loopReader(source) });
  return (index) => walk.piece(index);
}

/** How far ahead chunks are scheduled: more than a chunk, so a slow read never leaves the clock without sound. */
const AHEAD_S = 8;
/** A chunk whose time has passed starts this far from the page's reading of the clock (several render quanta). */
export const LATE_LEAD_S = 0.1;

export function startOwnSoundVoice(deps: OwnSoundVoiceDeps): OwnSoundVoice {
  const { ctx, output, source } = deps;
  const rate = ctx.sampleRate;
  const chunks = new Map<AudioBufferSourceNode, number>();
  /** A context at another rate than the stored one: one continuous resample over the chunks in playing order. */
  const resample: ResampleState | null = rate === source.sampleRate ? null : resampleStart(source.channels);
  const piece = pieces(source, deps.seed ?? Math.floor(Math.random() * 2 ** 31));
  let next = 0;
  /** Where the next chunk starts, in context frames (a whole number: chunks meet on a frame). */
  let atFrame = Math.ceil(deps.at * rate);
  let reading = false;
  let stopped = false;

  const schedule = async (): Promise<void> => {
    while (!stopped && atFrame / rate - ctx.currentTime < AHEAD_S) {
      reading = true;
      const index = next;
      const stored = await piece(index);
      if (stopped) return;
      const channels: Float32Array<ArrayBuffer>[] = resample ? resampleChunk(stored, source.sampleRate, rate, resample) : stored;
      const frames = channels[0]?.length ?? 0;
      const buffer = new AudioBuffer({ length: Math.max(1, frames), numberOfChannels: source.channels, sampleRate: rate });
      channels.forEach((channel, c) => buffer.copyToChannel(channel, c));
      const chunk = new AudioBufferSourceNode(ctx, { buffer });
      chunk.connect(output);
      // A read that came too late starts a moment from now (a gap, but never a chunk cut short). Not at currentTime:
      // the audio thread is already past what the page reads there, so such a start lands at a frame of the audio
      // thread's choosing, and the next chunk, scheduled from this one's frame, would overlap it.
      const startFrame = Math.max(atFrame, Math.ceil((ctx.currentTime + LATE_LEAD_S) * rate));
      chunk.start(startFrame / rate);
      chunks.set(chunk, buffer.length * buffer.numberOfChannels * 4);
      chunk.addEventListener('ended', () => {
        chunks.delete(chunk);
        chunk.disconnect();
        if (!stopped && !reading) pump();
      });
      atFrame = startFrame + frames;
      next = index + 1;
    }
    reading = false;
  };

  const pump = () => {
    schedule().catch((error: unknown) => {
      if (stopped) return;
      stop(ctx.currentTime);
      deps.onFailed(error);
    });
  };

  // A pump once a second besides each chunk's end (a throttled tab still runs it: an audible page is exempt).
  const timer = setInterval(() => {
    if (!stopped && !reading) pump();
  }, 1000);

  const stop = (at: number) => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    for (const chunk of chunks.keys()) chunk.stop(Math.max(at, ctx.currentTime));
  };

  pump();
  return {
    stop,
    get residentBytes() {
      return [...chunks.values()].reduce((sum, bytes) => sum + bytes, 0);
    },
  };
}
