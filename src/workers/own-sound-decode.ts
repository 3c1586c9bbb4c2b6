/**
 * Decoding an import in the worker (issue 41), so the page's main thread never holds the whole file decoded: a WAV
 * is read directly (lib/wav-pcm.ts), an MP3 is split into frames (lib/mp3-frames.ts) and decoded by WebCodecs'
 * AudioDecoder where this browser has it for MP3. Null for anything else, or when any of it fails: the page then
 * decodes the file with decodeAudioData as before (features/own-sounds/decode-import.ts), and that decoder has the
 * last word on whether it is audio at all.
 */
import { splitMp3Frames, type Mp3Frames } from '../lib/mp3-frames';
import { readWavPcm } from '../lib/wav-pcm';

export interface WorkerDecoded {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly truncated: boolean;
}

/** Frames handed to the decoder before waiting for its queue to drain: the decoded audio is copied out as it comes. */
const QUEUE = 64;

async function decodeMp3(mp3: Mp3Frames, maxSeconds: number, onProgress: (fraction: number) => void): Promise<WorkerDecoded | null> {
  if (typeof AudioDecoder === 'undefined') return null;
  const config: AudioDecoderConfig = { codec: 'mp3', sampleRate: mp3.sampleRate, numberOfChannels: mp3.channels };
  const support = await AudioDecoder.isConfigSupported(config).catch(() => null);
  if (support?.supported !== true) return null;
  const total = mp3.frames.length * mp3.samplesPerFrame;
  const wanted = Math.min(total - mp3.skipStart - mp3.skipEnd, Math.round(maxSeconds * mp3.sampleRate));
  if (wanted <= 0) return null;
  const out = Array.from({ length: Math.min(2, mp3.channels) }, () => new Float32Array(wanted));
  // Decoded frames are written at their place in the file, less the start's skip; what falls outside is dropped.
  let written = 0;
  let failure: unknown = null;
  const decoder = new AudioDecoder({
    output: (data) => {
      const n = data.numberOfFrames;
      out.forEach((channel, c) => {
        const plane = new Float32Array(n);
        data.copyTo(plane, { planeIndex: Math.min(c, data.numberOfChannels - 1), format: 'f32-planar' });
        const from = written - mp3.skipStart;
        const lo = Math.max(0, -from);
        const hi = Math.min(n, wanted - from);
        if (hi > lo) channel.set(plane.subarray(lo, hi), from + lo);
      });
      written += n;
      data.close();
    },
    error: (error) => (failure = error),
  });
  try {
    decoder.configure(config);
    const needed = Math.ceil((wanted + mp3.skipStart) / mp3.samplesPerFrame) + 1;
    for (let i = 0; i < Math.min(needed, mp3.frames.length) && failure === null; i++) {
      decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp: Math.round((i * mp3.samplesPerFrame * 1e6) / mp3.sampleRate), data: mp3.frames[i]! }));
      if (i % 1000 === 999) onProgress(i / needed);
      if (decoder.decodeQueueSize > QUEUE) await new Promise<void>((resolve) => decoder.addEventListener('dequeue', () => resolve(), { once: true }));
    }
    await decoder.flush();
  } catch (error) {
    failure ??= error;
  } finally {
    if (decoder.state !== 'closed') decoder.close();
  }
  // A decoder that failed, or gave back much less than the frames hold (damage it skipped): the page's decoder decides.
  if (failure !== null || written - mp3.skipStart < wanted) return null;
  return { channels: out, sampleRate: mp3.sampleRate, truncated: total - mp3.skipStart - mp3.skipEnd > wanted };
}

export async function decodeInWorker(file: ArrayBuffer, maxSeconds: number, onProgress: (fraction: number) => void): Promise<WorkerDecoded | null> {
  const bytes = new Uint8Array(file);
  const wav = readWavPcm(bytes, maxSeconds);
  if (wav) return wav;
  const mp3 = splitMp3Frames(bytes);
  if (!mp3) return null;
  try {
    return await decodeMp3(mp3, maxSeconds, onProgress);
  } catch {
    return null;
  }
}
