import type { Page } from '@playwright/test';
import type { AudioCensus } from './audio-census';
import type { OutputProbe } from './output-probe';

/**
 * Records `ms` of output; returns the RMS, the RMS of its first difference (`highRms`: the upper band, a +6 dB/octave
 * tilt that a broadband noise fills and a soundscape's slow low end barely touches) and the audio clock (the context's
 * time, audio-census.ts) before and after.
 */
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
    let high = 0;
    for (let i = 0; i < samples.length; i++) {
      sum += samples[i]! * samples[i]!;
      if (i > 0) high += (samples[i]! - samples[i - 1]!) ** 2;
    }
    const n = Math.max(1, samples.length);
    return { rms: Math.sqrt(sum / n), highRms: Math.sqrt(high / n), from: (window as unknown as { __from: number }).__from, to, count: samples.length };
  });
}

/** The output's power (mean square) over `ms`, recorded after `settleMs` (a level's ramp has ended). */
export async function recordPower(page: Page, ms: number, settleMs = 400): Promise<number> {
  await page.waitForTimeout(settleMs);
  const { rms } = await recordRms(page, ms);
  return rms * rms;
}

/** The output's RMS over `ms` and how many samples the contexts rendered (0 where nothing renders: a suspended context). */
export const outputLevel = (page: Page, ms: number): Promise<{ rms: number; samples: number }> =>
  page.evaluate(async (ms) => {
    const probe = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    probe.take();
    probe.record(true);
    await new Promise((resolve) => setTimeout(resolve, ms));
    probe.record(false);
    const { samples } = probe.take();
    return { rms: Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / Math.max(1, samples.length)), samples: samples.length };
  }, ms);

/** The output's RMS over `ms`, recorded at the node the page plays into (0 where nothing renders: a suspended context). */
export const outputRms = async (page: Page, ms: number): Promise<number> => (await outputLevel(page, ms)).rms;

/** Starts recording what the page outputs (its left channel, as the probe records it), from nothing kept. */
export const startRecording = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    p.take();
    p.record(true);
  });

/** Stops the recording startRecording began and hands over its samples and rate, for a measure made in Node. */
export async function takeRecording(page: Page): Promise<{ samples: Float32Array; sampleRate: number }> {
  const { samples, sampleRate } = await page.evaluate(() => {
    const p = (window as unknown as { __outputProbe: OutputProbe }).__outputProbe;
    p.record(false);
    const taken = p.take();
    return { samples: Array.from(taken.samples), sampleRate: taken.sampleRate };
  });
  return { samples: Float32Array.from(samples), sampleRate };
}

/** `ms` of what the page outputs (its left channel, as the probe records it) and its rate, for a measure made in Node. */
export async function recordSamples(page: Page, ms: number): Promise<{ samples: Float32Array; sampleRate: number }> {
  await startRecording(page);
  await page.waitForTimeout(ms);
  return takeRecording(page);
}
