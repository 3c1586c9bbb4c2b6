/**
 * Noise generators in Chromium against the production build: what a listener would notice
 * (contexts running, the right nodes, audible samples, Pause, leaving the page, lock-screen
 * metadata), and the real AudioWorklet processors rendered offline and measured like the kernels.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Page } from '@playwright/test';
import { createNoiseState, NOISE_PROCESSOR_NAMES, NOISE_SEEDS, renderNoise, type NoiseColour } from '../../worklets/dsp/noise.ts';
import { axeViolations, expect, test } from './fixtures';

/** audio-output.ts's anchor element level: the mix 40 dB down. */
const ANCHOR_LEVEL = 0.01;

const pages: Record<NoiseColour, { path: string; title: string; next: string | null }> = {
  white: { path: '/white-noise', title: 'White Noise', next: '/pink-noise' },
  pink: { path: '/pink-noise', title: 'Pink Noise', next: '/brown-noise' },
  brown: { path: '/brown-noise', title: 'Brown Noise', next: null },
};

interface AuditWindow {
  __noiseAudit: {
    contexts: AudioContext[];
    sources: { type: string; node: AudioNode; name?: string }[];
    elements: HTMLMediaElement[];
    handlers: Record<string, (() => void) | null>;
    /** Nodes fully disconnected (disconnect() with no arguments): freed sources. */
    disconnected: AudioNode[];
  };
}

/** Records every AudioContext, noise source node, played media element and media-session handler. */
function instrument() {
  const audit: AuditWindow['__noiseAudit'] = { contexts: [], sources: [], elements: [], handlers: {}, disconnected: [] };
  (window as unknown as AuditWindow).__noiseAudit = audit;
  const NativeContext = window.AudioContext;
  window.AudioContext = class extends NativeContext {
    constructor(options?: AudioContextOptions) {
      super(options);
      audit.contexts.push(this);
    }
  };
  const proto = BaseAudioContext.prototype;
  const createBufferSource = proto.createBufferSource;
  proto.createBufferSource = function (this: BaseAudioContext) {
    const node = createBufferSource.call(this);
    audit.sources.push({ type: 'AudioBufferSourceNode', node });
    return node;
  };
  const createScriptProcessor = proto.createScriptProcessor;
  proto.createScriptProcessor = function (this: BaseAudioContext, size?: number, inputs?: number, outputs?: number) {
    const node = createScriptProcessor.call(this, size, inputs, outputs);
    audit.sources.push({ type: 'ScriptProcessorNode', node });
    return node;
  };
  if (window.AudioWorkletNode) {
    const NativeWorkletNode = window.AudioWorkletNode;
    window.AudioWorkletNode = class extends NativeWorkletNode {
      constructor(context: BaseAudioContext, name: string, options?: AudioWorkletNodeOptions) {
        super(context, name, options);
        audit.sources.push({ type: 'AudioWorkletNode', node: this, name });
      }
    };
  }
  const disconnect = AudioNode.prototype.disconnect as (this: AudioNode, ...args: unknown[]) => void;
  (AudioNode.prototype as unknown as { disconnect: (this: AudioNode, ...args: unknown[]) => void }).disconnect = function (this: AudioNode, ...args: unknown[]) {
    if (args.length === 0) audit.disconnected.push(this);
    return disconnect.apply(this, args);
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    audit.elements.push(this);
    return play.call(this);
  };
  const setActionHandler = MediaSession.prototype.setActionHandler;
  MediaSession.prototype.setActionHandler = function (this: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    audit.handlers[action] = handler as (() => void) | null;
    return setActionHandler.call(this, action, handler);
  };
}

/** RMS and peak of a node's live output over ~0.3 s, through an AnalyserNode tap. */
async function measureSource(page: Page, index = 0): Promise<{ rms: number; peak: number }> {
  return page.evaluate(async (i) => {
    const audit = (window as unknown as AuditWindow).__noiseAudit;
    const source = audit.sources[i];
    if (!source) throw new Error('no source node');
    const analyser = source.node.context.createAnalyser();
    analyser.fftSize = 2048;
    source.node.connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    let sum = 0, count = 0, peak = 0;
    for (let k = 0; k < 6; k++) {
      await new Promise((r) => setTimeout(r, 60));
      analyser.getFloatTimeDomainData(data);
      for (const v of data) {
        sum += v * v;
        peak = Math.max(peak, Math.abs(v));
      }
      count += data.length;
    }
    source.node.disconnect(analyser);
    return { rms: Math.sqrt(sum / count), peak };
  }, index);
}

/** What reaches the <audio> element: the engine's final output, after both gains. */
async function measureElementOutput(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const audit = (window as unknown as AuditWindow).__noiseAudit;
    const element = audit.elements.at(-1);
    const ctx = audit.contexts[0];
    if (!element || !ctx || !(element.srcObject instanceof MediaStream)) return -1;
    const tap = ctx.createMediaStreamSource(element.srcObject);
    const analyser = ctx.createAnalyser();
    tap.connect(analyser);
    const data = new Float32Array(2048);
    let sum = 0;
    for (let k = 0; k < 5; k++) {
      await new Promise((r) => setTimeout(r, 60));
      analyser.getFloatTimeDomainData(data);
      for (const v of data) sum += v * v;
    }
    tap.disconnect();
    return Math.sqrt(sum / (5 * data.length));
  });
}

const audit = (page: Page) =>
  page.evaluate(() => {
    const a = (window as unknown as AuditWindow).__noiseAudit;
    const element = a.elements.at(-1);
    return {
      contexts: a.contexts.map((c) => c.state),
      sources: a.sources.map((s) => s.type),
      names: a.sources.map((s) => s.name ?? ''),
      elementPlaying: element ? !element.paused : null,
      elementIsStream: element ? element.srcObject instanceof MediaStream : null,
      metadata: navigator.mediaSession.metadata ? { title: navigator.mediaSession.metadata.title, artist: navigator.mediaSession.metadata.artist } : null,
      playbackState: navigator.mediaSession.playbackState,
    };
  });

const playButton = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^(Play|Pause) ${title}$`) });

test.describe('noise pages', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(instrument);
  });

  for (const [colour, info] of Object.entries(pages) as [NoiseColour, (typeof pages)[NoiseColour]][]) {
    test(`${info.path} plays ${colour} noise, shows it on the lock screen, and Pause stops it`, async ({ page }) => {
      await page.goto(info.path);
      const button = playButton(page, info.title);
      await expect(button).toHaveText('Play');
      await button.click();
      await expect(button).toHaveAttribute('data-status', 'playing');
      await expect(button).toHaveText('Pause');

      const playing = await audit(page);
      expect(playing.contexts).toEqual(['running']);
      if (colour === 'white') expect(playing.sources).toEqual(['AudioBufferSourceNode']);
      else {
        expect(playing.sources).toEqual(['AudioWorkletNode']);
        expect(playing.names).toEqual([NOISE_PROCESSOR_NAMES[colour]]);
      }
      expect(playing.elementIsStream).toBe(true);
      expect(playing.elementPlaying).toBe(true);
      expect(playing.metadata).toEqual({ title: info.title, artist: 'Lull' });
      expect(playing.playbackState).toBe('playing');

      const level = await measureSource(page);
      expect(level.rms).toBeGreaterThan(0.01);
      expect(level.peak).toBeLessThan(1);
      // The lock screen's anchor element carries the mix 40 dB down (what is heard goes to the destination: audio-output.ts).
      expect(await measureElementOutput(page)).toBeGreaterThan(0.01 * ANCHOR_LEVEL);

      await button.click();
      await expect(button).toHaveText('Play');
      await expect.poll(async () => (await audit(page)).contexts).toEqual(['suspended']);
      const stopped = await audit(page);
      expect(stopped.elementPlaying).toBe(false);
      expect(stopped.playbackState).toBe('paused');
    });
  }

  test('a second Play while playing is ignored: one context, one source', async ({ page }) => {
    await page.goto('/pink-noise');
    const button = playButton(page, 'Pink Noise');
    await button.click();
    await expect(button).toHaveAttribute('data-status', 'playing');
    // The lock screen's play button while the noise already plays.
    await page.evaluate(() => (window as unknown as AuditWindow).__noiseAudit.handlers.play?.());
    await page.waitForTimeout(300);
    const after = await audit(page);
    expect(after.contexts).toEqual(['running']);
    expect(after.sources).toEqual(['AudioWorkletNode']);
    await expect(button).toHaveText('Pause');
    // Play again after Pause reuses the same context and module.
    await button.click();
    await expect(button).toHaveText('Play');
    await button.click();
    await expect(button).toHaveAttribute('data-status', 'playing');
    const again = await audit(page);
    expect(again.contexts).toEqual(['running']);
    expect(again.sources).toEqual(['AudioWorkletNode', 'AudioWorkletNode']);
    expect((await measureSource(page, 1)).rms).toBeGreaterThan(0.01);
    // The first generator was freed after its fade-out, even though Play came right after Pause.
    const freed = () =>
      page.evaluate(() => {
        const a = (window as unknown as AuditWindow).__noiseAudit;
        return a.sources.map((source) => a.disconnected.includes(source.node));
      });
    await expect.poll(freed).toEqual([true, false]);
  });

  test('the volume warnings link white to pink and pink to brown; brown has no link', async ({ page }) => {
    for (const info of Object.values(pages)) {
      await page.goto(info.path);
      const warning = page.getByTestId('volume-warning');
      await expect(warning).toBeVisible();
      if (info.next) await expect(warning.getByRole('link')).toHaveAttribute('href', info.next);
      else await expect(warning.getByRole('link')).toHaveCount(0);
    }
  });

  test('the noise plays on across pages (issue 13), shown in the player bar, whose Pause stops it', async ({ page }) => {
    await page.goto('/brown-noise');
    const button = playButton(page, 'Brown Noise');
    await button.click();
    await expect(button).toHaveAttribute('data-status', 'playing');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Privacy', exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    const bar = page.getByTestId('player-bar');
    await expect(bar).toHaveAttribute('data-noise', 'brown');
    await expect(bar.getByTestId('player-title')).toHaveText('Brown noise');
    await page.waitForTimeout(300);
    const playing = await audit(page);
    expect(playing.contexts).toEqual(['running']);
    expect(playing.elementPlaying).toBe(true);
    expect(playing.metadata).toEqual({ title: 'Brown Noise', artist: 'Lull' });
    expect(await measureElementOutput(page)).toBeGreaterThan(0.01 * ANCHOR_LEVEL);
    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect(bar).toHaveCount(0);
    await expect.poll(async () => (await audit(page)).contexts).toEqual(['suspended']);
    expect((await audit(page)).elementPlaying).toBe(false);
  });

  test('without AudioWorklet, pink and brown play on the 4096-sample ScriptProcessor fallback', async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { AudioWorkletNode?: unknown }).AudioWorkletNode;
    });
    for (const colour of ['pink', 'brown'] as const) {
      await page.goto(pages[colour].path);
      const button = playButton(page, pages[colour].title);
      await button.click();
      await expect(button).toHaveAttribute('data-status', 'playing');
      // The context's resume lands on its own task (on a loaded machine after the button's answer): polled, as Pause is.
      await expect.poll(async () => (await audit(page)).contexts).toEqual(['running']);
      const state = await audit(page);
      expect(state.sources).toEqual(['ScriptProcessorNode']);
      expect(await page.evaluate(() => ((window as unknown as AuditWindow).__noiseAudit.sources[0]?.node as ScriptProcessorNode).bufferSize)).toBe(4096);
      await expect.poll(async () => (await measureSource(page)).rms, { timeout: 5000 }).toBeGreaterThan(0.01);
      await button.click();
      await expect(button).toHaveText('Play');
    }
  });

  test('the white noise buffer is 2 seconds of the kernel\'s samples', async ({ page }) => {
    await page.goto('/white-noise');
    await playButton(page, 'White Noise').click();
    await expect(playButton(page, 'White Noise')).toHaveAttribute('data-status', 'playing');
    const buffer = await page.evaluate(() => {
      const node = (window as unknown as AuditWindow).__noiseAudit.sources[0]?.node as AudioBufferSourceNode;
      const b = node.buffer as AudioBuffer;
      return { seconds: b.duration, loop: node.loop, sampleRate: b.sampleRate, channels: b.numberOfChannels, head: [Array.from(b.getChannelData(0).subarray(0, 4096)), Array.from(b.getChannelData(1).subarray(0, 4096))] };
    });
    expect(buffer.seconds).toBeCloseTo(2, 3);
    expect(buffer.loop).toBe(true);
    expect(buffer.channels).toBe(2);
    buffer.head.forEach((samples, c) => expect(samples).toEqual(Array.from(kernelSamples('white', NOISE_SEEDS[c] as number, buffer.sampleRate, 4096))));
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`noise page while playing, ${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    test('axe finds nothing, and the button works from the keyboard', async ({ page }) => {
      await page.goto('/pink-noise');
      const button = playButton(page, 'Pink Noise');
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('data-status', 'playing');
      await expect(button).toBeFocused();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Space');
      await expect(button).toHaveText('Play');
    });
  });
}

function kernelSamples(colour: NoiseColour, seed: number, sampleRate: number, length: number): Float32Array {
  const x = new Float32Array(length);
  renderNoise(createNoiseState(colour, seed, sampleRate), x);
  return x;
}

/** measure/analysis.ts as a script for the page (it imports nothing, so one file suffices). */
function analysisScript(): string {
  const source = readFileSync(fileURLToPath(new URL('../../measure/analysis.ts', import.meta.url)), 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
  return `(() => { ${js.replace(/^export /gm, '')}; window.__analysis = { welchPsd, thirdOctaveBands, fitSlope, kWeightedLoudness, peakAbs }; })()`;
}

/** The processor files of the production build, as the app loads them. */
function processorUrl(colour: 'pink' | 'brown'): string {
  const dir = fileURLToPath(new URL('../../dist/assets/', import.meta.url));
  const file = readdirSync(dir).find((name) => name.startsWith(`${colour}-noise.processor-`) && name.endsWith('.js'));
  if (!file) throw new Error(`no ${colour} processor in dist/assets: build first`);
  return `/assets/${file}`;
}

const SPECTRUM_FRAMES = 1 << 23;
const criteria = {
  pink: { fromHz: 20, toHz: 20000, slope: -3.01, slopeTolerance: 0.1, bandTolerance: 0.5 },
  brown: { fromHz: 40, toHz: 16000, slope: -6.02, slopeTolerance: 0.2, bandTolerance: 1 },
} as const;

test.describe('AudioWorklet processors rendered offline', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const sampleRate of [44100, 48000]) {
    for (const colour of ['pink', 'brown'] as const) {
      test(`${colour} at ${sampleRate} Hz: the kernel's exact samples, its slope and band deviations, no clipping`, async ({ page }) => {
        await page.goto('/');
        await page.evaluate(analysisScript());
        const c = criteria[colour];
        const result = await page.evaluate(
          async ({ url, name, sampleRate, frames, c }) => {
            const ctx = new OfflineAudioContext({ numberOfChannels: 2, length: frames, sampleRate });
            await ctx.audioWorklet.addModule(url);
            const node = new AudioWorkletNode(ctx, name, { numberOfInputs: 0, outputChannelCount: [2] });
            node.connect(ctx.destination);
            const rendered = await ctx.startRendering();
            const a = (window as unknown as { __analysis: { welchPsd: (x: Float32Array, n: number) => Float64Array; thirdOctaveBands: (p: Float64Array, fs: number, lo: number, hi: number) => { centreHz: number; levelDb: number }[]; fitSlope: (b: unknown[]) => { slope: number; maxAbsResidual: number; residuals: number[] }; kWeightedLoudness: (ch: Float32Array[], fs: number) => number; peakAbs: (x: Float32Array) => number } }).__analysis;
            const left = rendered.getChannelData(0);
            const right = rendered.getChannelData(1);
            const l = a.welchPsd(left, 65536);
            const r = a.welchPsd(right, 65536);
            const psd = l.map((v, i) => (v + (r[i] as number)) / 2);
            const fit = a.fitSlope(a.thirdOctaveBands(psd, sampleRate, c.fromHz, c.toHz));
            return {
              slope: fit.slope,
              maxAbsResidual: fit.maxAbsResidual,
              peak: Math.max(a.peakAbs(left), a.peakAbs(right)),
              loudness: a.kWeightedLoudness([left.subarray(0, sampleRate * 30), right.subarray(0, sampleRate * 30)], sampleRate),
              head: [Array.from(left.subarray(0, 8192)), Array.from(right.subarray(0, 8192))],
            };
          },
          { url: processorUrl(colour), name: NOISE_PROCESSOR_NAMES[colour], sampleRate, frames: SPECTRUM_FRAMES, c },
        );
        console.log(`${colour} @ ${sampleRate} Hz in Chromium: slope ${result.slope.toFixed(3)} dB/octave, worst band ${result.maxAbsResidual.toFixed(3)} dB, peak ${result.peak.toFixed(3)}, ${result.loudness.toFixed(2)} LUFS`);
        result.head.forEach((samples, ch) => expect(samples).toEqual(Array.from(kernelSamples(colour, NOISE_SEEDS[ch] as number, sampleRate, 8192))));
        expect(Math.abs(result.slope - c.slope)).toBeLessThanOrEqual(c.slopeTolerance);
        expect(result.maxAbsResidual).toBeLessThanOrEqual(c.bandTolerance);
        expect(result.peak).toBeLessThan(1);
        expect(Math.abs(result.loudness - -23)).toBeLessThan(0.5);
      });
    }
  }
});
