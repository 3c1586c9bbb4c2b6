/**
 * The contract between the studio pipeline (render -> master -> encode -> audit) and the
 * sound recipes: nature/ambient sounds (studio/sounds) and lofi songs (studio/lofi).
 * A recipe only makes audio; the pipeline handles loudness, encoding, reversal, covers,
 * caching and the audit.
 */
export const STUDIO_SAMPLE_RATE = 48000;

export interface RenderedAudio {
  readonly sampleRate: typeof STUDIO_SAMPLE_RATE;
  /** Stereo: [left, right], equal lengths. */
  readonly channels: readonly [Float32Array, Float32Array];
  /** Measurements only the recipe can make (e.g. of a stem before the final mix), kept for the audit. */
  readonly measurements?: Readonly<Record<string, number>>;
}

export interface SoundRecipe {
  /** Catalogue index (src/catalogue/entries.ts). */
  readonly index: number;
  /** 'loop': seamless ambient bed, audited as a loop. 'song': a piece with a real ending. */
  readonly form: 'loop' | 'song';
  /** Bump when the recipe's output changes for reasons the code hash cannot see. */
  readonly version: number;
  /** Deterministic: the same recipe gives the same samples. */
  render(): RenderedAudio | Promise<RenderedAudio>;
  /** Extra credit lines for third-party material used (author, title, source link, licence). */
  readonly credits?: readonly string[];
}
