/**
 * What the offline render page (tests/render/offline-render.ts) offers the Playwright specs as `window.lullRender`: plain data
 * in, plain figures out (a 10-minute render is 230 MB of samples, so it is measured in the page, not sent back).
 * Types only, shared by the page and the specs.
 */

/** Exact silence and clicks in a stretch of a render (tests/e2e/output-probe.ts `seamMetrics`, each channel). */
export interface SeamFigures {
  longestSilenceMs: number;
  /** The largest sample-to-sample jump over the stretch's own 99.9th percentile. */
  maxJumpRatio: number;
  maxJumpAtMs: number;
  /** The largest jump over the whole render's p99.9 (the render's own level of detail, not this stretch's). */
  maxJumpReRender: number;
}

/** A walk's join: the outgoing segment's last crossfade and the incoming one's first, heard together. */
export interface JoinFigures {
  /** Render time (s) where the crossfade starts, and the segments (indices in the file's list). */
  at: number;
  from: number;
  to: number;
  /** Around the join (1.5 s either side of the crossfade), the worse channel. */
  seam: SeamFigures;
  /**
   * The two segments' gains read back from the render, per 10 ms block of the crossfade (least squares of the
   * render on the file's own samples of both): their power sum in dB (equal power: 0), extremes over the blocks,
   * and the largest distance of each gain from the walk's law (cos and sin of a quarter turn).
   */
  powerSumDb: { min: number; max: number };
  gainError: number;
}

/** A sample-to-sample join of the file (its end into its start): the seam's figures and the render against the file. */
export interface WrapFigures {
  at: number;
  seam: SeamFigures;
  /**
   * Largest |render − file| within 0.2 s of the wrap (not over the join's own 96 samples), re the file's peak there;
   * null where the wrap is inside a crossfade (measured as that join).
   */
  maxDifference: number | null;
}

export interface LoopRenderOptions {
  /** The catalogue file, 'ocean.mp3'. */
  file: string;
  seconds: number;
  /** The walk's seed (ignored by a file that plays in order). */
  seed: number;
  /**
   * Also measure every stretch this long (s), stepped by a sixteenth of it, on the left channel as the real-time
   * recordings are measured (its largest jump over that stretch's own p99.9): the worst five distinct jumps come back as `stretches`.
   */
  stretchSeconds?: number;
}

/** A stretch of a render as an 8 s recording of it would read: its largest jump, and how far that is from a join. */
export interface StretchFigures {
  /** Render time (s) where the stretch starts, and where its largest jump is. */
  at: number;
  jumpAt: number;
  maxJumpRatio: number;
  /** The same jump over the p99.9 of the stretch as long centred on it (no edge cuts what surrounds it). */
  centredRatio: number;
  /** From the largest jump to the nearest join's crossfade (0: inside one), in s. */
  fromJoinS: number;
}

export interface LoopRender {
  sampleRate: number;
  /** Render time (s) of the voice's first sample. */
  startedAt: number;
  walking: boolean;
  /** The segments in the order walked (from the plan the voice was given: its seed). */
  order: number[];
  joins: JoinFigures[];
  wraps: WrapFigures[];
  /** The whole render from the voice's start: longest exact silence, largest jump over the render's p99.9 (histogram), per the worse channel. */
  whole: { longestSilenceMs: number; maxJumpRatio: number };
  /** Buffer sources started after their time (a decode that came late: the voice's own catch-up). */
  lateStarts: number;
  /** With `stretchSeconds`: the five distinct jumps with the largest ratio to their stretch's p99.9, worst first. */
  stretches?: StretchFigures[];
  renderMs: number;
}

export interface MixLayerSpec {
  sound: string;
  /** The slider, 0..1. */
  level: number;
}

export interface MixRenderOptions {
  /** The layers, each from its start (a soundscape from its file's top, a noise from its seed). */
  layers: MixLayerSpec[];
  /** Catalogue soundscapes played bare: the loop voice alone at gain 1 into the master (the file as it is, before any level). */
  bare?: string[];
  master: number;
  seconds: number;
  seed: number;
  /** The window measured (s of render time). */
  window: [number, number];
}

export interface MixRender {
  /** Mean square over the window, both channels. */
  power: number;
  /** Every 50th sample of the window (left, then right): renders compared sample by sample (a mix is the sum of its layers). */
  probe: number[];
  renderMs: number;
}

export interface SleepRenderOptions {
  /** The timer, and its long fade (0: SPEC's ~1 s stepped fade at zero). */
  minutes: number;
  fadeMinutes: number;
  sampleRate: number;
  /** The level is read every `step` seconds. */
  step: number;
}

export interface SleepRender {
  /** Render time (s) of the timer's deadline. */
  deadline: number;
  /** The output's level (the mix is a constant 1: the gain itself) every `step` s from the start to the render's end, in dB re full. */
  step: number;
  levelsDb: number[];
  /** Render time (s) when the timer asked every engine to stop (null: it never did). */
  stoppedAt: number | null;
  /** The loudest sample from then to the render's end. */
  peakAfterStop: number;
  renderMs: number;
}

export interface OwnSoundRenderOptions {
  /** The own sound's loop (s), made in the page: seeded low-passed stereo noise, exactly periodic. */
  loopSeconds: number;
  seconds: number;
  /** A codec delay other than the one measured (a mutation: the chunks would be cut off their frames). */
  delayError?: number;
  /** Walk its segments (chosen as the import chooses them) in this seed's order; absent, the loop plays in order. */
  walkSeed?: number;
}

export interface OwnSoundRender {
  /** 'opus', or 'pcm' where this browser could not encode (the spec expects Opus in Chromium). */
  stored: 'opus' | 'pcm';
  /** Segments walked (0: the loop in order). */
  segments: number;
  delay: number;
  storedBytesPerMinute: number;
  /** Render time (s) of every chunk join and loop wrap heard. */
  joins: number[];
  /** Signal to error (dB) of the render against the loop it should be, frame for frame, in blocks of 100 ms: the worst, and where. */
  worstSnrDb: number;
  worstSnrAt: number;
  /** Render times (s) of the 100 ms blocks that match the loop best at a shift (±4 frames), not on their own frames. */
  offPlace: number[];
  /** Of the whole render after the start. */
  longestSilenceMs: number;
  maxJumpRatio: number;
  renderMs: number;
}

export interface LullRender {
  loop(options: LoopRenderOptions): Promise<LoopRender>;
  ownSound(options: OwnSoundRenderOptions): Promise<OwnSoundRender>;
  mix(options: MixRenderOptions): Promise<MixRender>;
  sleep(options: SleepRenderOptions): Promise<SleepRender>;
}
