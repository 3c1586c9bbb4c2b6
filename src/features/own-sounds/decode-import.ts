/**
 * The page's part of an import (issue 41): refuse what is too big before reading it, tell a file that is not audio
 * from audio that will not decode, and decode what the import worker could not (it reads WAV, MP3 and FLAC itself:
 * workers/own-sound-decode.ts) at its own rate where its header says it (decodeAudioData decodes off the main
 * thread, but resamples on it and builds the whole AudioBuffer there: audio-file-rate.ts), else at 48 kHz. The
 * resampling to 48 kHz, the measuring, looping and storing are the import worker's.
 */
import { MAX_IMPORT_BYTES } from '../../lib/own-sound-strings';
import { OWN_SAMPLE_RATE } from '../../lib/own-sound-pcm';
import { audioFileRate, hasText } from '../../lib/audio-file-rate';

/** The cap: longer files keep their first 20 minutes. */
export const MAX_IMPORT_SECONDS = 20 * 60;

export type DecodeProblem = 'tooBig' | 'empty' | 'notAudio' | 'undecodable';

export interface DecodedImport {
  readonly channels: Float32Array[];
  /** The rate they were decoded at: the file's own, or 48 kHz. */
  readonly sampleRate: number;
  readonly truncated: boolean;
}

/**
 * Frames copied out of the decoded buffer at a time, each copy a task of its own: at 4× CPU a channel's copy ran at
 * 11 M frames a second (1.2 s for 5 minutes at 44.1 kHz), so a stereo piece of 131,072 frames takes about 24 ms.
 */
const COPY_FRAMES = 1 << 17;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The decoder at `rate`, or at 48 kHz where this browser's offline context will not run at it. */
function offlineContext(rate: number | undefined): OfflineAudioContext {
  if (rate !== undefined && rate !== OWN_SAMPLE_RATE) {
    try {
      return new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate: rate });
    } catch {
      // Out of this browser's range: decoded at 48 kHz, resampled as it decodes.
    }
  }
  return new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate: OWN_SAMPLE_RATE });
}

/**
 * Whether the first bytes are an audio container a browser may decode: ID3 or an MPEG/ADTS frame sync (MP3, AAC),
 * RIFF WAVE, FLAC, Ogg, an MP4/M4A box, WebM/Matroska, AIFF, CAF. Anything else (an image renamed .mp3) is not audio.
 */
export function looksLikeAudio(head: Uint8Array): boolean {
  if (head.length < 4) return false;
  if (hasText(head, 'ID3') || hasText(head, 'fLaC') || hasText(head, 'OggS') || hasText(head, 'caff')) return true;
  if (hasText(head, 'RIFF') && hasText(head, 'WAVE', 8)) return true;
  if (hasText(head, 'FORM') && (hasText(head, 'AIFF', 8) || hasText(head, 'AIFC', 8))) return true;
  if (hasText(head, 'ftyp', 4)) return true;
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true;
  return head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0;
}

/** Checks that need no reading: the size. */
export function sizeProblem(file: Blob): DecodeProblem | null {
  if (file.size > MAX_IMPORT_BYTES) return 'tooBig';
  return file.size === 0 ? 'empty' : null;
}

/**
 * A file that passed the checks above (sizeProblem, looksLikeAudio) and that the worker could not decode, decoded
 * here. Read again: the bytes read for the checks went to the worker (transferred, not copied).
 */
export async function decodeOnPage(file: Blob): Promise<DecodedImport | 'undecodable'> {
  const bytes = await file.arrayBuffer();
  let decoded: AudioBuffer;
  try {
    decoded = await offlineContext(audioFileRate(new Uint8Array(bytes))).decodeAudioData(bytes);
  } catch {
    return 'undecodable';
  }
  if (decoded.length === 0) return 'undecodable';
  const frames = Math.min(decoded.length, MAX_IMPORT_SECONDS * decoded.sampleRate);
  // Stereo at most: a surround file keeps its front pair.
  const channels = Array.from({ length: Math.min(2, decoded.numberOfChannels) }, () => new Float32Array(frames));
  for (let from = 0; from < frames; from += COPY_FRAMES) {
    if (from > 0) await nextTask();
    for (const [c, channel] of channels.entries()) decoded.copyFromChannel(channel.subarray(from, Math.min(frames, from + COPY_FRAMES)), c, from);
  }
  return { channels, sampleRate: decoded.sampleRate, truncated: decoded.length > frames };
}
