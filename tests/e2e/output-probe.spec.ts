/**
 * Issue 42: the output probe asked to record on the audio thread must never hand back a ScriptProcessor's recording
 * instead. Its worklet module is a blob: URL, which the app's CSP (script-src 'self') refuses unless the test bypasses
 * it; the probe then fell back to its ScriptProcessor without a word, and a ScriptProcessor's block read by a late main
 * thread splices two moments of the sound: a jump of 9–20× p99.9 in a smooth texture (Underwater) that the page never
 * output (bench/scape-clicks.bench.ts records both side by side). Here the CSP stays on, so the module is refused.
 */
import { test, expect } from './fixtures';
import { outputProbeScript, type OutputProbe } from './output-probe';

test('a probe asked for the audio-thread recorder and refused it says so, not hands back a main-thread recording', async ({ page, allowConsoleErrors }) => {
  // Chromium may say why it refused the module.
  allowConsoleErrors(/Refused|Content Security Policy/);
  await page.addInitScript(outputProbeScript(4096, 'worklet'));
  await page.goto('/');
  await page.getByTestId('sound-grid').getByRole('button', { name: /^Ocean\b/ }).click();
  const probe = () => page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe);
  await expect.poll(async () => (await probe()).recorderError, { message: 'the worklet module refused by the CSP' }).not.toBeNull();
  expect((await probe()).recorder).toBe('script-processor');
  await page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.record(true));
  await page.waitForTimeout(300);
  const taken = page.evaluate(() => (window as unknown as { __outputProbe: OutputProbe }).__outputProbe.take().samples.length);
  await expect(taken).rejects.toThrow(/audio-thread recorder was refused/);
});
