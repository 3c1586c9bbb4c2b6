/**
 * The loop track's fades (loop-track.ts): short linear ramps of a level on the audio clock, each from the
 * level its param will have when it starts. `.value` is the level now: a fade-in still ahead of the clock (a hand-over
 * is scheduled 0.2 s ahead) would make a fade scheduled after it a step from 0 to 1, heard as a click.
 */
export type FadeTo = (param: AudioParam, to: number, at: number) => number;

/** Fades of `seconds`: `fadeTo(param, to, at)` ramps from `at`, or from the end of a fade still running then (cut short, it would step); returns when it starts. */
export function createLevelFades(seconds: number): FadeTo {
  const fades = new WeakMap<AudioParam, { from: number; to: number; at: number }>();
  const levelAt = (param: AudioParam, t: number) => {
    const fade = fades.get(param);
    if (!fade) return param.value;
    return fade.from + (fade.to - fade.from) * Math.min(1, Math.max(0, (t - fade.at) / seconds));
  };
  return (param, to, at) => {
    const last = fades.get(param);
    const start = last && at > last.at && at < last.at + seconds ? last.at + seconds : at;
    const from = levelAt(param, start);
    param.cancelScheduledValues(start);
    param.setValueAtTime(from, start);
    param.linearRampToValueAtTime(to, start + seconds);
    fades.set(param, { from, to, at: start });
    return start;
  };
}
