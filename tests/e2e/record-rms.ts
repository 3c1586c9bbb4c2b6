import type { Page } from '@playwright/test';
import type { AudioCensus } from './audio-census';
import type { OutputProbe } from './output-probe';

/** Records `ms` of output; returns the RMS and the audio clock (the context's time, audio-census.ts) before and after. */
export async function recordRms(page: Page, ms: number) {
  await page.evaluate(() => {
    const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    p.take();
    p.record(true);
    (window as unknown as { __from: number }).__from = (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.now().clock;
  });
  await page.waitForTimeout(ms);
  return page.evaluate(() => {
    const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    p.record(false);
    const to = (window as unknown as { __audioCensus: AudioCensus }).__audioCensus.now().clock;
    const { samples } = p.take();
    let sum = 0;
    for (const x of samples) sum += x * x;
    return { rms: Math.sqrt(sum / Math.max(1, samples.length)), from: (window as unknown as { __from: number }).__from, to, count: samples.length };
  });
}

/** The output's power (mean square) over `ms`, recorded after `settleMs` (a level's ramp has ended). */
export async function recordPower(page: Page, ms: number, settleMs = 400): Promise<number> {
  await page.waitForTimeout(settleMs);
  const { rms } = await recordRms(page, ms);
  return rms * rms;
}

/**
 * The output's power over `windowMs`, starting `afterMs` after its first audible sample (above
 * −60 dBFS), in a recording begun before `start()` (a tap on Play) and lasting `afterMs + windowMs`
 * plus half a second. A loop restarts at its top on every Play (layer-voice.ts) and the noises
 * from their seeds, so two such windows hold the same stretch of each layer.
 */
export async function recordPowerFromStart(page: Page, start: () => Promise<void>, afterMs: number, windowMs: number): Promise<number> {
  await page.evaluate(() => {
    const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    p.take();
    p.record(true);
  });
  await start();
  await page.waitForTimeout(afterMs + windowMs + 500);
  const result = await page.evaluate(
    ({ afterMs, windowMs }) => {
      const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
      p.record(false);
      const { samples, sampleRate } = p.take();
      const first = samples.findIndex((x) => Math.abs(x) > 1e-3);
      const from = first + Math.round((afterMs / 1000) * sampleRate);
      const to = from + Math.round((windowMs / 1000) * sampleRate);
      if (first < 0 || to > samples.length) return { power: NaN, heardAt: first / sampleRate, length: samples.length / sampleRate };
      let sum = 0;
      for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
      return { power: sum / (to - from), heardAt: first / sampleRate, length: samples.length / sampleRate };
    },
    { afterMs, windowMs },
  );
  if (!Number.isFinite(result.power)) throw new Error(`no ${windowMs} ms window ${afterMs} ms after the first sound (heard at ${result.heardAt} s of ${result.length} s recorded)`);
  return result.power;
}
