/** How every level in the graph moves: ramped gains on the audio clock, never a jump (a click). */

/** Level changes follow this time constant: fast enough to feel immediate, slow enough not to click. */
export const LEVEL_TIME_CONSTANT_S = 0.02;

export function ramp(param: AudioParam, ctx: BaseAudioContext, to: number): void {
  param.cancelScheduledValues(ctx.currentTime);
  param.setTargetAtTime(to, ctx.currentTime, LEVEL_TIME_CONSTANT_S);
}

/** From where it is now to 0 over `seconds`, linear on the audio clock (the sleep timer's long fade). */
export function rampToSilence(param: AudioParam, ctx: BaseAudioContext, seconds: number): void {
  const at = ctx.currentTime;
  param.cancelScheduledValues(at);
  param.setValueAtTime(param.value, at);
  param.linearRampToValueAtTime(0, at + Math.max(0, seconds));
}
