/**
 * What the page really plays, recorded in the page (TOOLCHAIN: "Recording what a page really
 * plays"; captureStream adds its own gaps). Injected with `page.addInitScript(installOutputProbe, size)`.
 *
 * Two taps, whichever the app uses:
 * - Web Audio: every node the app connects to a context's destination or to a
 *   MediaStreamAudioDestinationNode (the bus output) is also connected to a recorder
 *   ScriptProcessor in the same context: the samples handed to the output.
 * - A media element the app plays directly (no srcObject, never given to createMediaElementSource
 *   by the app): on its first play() the probe routes it through its own context into a recorder,
 *   so today's `<audio loop>` is measured as heard too.
 *
 * `window.__outputProbe`: `arm()` then a click: `armedAt` is the click, `firstAudibleAt` the first
 * audible block after it,
 * `record(on)` starts/stops keeping samples (left channel), `take()` returns and clears them.
 */
export interface OutputProbe {
  arm(): void;
  firstAudibleAt: number | null;
  armedAt: number | null;
  record(on: boolean): void;
  take(): { samples: number[]; sampleRate: number };
  taps: number;
}

export function installOutputProbe(bufferSize: number): void {
  const w = window as unknown as { __outputProbe: OutputProbe; AudioContext: typeof AudioContext };
  const chunks: Float32Array[] = [];
  let recording = false;
  let sampleRate = 48000;
  const appSourced = new WeakSet<HTMLMediaElement>();
  const tapped = new WeakMap<BaseAudioContext, ScriptProcessorNode>();
  const originalConnect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  const probe: OutputProbe = {
    firstAudibleAt: null,
    armedAt: null,
    taps: 0,
    arm() {
      armed = true;
      probe.armedAt = null;
      probe.firstAudibleAt = null;
    },
    record(on) {
      recording = on;
    },
    take() {
      const total = chunks.reduce((n, c) => n + c.length, 0);
      const samples = new Array<number>(total);
      let at = 0;
      for (const c of chunks) for (let i = 0; i < c.length; i++) samples[at++] = c[i]!;
      chunks.length = 0;
      return { samples, sampleRate };
    },
  };
  w.__outputProbe = probe;
  let armed = false;
  // Timed from the click event itself, not from the test's call (Playwright's actionability checks).
  document.addEventListener(
    'click',
    () => {
      if (!armed) return;
      armed = false;
      probe.armedAt = performance.now();
    },
    true,
  );

  const recorder = (ctx: BaseAudioContext): ScriptProcessorNode => {
    let node = tapped.get(ctx);
    if (node) return node;
    node = ctx.createScriptProcessor(bufferSize, 2, 2);
    sampleRate = ctx.sampleRate;
    node.onaudioprocess = (event) => {
      const input = event.inputBuffer.getChannelData(0);
      if (probe.armedAt !== null && probe.firstAudibleAt === null) {
        for (let i = 0; i < input.length; i++) {
          if (Math.abs(input[i]!) > 1e-3) {
            probe.firstAudibleAt = performance.now();
            break;
          }
        }
      }
      if (recording) chunks.push(new Float32Array(input));
    };
    // A ScriptProcessor runs only while connected; its output is silence.
    originalConnect.call(node, ctx.destination);
    tapped.set(ctx, node);
    probe.taps++;
    return node;
  };

  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const target = args[0];
    const isOutput =
      target instanceof AudioDestinationNode || (typeof MediaStreamAudioDestinationNode !== 'undefined' && target instanceof MediaStreamAudioDestinationNode);
    if (isOutput && !(this instanceof ScriptProcessorNode && tapped.get(this.context) === this)) originalConnect.call(this, recorder(this.context));
    return originalConnect.apply(this, args);
  } as typeof AudioNode.prototype.connect;

  const originalSource = AudioContext.prototype.createMediaElementSource;
  AudioContext.prototype.createMediaElementSource = function (this: AudioContext, element: HTMLMediaElement) {
    appSourced.add(element);
    return originalSource.call(this, element);
  };

  let ownContext: AudioContext | null = null;
  const originalPlay = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!this.srcObject && !appSourced.has(this)) {
      ownContext ??= new w.AudioContext();
      appSourced.add(this);
      const source = originalSource.call(ownContext, this);
      source.connect(ownContext.destination);
      void ownContext.resume();
    }
    return originalPlay.call(this);
  };
}

/** Runs of exact silence (ms) and jumps over the recording's own 99.9th percentile of |x[i]-x[i-1]|. */
export function seamMetrics(samples: readonly number[], sampleRate: number): { longestSilenceMs: number; maxJumpRatio: number; p999: number; maxJump: number } {
  let longest = 0;
  let run = 0;
  const jumps = new Float64Array(Math.max(0, samples.length - 1));
  for (let i = 0; i < samples.length; i++) {
    if (samples[i] === 0) {
      run++;
      longest = Math.max(longest, run);
    } else run = 0;
    if (i > 0) jumps[i - 1] = Math.abs(samples[i]! - samples[i - 1]!);
  }
  const sorted = Float64Array.from(jumps).sort();
  const p999 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.999))] ?? 0;
  const maxJump = sorted[sorted.length - 1] ?? 0;
  return { longestSilenceMs: (longest / sampleRate) * 1000, maxJumpRatio: p999 > 0 ? maxJump / p999 : Infinity, p999, maxJump };
}

/** The probe as an init script (a string, with a shim for the `__name` helper tsx adds to functions). */
export const outputProbeScript = (bufferSize: number): { content: string } => ({
  content: `(() => { const __name = (f) => f; (${installOutputProbe.toString()})(${bufferSize}); })();`,
});
