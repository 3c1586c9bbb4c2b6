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
 * audible block after it as the main thread saw it (its ScriptProcessor callback: late when the main thread is busy),
 * `firstAudibleOutputAt` the same block's time at the output (its playbackTime on the context's output clock),
 * `record(on)` starts/stops keeping samples (left channel), `take()` returns and clears them.
 *
 * Recording: a ScriptProcessor hands its blocks to the main thread, and when the main thread is
 * busy Chromium drops blocks (a "jump" that the listener never heard). With the worklet recorder, samples are recorded on the audio thread by an AudioWorklet that numbers
 * every 128-frame quantum, so nothing is lost and any gap in the audio thread's own rendering is
 * counted (`droppedBlocks`). The ScriptProcessor still times click → audible (bench/loop.bench.ts). Its samples are
 * no measure of joins: Chromium stamps a block's playbackTime when the main thread dispatches it, so a block read late
 * splices two moments with no gap in the stamps (issue 42); a probe asked for the worklet and refused it throws on take().
 */
export interface OutputProbe {
  arm(): void;
  firstAudibleAt: number | null;
  /** performance.now() time at which that block leaves the output (getOutputTimestamp), whatever the main thread was doing. */
  firstAudibleOutputAt: number | null;
  armedAt: number | null;
  record(on: boolean): void;
  /** `holes`: where in `samples` quanta are missing (the sample after each hole), so a jump across one is not measured. */
  /** `firstFrame`: the audio frame of the first sample taken (worklet recorder; null with the ScriptProcessor), so a sample's ctx time is (firstFrame + i) / sampleRate. */
  take(): { samples: number[]; sampleRate: number; droppedBlocks: number; holes: number[]; staleFrames: number; staleAt: number[]; audioThread: AudioThreadCount | null; firstFrame: number | null };
  taps: number;
  /** Which recorder keeps the samples: 'worklet' once its module loaded, else 'script-processor'. */
  recorder: 'worklet' | 'script-processor';
  /** Why the worklet recorder is not used, if it was asked for. */
  recorderError: string | null;
}

/**
 * Where a recorded quantum goes (main thread): `expected` is the frame after the previous block, `frame` the worklet's
 * currentFrame. process() runs once per rendered quantum, but Chromium copies the frame into the worklet scope only
 * when its try-lock of the graph succeeds (BaseAudioContext::UpdateWorkletGlobalScopeOnRenderingThread), so while the
 * main thread connects or disconnects a node the worklet reads an earlier frame: that block is the expected one (a
 * stale clock), and only a frame ahead of the expected one is quanta the recorder never saw.
 */
export function placeQuantum(expected: number | null, frame: number, length: number): { at: number; skipped: number; stale: boolean } {
  if (expected === null || frame === expected) return { at: frame, skipped: 0, stale: false };
  if (frame < expected) return { at: expected, skipped: 0, stale: true };
  return { at: frame, skipped: (frame - expected) / length, stale: false };
}

/** The worklet recorder's own count (cumulative): frame skips it saw, process() calls, the last frame and when (Date.now()). */
export interface AudioThreadCount {
  skips: number;
  calls: number;
  frame: number;
  at: number;
  /** Each skip since the last take(): the frame after it, the quanta passed over, when (Date.now() on the audio thread). */
  skipLog: { frame: number; quanta: number; at: number }[];
}

export function installOutputProbe(bufferSize: number, recorderSource: string | null): void {
  const w = window as unknown as { __outputProbe: OutputProbe; AudioContext: typeof AudioContext };
  const chunks: Float32Array[] = [];
  let recording = false;
  /** Recorded blocks whose playbackTime did not follow the previous one (the main thread missed a callback). */
  let droppedBlocks = 0;
  /** Blocks stamped with an earlier frame than theirs (placeQuantum): rendered, only the worklet's clock was stale. */
  let staleFrames = 0;
  let holes: number[] = [];
  /** Where in the samples each block with a stale stamp begins. */
  let staleAt: number[] = [];
  let recorded = 0;
  let firstFrame: number | null = null;
  let nextPlaybackTime: number | null = null;
  let nextFrame: number | null = null;
  let workletRecording = false;
  let audioThread: AudioThreadCount | null = null;
  let skipLog: AudioThreadCount['skipLog'] = [];
  let sampleRate = 48000;
  const appSourced = new WeakSet<HTMLMediaElement>();
  const tapped = new WeakMap<BaseAudioContext, AudioNode>();
  const originalConnect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  const probe: OutputProbe = {
    firstAudibleAt: null,
    firstAudibleOutputAt: null,
    armedAt: null,
    taps: 0,
    recorder: 'script-processor',
    recorderError: null,
    arm() {
      armed = true;
      probe.armedAt = null;
      probe.firstAudibleAt = null;
      probe.firstAudibleOutputAt = null;
    },
    record(on) {
      recording = on;
      nextPlaybackTime = null;
      nextFrame = null;
    },
    take() {
      // Asked for the audio thread and refused (the app's CSP refuses the blob: module unless bypassed): the samples
      // would be the ScriptProcessor's, whose blocks splice two moments when the main thread is late (issue 42).
      if (recorderSource && probe.recorderError !== null) throw new Error(`output probe: the audio-thread recorder was refused (${probe.recorderError}); a ScriptProcessor recording is not the page's output`);
      const total = chunks.reduce((n, c) => n + c.length, 0);
      const samples = new Array<number>(total);
      let at = 0;
      for (const c of chunks) for (let i = 0; i < c.length; i++) samples[at++] = c[i]!;
      chunks.length = 0;
      const dropped = droppedBlocks, missing = holes, stale = staleFrames, staleBlocks = staleAt;
      droppedBlocks = 0;
      staleFrames = 0;
      holes = [];
      staleAt = [];
      recorded = 0;
      const thread = audioThread ? { ...audioThread, skipLog } : null;
      skipLog = [];
      const first = firstFrame;
      firstFrame = null;
      return { samples, sampleRate, droppedBlocks: dropped, holes: missing, staleFrames: stale, staleAt: staleBlocks, audioThread: thread, firstFrame: first };
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

  /** On the audio thread: every quantum's left channel with its frame number, posted in batches. */
  const startWorkletRecorder = (ctx: BaseAudioContext, tap: AudioNode) => {
    if (!recorderSource || !ctx.audioWorklet) return;
    ctx.audioWorklet
      .addModule(URL.createObjectURL(new Blob([recorderSource], { type: 'text/javascript' })))
      .then(() => {
        const node = new AudioWorkletNode(ctx, 'output-probe-recorder', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
        node.port.onmessage = (event: MessageEvent<({ samples: Float32Array; skipped: number } & Omit<AudioThreadCount, 'skipLog'>)[]>) => {
          const newest = event.data.at(-1);
          for (const block of event.data) if (block.skipped !== 0) skipLog.push({ frame: block.frame, quanta: block.skipped, at: block.at });
          if (newest) audioThread = { skips: newest.skips, calls: newest.calls, frame: newest.frame, at: newest.at, skipLog };
          if (!recording) return;
          // The ScriptProcessor recorded until now (this module loaded after the recording began): its blocks are
          // not contiguous with the worklet's (another clock and latency), so nothing is measured across the switch.
          if (nextFrame === null && recorded > 0) holes.push(recorded);
          for (const block of event.data) {
            const place = placeQuantum(nextFrame, block.frame, block.samples.length);
            if (place.skipped > 0) {
              droppedBlocks++;
              holes.push(recorded);
            }
            if (place.stale) {
              staleFrames++;
              staleAt.push(recorded);
            }
            if (chunks.length === 0) firstFrame = place.at;
            nextFrame = place.at + block.samples.length;
            chunks.push(block.samples);
            recorded += block.samples.length;
          }
        };
        originalConnect.call(tap, node);
        originalConnect.call(node, ctx.destination);
        workletRecording = true;
        probe.recorder = 'worklet';
      })
      .catch((error: unknown) => {
        probe.recorderError = String(error);
        // No worklet here: the ScriptProcessor records (and may drop blocks on a busy main thread).
      });
  };

  /** One tap per context: everything the app sends to an output also goes here. */
  const recorder = (ctx: BaseAudioContext): AudioNode => {
    const existing = tapped.get(ctx);
    if (existing) return existing;
    const tap = ctx.createGain();
    const node = ctx.createScriptProcessor(bufferSize, 2, 2);
    originalConnect.call(tap, node);
    startWorkletRecorder(ctx, tap);
    sampleRate = ctx.sampleRate;
    node.onaudioprocess = (event) => {
      const input = event.inputBuffer.getChannelData(0);
      if (probe.armedAt !== null && probe.firstAudibleAt === null) {
        for (let i = 0; i < input.length; i++) {
          if (Math.abs(input[i]!) > 1e-3) {
            probe.firstAudibleAt = performance.now();
            const stamp = (ctx as AudioContext).getOutputTimestamp?.();
            if (stamp?.contextTime !== undefined && stamp.performanceTime !== undefined) {
              probe.firstAudibleOutputAt = stamp.performanceTime + (event.playbackTime + i / ctx.sampleRate - stamp.contextTime) * 1000;
            }
            break;
          }
        }
      }
      if (recording && !workletRecording) {
        const expected = nextPlaybackTime;
        if (expected !== null && Math.abs(event.playbackTime - expected) > 0.5 / ctx.sampleRate) {
          droppedBlocks++;
          holes.push(recorded);
        }
        nextPlaybackTime = event.playbackTime + input.length / ctx.sampleRate;
        chunks.push(new Float32Array(input));
        // Holes are placed by this count, whichever recorder took the samples before them.
        recorded += input.length;
      }
    };
    // A ScriptProcessor runs only while connected; its output is silence.
    originalConnect.call(node, ctx.destination);
    tapped.set(ctx, tap);
    probe.taps++;
    return tap;
  };

  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const target = args[0];
    const isOutput =
      target instanceof AudioDestinationNode || (typeof MediaStreamAudioDestinationNode !== 'undefined' && target instanceof MediaStreamAudioDestinationNode);
    if (isOutput) originalConnect.call(this, recorder(this.context));
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
    // An element with no source yet (played only to unlock it inside a tap) is routed once it has one.
    if (!this.srcObject && this.src !== '' && !appSourced.has(this)) {
      ownContext ??= new w.AudioContext();
      appSourced.add(this);
      const source = originalSource.call(ownContext, this);
      source.connect(ownContext.destination);
      void ownContext.resume();
    }
    return originalPlay.call(this);
  };
}

/**
 * Runs of exact silence (ms) and jumps over the recording's own 99.9th percentile of |x[i]-x[i-1]|; `holes` (the
 * probe's): samples after quanta the audio thread never rendered, so neither measure runs across one. A silence is two
 * or more exact zeros in a row: a lone 0.0 is the waveform crossing zero on a sample, which a sum of noise-like
 * sounds does by chance (one such sample failed 1 of 5 fresh-clone runs of busy-page.spec's 60 s three-sound mix;
 * 16-bit capture at the OS does it far more often), while two in a row do not happen by chance, and a dropout is a
 * whole quantum (128) or more.
 */
export function seamMetrics(
  samples: ArrayLike<number>,
  sampleRate: number,
  holes: readonly number[] = [],
): { longestSilenceMs: number; longestSilenceAtMs: number; maxJumpRatio: number; p999: number; maxJump: number; maxJumpAtMs: number } {
  let longest = 0;
  let longestEnd = 0;
  let run = 0;
  let maxAt = 0;
  const cut = new Set(holes);
  const jumps = new Float64Array(Math.max(0, samples.length - 1));
  for (let i = 0; i < samples.length; i++) {
    if (cut.has(i)) run = 0;
    if (samples[i] === 0) {
      run++;
      if (run > longest) [longest, longestEnd] = [run, i + 1];
    } else run = 0;
    if (i > 0 && !cut.has(i)) jumps[i - 1] = Math.abs(samples[i]! - samples[i - 1]!);
    if (i > 0 && jumps[i - 1]! > jumps[maxAt]!) maxAt = i - 1;
  }
  const sorted = Float64Array.from(jumps).sort();
  const p999 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.999))] ?? 0;
  const maxJump = sorted[sorted.length - 1] ?? 0;
  // Where the largest jump is (ms into the recording): a click's place says what caused it.
  const ms = (frames: number) => (frames / sampleRate) * 1000;
  if (longest < 2) longest = 0;
  return { longestSilenceMs: ms(longest), longestSilenceAtMs: Math.round(ms(longestEnd - longest)), maxJumpRatio: p999 > 0 ? maxJump / p999 : Infinity, p999, maxJump, maxJumpAtMs: Math.round(ms(maxAt)) };
}

/** The audio-thread recorder's module (AudioWorkletGlobalScope): posts each quantum's left channel with its frame number. */
const RECORDER_SOURCE = `
class OutputProbeRecorder extends AudioWorkletProcessor {
  constructor() { super(); this.batch = []; this.last = null; this.skips = 0; this.calls = 0; this.frames = 0; }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    const samples = channel ? channel.slice() : new Float32Array(128);
    // Counted here too, so a skip the main thread reports can be told from one the audio thread saw.
    const skipped = this.last !== null && currentFrame !== this.last + samples.length ? (currentFrame - this.last) / samples.length - 1 : 0;
    if (skipped !== 0) this.skips++;
    this.last = currentFrame;
    this.calls++;
    this.batch.push({ frame: currentFrame, samples, skips: this.skips, calls: this.calls, at: Date.now(), skipped });
    if (this.batch.length >= 32) { this.port.postMessage(this.batch); this.batch = []; }
    return true;
  }
}
registerProcessor('output-probe-recorder', OutputProbeRecorder);
`;

/**
 * The probe as an init script (a string, with a shim for the `__name` helper tsx adds to functions).
 * `recorder: 'worklet'` records on the audio thread; its module is a blob: URL, which the app's CSP
 * (script-src 'self') refuses, so a spec that uses it runs with `test.use({ bypassCSP: true })`
 * (Playwright cannot route a worklet's module request; the CSP itself is tested in shell.spec.ts).
 */
export const outputProbeScript = (bufferSize: number, recorder: 'worklet' | 'script-processor' = 'script-processor'): { content: string } => ({
  content: `(() => { const __name = (f) => f; const placeQuantum = ${placeQuantum.toString()}; (${installOutputProbe.toString()})(${bufferSize}, ${recorder === 'worklet' ? JSON.stringify(RECORDER_SOURCE) : 'null'}); })();`,
});
