/**
 * Decoding an import in the worker (issue 41), so the page's main thread never holds the whole file decoded: a WAV
 * is read directly (lib/wav-pcm.ts), an MP3 or a FLAC is split into frames (lib/mp3-frames.ts, lib/flac-frames.ts),
 * an Ogg Opus or Vorbis into packets (lib/ogg-packets.ts), and decoded by WebCodecs' AudioDecoder where this browser
 * has it for that codec. Null for anything else, or when any of it fails: the page then decodes the file with
 * decodeAudioData as before (features/own-sounds/decode-import.ts), and that decoder has the last word on whether it
 * is audio at all.
 */
import { splitFlacFrames, type FlacFrames } from '../lib/flac-frames';
import { decodedStartSkip, splitOggAudio, type OggAudio } from '../lib/ogg-packets';
import { splitMp3Frames, type Mp3Frames } from '../lib/mp3-frames';
import { readWavPcm } from '../lib/wav-pcm';
import { decodeKeeping, type DecodeRun } from '../lib/audio-decoding';

export interface WorkerDecoded {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly truncated: boolean;
}

/**
 * What a decoder is handed (audio-decoding.ts's run: its config, the frames, and which of the samples they decode
 * to are the recording: `skip`, then `keep`), and whether that is less than the file holds (over the cap).
 */
type FrameStream = Pick<DecodeRun, 'config' | 'chunks' | 'skip' | 'keep'> & { readonly truncated: boolean };

/** Frames decoded by WebCodecs' AudioDecoder into one array per channel; null if it cannot or does not give back what they hold. */
async function decodeFrames(stream: FrameStream, onProgress: (fraction: number) => void): Promise<WorkerDecoded | null> {
  const { config, truncated } = stream;
  if (typeof AudioDecoder === 'undefined' || stream.keep <= 0) return null;
  const support = await AudioDecoder.isConfigSupported(config).catch(() => null);
  if (support?.supported !== true) return null;
  // A decoder that fails, or gives back less than the frames hold (damage it skipped), rejects: the page's decoder decides.
  const channels = await decodeKeeping({ ...stream, channels: Math.min(2, config.numberOfChannels), microsPerChunk: 1000, onProgress }).catch(() => null);
  return channels && { channels, sampleRate: config.sampleRate, truncated };
}

function mp3Stream(mp3: Mp3Frames, maxSeconds: number): FrameStream {
  const total = mp3.frames.length * mp3.samplesPerFrame - mp3.skipStart - mp3.skipEnd;
  const keep = Math.min(total, Math.round(maxSeconds * mp3.sampleRate));
  return {
    config: { codec: 'mp3', sampleRate: mp3.sampleRate, numberOfChannels: mp3.channels },
    // Only the frames the kept samples need (a file over the cap ends sooner), and one for the decoder's look-ahead.
    chunks: mp3.frames.slice(0, Math.ceil((keep + mp3.skipStart) / mp3.samplesPerFrame) + 1),
    skip: mp3.skipStart,
    keep,
    truncated: total > keep,
  };
}

function flacStream(flac: FlacFrames, maxSeconds: number): FrameStream | null {
  // A stream that does not say its length is left to the page's decoder (it could not be checked whole here).
  if (flac.totalSamples === 0) return null;
  const keep = Math.min(flac.totalSamples, Math.round(maxSeconds * flac.sampleRate));
  return {
    config: { codec: 'flac', sampleRate: flac.sampleRate, numberOfChannels: flac.channels, description: flac.description },
    chunks: flac.frames,
    skip: 0,
    keep,
    truncated: flac.totalSamples > keep,
  };
}

function oggStream(ogg: OggAudio, maxSeconds: number): FrameStream {
  const keep = Math.min(ogg.totalSamples, Math.round(maxSeconds * ogg.sampleRate));
  return {
    config: { codec: ogg.codec, sampleRate: ogg.sampleRate, numberOfChannels: ogg.channels, description: ogg.description },
    chunks: ogg.packets,
    skip: decodedStartSkip(ogg),
    keep,
    truncated: ogg.totalSamples > keep,
  };
}

export async function decodeInWorker(file: ArrayBuffer, maxSeconds: number, onProgress: (fraction: number) => void): Promise<WorkerDecoded | null> {
  const bytes = new Uint8Array(file);
  const wav = readWavPcm(bytes, maxSeconds);
  if (wav) return wav;
  const mp3 = splitMp3Frames(bytes);
  const flac = mp3 ? null : splitFlacFrames(bytes);
  const ogg = mp3 || flac ? null : splitOggAudio(bytes);
  const stream = mp3 ? mp3Stream(mp3, maxSeconds) : flac ? flacStream(flac, maxSeconds) : ogg ? oggStream(ogg, maxSeconds) : null;
  if (!stream) return null;
  try {
    return await decodeFrames(stream, onProgress);
  } catch {
    return null;
  }
}
