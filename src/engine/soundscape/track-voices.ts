/**
 * The loop track's voices (loop-track.ts): the one heard, one being started, and those still fading out. A voice
 * that is taken is crossfaded with the one heard before it on the audio clock; a stop fades the heard one out.
 */
import { createLevelFades } from './level-fades';
import type { LoopVoice } from './loop-voice';

/** Crossfade long enough to hide a few ms of misalignment, short enough to be inaudible as a fade. */
export const TRACK_FADE_S = 0.02;
/**
 * How far ahead a hand-over between two voices (the whole file's walk taking over, a seek) is scheduled: the audio
 * thread must receive the start and the ramps before their time, or a ramp already past jumps to its end (a click).
 * With 'playback' latency the context's clock moves in steps of tens of ms on a busy machine.
 */
export const HANDOVER_LEAD_S = 0.2;
/**
 * A start from silence (a play, a resume) needs no crossfade, only to reach the audio thread before its time (a start
 * already past would play late and its next window on time: a step at the first join); 20 ms is several quanta.
 */
export const START_LEAD_S = 0.02;
/** In order (a start, or while the file arrives), windows of 0.5 s: the first sound waits for a short decode and little of the file. */
export const STREAM_WINDOW_S = 0.5;

export interface HeardVoice {
  readonly voice: LoopVoice;
  /** The file's sample rate. */
  readonly rate: number;
  /** ctx time it is heard from. */
  readonly at: number;
  /** Plays the file in order as it arrives (a walk takes over once it is whole). */
  readonly streaming: boolean;
}

/** A voice that plays the track's file outside the track (the first tap's, before the app ran). */
export interface HeardElsewhere {
  /** Where in the file (seconds) it is at the context's time `t`, or null if it is not heard. */
  position(t: number): number | null;
  /** Fades it out from `at` (the context's time; now when omitted). */
  fade(at?: number): void;
}

export interface TrackVoices {
  readonly heard: HeardVoice | null;
  /** `voice` is heard elsewhere until a voice is taken (crossfaded with it, as with a heard one) or a stop. */
  adopt(voice: HeardElsewhere): void;
  /**
   * Where a start from silence begins (file samples at the context's time `at`, for the file's `rate`) and how far ahead:
   * at `seconds` in the file, or where a voice heard elsewhere is by then (a crossfade: scheduled ahead as a hand-over).
   */
  startAt(seconds: number): { where(at: number, rate: number): number; lead: number };
  /** `voice` is starting: an older start is stopped. */
  begin(voice: LoopVoice, now: number): void;
  /** Whether `voice` is the latest start (not overtaken by a newer one or a stop). */
  starting(voice: LoopVoice): boolean;
  /** Heard from its `at`, crossfaded with the voice heard until then. */
  take(heard: HeardVoice): void;
  /** Nothing heard from `now`: the start in progress stops, the heard voice fades out. */
  stop(now: number): void;
  /** Decoded bytes held by every voice not yet done. */
  readonly residentBytes: number;
}

export function createTrackVoices(): TrackVoices {
  const fadeTo = createLevelFades(TRACK_FADE_S);
  const voices = new Set<LoopVoice>();
  let heard: HeardVoice | null = null;
  let starting: LoopVoice | null = null;
  let elsewhere: HeardElsewhere | null = null;
  const leaveElsewhere = (at: number | undefined) => {
    elsewhere?.fade(at);
    elsewhere = null;
  };
  const fadeOut = (voice: LoopVoice, at: number) => voice.stop(fadeTo(voice.gain.gain, 0, at) + TRACK_FADE_S);
  return {
    get heard() {
      return heard;
    },
    adopt(voice) {
      leaveElsewhere(undefined);
      elsewhere = voice;
    },
    startAt(seconds) {
      const from = elsewhere;
      if (!from) return { where: (_, rate) => seconds * rate, lead: START_LEAD_S };
      return { where: (at, rate) => (from.position(at) ?? seconds) * rate, lead: HANDOVER_LEAD_S };
    },
    begin(voice, now) {
      starting?.stop(now);
      voices.add(voice);
      starting = voice;
    },
    starting: (voice) => starting === voice,
    take(next) {
      if (starting === next.voice) starting = null;
      fadeTo(next.voice.gain.gain, 1, next.at);
      if (heard) fadeOut(heard.voice, next.at);
      leaveElsewhere(next.at);
      heard = next;
    },
    stop(now) {
      starting?.stop(now);
      starting = null;
      if (heard) fadeOut(heard.voice, now);
      leaveElsewhere(now);
      heard = null;
    },
    get residentBytes() {
      let total = 0;
      for (const voice of voices) {
        if (voice.done) voices.delete(voice);
        else total += voice.residentBytes;
      }
      return total;
    },
  };
}
