/**
 * Waits on the audio clock, not the wall clock: `fn` runs once the context has rendered `seconds`
 * more audio. A silent source scheduled to stop then says so with its 'ended' event, which is not a
 * timer, so it neither sleeps with a locked screen's timers nor fires while the context is suspended
 * (nothing is heard then either). The source is silent and ends in `into` (the bus), so it adds nothing.
 * Returns a cancel; a context closed first never calls `fn`.
 */
export function afterAudioClock(ctx: BaseAudioContext, into: AudioNode, seconds: number, fn: () => void): () => void {
  const clock = ctx.createBufferSource();
  // One silent frame, looped until the stop: Firefox and WebKit never end a source that has no buffer.
  clock.buffer = ctx.createBuffer(1, 1, ctx.sampleRate);
  clock.loop = true;
  let done = false;
  /** Called once: both callers return first when it has run. */
  const end = () => {
    done = true;
    clock.onended = null;
    clock.disconnect();
  };
  clock.onended = () => {
    if (done) return;
    end();
    fn();
  };
  clock.connect(into);
  clock.start();
  clock.stop(ctx.currentTime + seconds);
  return () => {
    if (done) return;
    end();
    try {
      clock.stop();
    } catch {
      // Already stopped: nothing more to cancel.
    }
  };
}
