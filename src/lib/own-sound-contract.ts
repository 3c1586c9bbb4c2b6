import type { OwnSoundRecord } from './own-sounds-db';

/** The import worker's contract (issue 41), imported by both sides: the worker (src/workers) and the feature that asks it. */
export type PrepareProblem = 'silent' | 'tooShort';

/** The recording decoded on the page, one array per channel (transferred to the worker), at their rate: the worker brings them to 48 kHz (OWN_SAMPLE_RATE) first. */
export interface DecodedRecording {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly truncated: boolean;
}

/** The file itself (transferred): the worker decodes what it can (a WAV, an MP3, a FLAC), and keeps the first `maxSeconds`. */
export interface RecordingFile {
  readonly file: ArrayBuffer;
  readonly maxSeconds: number;
}

export type PrepareRequest = { readonly id: string; readonly name: string } & (DecodedRecording | RecordingFile);

/** `decodeOnPage`: the worker could not decode the file; the page decodes it and asks again with the channels. */
export type PrepareResult = { readonly stored: OwnSoundRecord } | { readonly problem: PrepareProblem } | { readonly decodeOnPage: true };

/** One import in the worker: its result, and Cancel (the worker is terminated; what it had not committed is gone). */
export interface OwnSoundPreparation {
  readonly result: Promise<PrepareResult>;
  cancel(): void;
}

export type PrepareOwnSound = (request: PrepareRequest, onProgress: (fraction: number) => void) => OwnSoundPreparation;
