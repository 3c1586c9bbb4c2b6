/**
 * Decoding an import in the worker (issue 41), so the page's main thread never holds the whole file decoded: a WAV
 * is read directly (lib/wav-pcm.ts), an MP3 or a FLAC is split into frames (lib/mp3-frames.ts, lib/flac-frames.ts)
 * and decoded by WebCodecs' AudioDecoder where this browser has it for that codec. Null for anything else, or when
 * any of it fails: the page then decodes the file with decodeAudioData as before (features/own-sounds/decode-import.ts),
 * and that decoder has the last word on whether it is audio at all.
 */
import { splitFlacFrames, type FlacFrames } from '../lib/flac-frames';
import { splitMp3Frames, type Mp3Frames } from '../lib/mp3-frames';
import { readWavPcm } from '../lib/wav-pcm';

export interface WorkerDecoded {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly truncated: boolean;
}

/** Frames handed to the decoder before waiting for its queue to drain: the decoded audio is copied out as it comes. */
const QUEUE = 64;

/** What a decoder is handed: its config, the frames, and which of the samples they decode to are the recording. */
interface FrameStream {
  readonly config: AudioDecoderConfig;
  readonly frames: readonly Uint8Array[];
  /** Samples to drop from the decoded start, then samples to keep. */
  readonly skipStart: number;
  readonly wanted: number;
  /** Frames to hand over: fewer than all where the kept samples end sooner (a file over the cap). */
  readonly decodeFrames: number;
  readonly truncated: boolean;
}

/** Frames decoded by WebCodecs' AudioDecoder into one array per channel; null if it cannot or does not give back what they hold. */
async function decodeFrames(stream: FrameStream, onProgress: (fraction: number) => void): Promise<WorkerDecoded | null> {
  const { config, frames, skipStart, wanted } = stream;
  if (typeof AudioDecoder === 'undefined' || wanted <= 0) return null;
  const support = await AudioDecoder.isConfigSupported(config).catch(() => null);
  if (support?.supported !== true) return null;
  const out = Array.from({ length: Math.min(2, config.numberOfChannels) }, () => new Float32Array(wanted));
  // Decoded frames are written at their place in the file, less the start's skip; what falls outside is dropped.
  let written = 0;
  let failure: unknown = null;
  const decoder = new AudioDecoder({
    output: (data) => {
      const n = data.numberOfFrames;
      out.forEach((channel, c) => {
        const from = written - skipStart;
        const lo = Math.max(0, -from);
        const hi = Math.min(n, wanted - from);
        if (hi <= lo) return;
        const plane = new Float32Array(n);
        data.copyTo(plane, { planeIndex: Math.min(c, data.numberOfChannels - 1), format: 'f32-planar' });
        channel.set(plane.subarray(lo, hi), from + lo);
      });
      written += n;
      data.close();
    },
    error: (error) => (failure = error),
  });
  try {
    decoder.configure(config);
    const count = Math.min(stream.decodeFrames, frames.length);
    for (let i = 0, time = 0; i < count && failure === null; i++) {
      decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp: time, data: frames[i]! }));
      time += 1000;
      if (i % 1000 === 999) onProgress(i / count);
      if (decoder.decodeQueueSize > QUEUE) await new Promise<void>((resolve) => decoder.addEventListener('dequeue', () => resolve(), { once: true }));
    }
    await decoder.flush();
  } catch (error) {
    failure ??= error;
  } finally {
    if (decoder.state !== 'closed') decoder.close();
  }
  // A decoder that failed, or gave back less than the frames hold (damage it skipped): the page's decoder decides.
  if (failure !== null || written - skipStart < wanted) return null;
  return { channels: out, sampleRate: config.sampleRate, truncated: stream.truncated };
}

function mp3Stream(mp3: Mp3Frames, maxSeconds: number): FrameStream {
  const total = mp3.frames.length * mp3.samplesPerFrame - mp3.skipStart - mp3.skipEnd;
  const wanted = Math.min(total, Math.round(maxSeconds * mp3.sampleRate));
  return {
    config: { codec: 'mp3', sampleRate: mp3.sampleRate, numberOfChannels: mp3.channels },
    frames: mp3.frames,
    skipStart: mp3.skipStart,
    wanted,
    decodeFrames: Math.ceil((wanted + mp3.skipStart) / mp3.samplesPerFrame) + 1,
    truncated: total > wanted,
  };
}

function flacStream(flac: FlacFrames, maxSeconds: number): FrameStream | null {
  // A stream that does not say its length is left to the page's decoder (it could not be checked whole here).
  if (flac.totalSamples === 0) return null;
  const wanted = Math.min(flac.totalSamples, Math.round(maxSeconds * flac.sampleRate));
  return {
    config: { codec: 'flac', sampleRate: flac.sampleRate, numberOfChannels: flac.channels, description: flac.description },
    frames: flac.frames,
    skipStart: 0,
    wanted,
    decodeFrames: flac.frames.length,
    truncated: flac.totalSamples > wanted,
  };
}

export async function decodeInWorker(file: ArrayBuffer, maxSeconds: number, onProgress: (fraction: number) => void): Promise<WorkerDecoded | null> {
  const bytes = new Uint8Array(file);
  const wav = readWavPcm(bytes, maxSeconds);
  if (wav) return wav;
  const mp3 = splitMp3Frames(bytes);
  const flac = mp3 ? null : splitFlacFrames(bytes);
  const stream = mp3 ? mp3Stream(mp3, maxSeconds) : flac ? flacStream(flac, maxSeconds) : null;
  if (!stream) return null;
  try {
    return await decodeFrames(stream, onProgress);
  } catch {
    return null;
  }
}
