import type { OwnSoundRecord } from './own-sounds-db';

/** The import worker's contract (issue 41), imported by both sides: the worker (src/workers) and the feature that asks it. */
export type PrepareProblem = 'silent' | 'tooShort';

export interface PrepareRequest {
  readonly id: string;
  readonly name: string;
  /** The decoded recording, one array per channel (transferred to the worker). */
  readonly channels: Float32Array[];
  /** Their rate: the worker brings them to 48 kHz (OWN_SAMPLE_RATE) first. */
  readonly sampleRate: number;
  readonly truncated: boolean;
}

export type PrepareResult = { readonly stored: OwnSoundRecord } | { readonly problem: PrepareProblem };

/** One import in the worker: its result, and Cancel (the worker is terminated; what it had not committed is gone). */
export interface OwnSoundPreparation {
  readonly result: Promise<PrepareResult>;
  cancel(): void;
}

export type PrepareOwnSound = (request: PrepareRequest, onProgress: (fraction: number) => void) => OwnSoundPreparation;
