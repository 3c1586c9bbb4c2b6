/** How every level in the graph moves: ramped gains on the audio clock, never a jump (a click). */

/** Level changes follow this time constant: fast enough to feel immediate, slow enough not to click. */
export const LEVEL_TIME_CONSTANT_S = 0.02;

export function ramp(param: AudioParam, ctx: BaseAudioContext, to: number): void {
  param.cancelScheduledValues(ctx.currentTime);
  param.setTargetAtTime(to, ctx.currentTime, LEVEL_TIME_CONSTANT_S);
}

/** A source's start and stop: long enough to hide the edge, short enough to feel instant. */
export const EDGE_RAMP_S = 0.04;

/** A source starting at `at`: its level rises from 0 to `to` over EDGE_RAMP_S (anything scheduled from now is dropped). */
export function fadeIn(param: AudioParam, ctx: BaseAudioContext, to: number, at = ctx.currentTime): void {
  param.cancelScheduledValues(ctx.currentTime);
  param.setValueAtTime(0, at);
  param.linearRampToValueAtTime(to, at + EDGE_RAMP_S);
}

/** A source stopping: from its level now to 0 over EDGE_RAMP_S; returns when it is silent (ctx time). */
export function fadeOut(param: AudioParam, ctx: BaseAudioContext): number {
  const now = ctx.currentTime;
  param.cancelScheduledValues(now);
  param.setValueAtTime(param.value, now);
  param.linearRampToValueAtTime(0, now + EDGE_RAMP_S);
  return now + EDGE_RAMP_S;
}

/** From where it is now to 0 over `seconds`, linear on the audio clock (the sleep timer's long fade). */
export function rampToSilence(param: AudioParam, ctx: BaseAudioContext, seconds: number): void {
  const at = ctx.currentTime;
  param.cancelScheduledValues(at);
  param.setValueAtTime(param.value, at);
  param.linearRampToValueAtTime(0, at + Math.max(0, seconds));
}
