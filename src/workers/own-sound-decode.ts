/**
 * Decoding an import in the worker (issue 41), so the page's main thread never holds the whole file decoded: a WAV
 * is read directly (lib/wav-pcm.ts), an MP3 or a FLAC is split into frames (lib/mp3-frames.ts, lib/flac-frames.ts),
 * an Ogg Opus or Vorbis into packets (lib/ogg-packets.ts), and decoded by WebCodecs' AudioDecoder where this browser
 * has it for that codec. Null for anything else, or when
 * any of it fails: the page then decodes the file with decodeAudioData as before (features/own-sounds/decode-import.ts),
 * and that decoder has the last word on whether it is audio at all.
 */
import { splitFlacFrames, type FlacFrames } from '../lib/flac-frames';
import { decodedStartSkip, splitOggAudio, type OggAudio } from '../lib/ogg-packets';
import { splitMp3Frames, type Mp3Frames } from '../lib/mp3-frames';
import { readWavPcm } from '../lib/wav-pcm';
import { decodeKeeping } from '../lib/audio-decoding';

export interface WorkerDecoded {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly truncated: boolean;
}

/** What a decoder is handed: its config, the frames, and which of the samples they decode to are the recording. */
interface FrameStream {
  readonly config: AudioDecoderConfig;
  readonly frames: readonly Uint8Array[];
  /** Samples to drop from the decoded start (a function of the first output's length: audio-decoding.ts), then samples to keep. */
  readonly skipStart: number | ((firstOutputFrames: number) => number);
  readonly wanted: number;
  /** Frames to hand over: fewer than all where the kept samples end sooner (a file over the cap). */
  readonly decodeFrames: number;
  readonly truncated: boolean;
}

/** Frames decoded by WebCodecs' AudioDecoder into one array per channel; null if it cannot or does not give back what they hold. */
async function decodeFrames(stream: FrameStream, onProgress: (fraction: number) => void): Promise<WorkerDecoded | null> {
  const { config, skipStart, wanted } = stream;
  if (typeof AudioDecoder === 'undefined' || wanted <= 0) return null;
  const support = await AudioDecoder.isConfigSupported(config).catch(() => null);
  if (support?.supported !== true) return null;
  // A decoder that fails, or gives back less than the frames hold (damage it skipped), rejects: the page's decoder decides.
  const chunks = stream.frames.slice(0, stream.decodeFrames);
  const channels = await decodeKeeping({ config, chunks, skip: skipStart, keep: wanted, channels: Math.min(2, config.numberOfChannels), microsPerChunk: 1000, onProgress }).catch(() => null);
  return channels && { channels, sampleRate: config.sampleRate, truncated: stream.truncated };
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

function oggStream(ogg: OggAudio, maxSeconds: number): FrameStream {
  const wanted = Math.min(ogg.totalSamples, Math.round(maxSeconds * ogg.sampleRate));
  return {
    config: { codec: ogg.codec, sampleRate: ogg.sampleRate, numberOfChannels: ogg.channels, description: ogg.description },
    frames: ogg.packets,
    skipStart: decodedStartSkip(ogg),
    wanted,
    decodeFrames: ogg.packets.length,
    truncated: ogg.totalSamples > wanted,
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
