/**
 * AudioWorklet for web-audio-test-api 0.5.2, which has none. `installAudioWorklet()` gives every
 * AudioContext an `audioWorklet` whose `addModule(url)` evaluates the real processor module
 * (worklets/processors, over the real kernels in worklets/dsp) in this thread with the worklet
 * scope's globals, and an `AudioWorkletNode` that constructs the registered processor class and
 * runs its `process()` in 128-frame blocks whenever the test context renders
 * (`ctx.$processTo(...)`) and the node is connected towards the destination, recording what it
 * wrote so a test can measure the samples.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

/** The repository root (Vitest runs there): module URLs like `/worklets/processors/x.ts?worker_file` are resolved from it. */
const root = `${resolve(process.cwd())}/`;
const require = createRequire(root);
type Admission = unknown;
const TestAudioNode = (require('web-audio-test-api/lib/AudioNode') as { default: new (admission: Admission, spec: object) => AudioNode }).default;
const immigration = (require('web-audio-test-api/lib/utils/Immigration') as { default: { getInstance(): { apply<T>(fn: (admission: Admission) => T): T } } }).default.getInstance();

const RENDER_QUANTUM = 128;

interface ParameterDescriptor {
  name: string;
  defaultValue?: number;
  minValue?: number;
  maxValue?: number;
}

interface ProcessorInstance {
  process(inputs: Float32Array[][], outputs: Float32Array[][], parameters: Record<string, Float32Array>): boolean;
}

type ProcessorClass = (new (options?: AudioWorkletNodeOptions) => ProcessorInstance) & { parameterDescriptors?: ParameterDescriptor[] };

/** The worklet global scope's `port` for the processor being constructed (the spec hands it over the same way). */
let constructingPort: MessagePort | undefined;
let constructingSampleRate = 0;
/** What each module URL registered when it was evaluated (modules are evaluated once per test file). */
const registeredByModule = new Map<string, Map<string, ProcessorClass>>();
let registering: Map<string, ProcessorClass> | undefined;

class AudioWorkletProcessorDouble {
  readonly port: MessagePort;
  constructor() {
    if (!constructingPort) throw new TypeError("Failed to construct 'AudioWorkletProcessor': Illegal constructor");
    this.port = constructingPort;
  }
}

function registerProcessor(name: string, processor: ProcessorClass): void {
  if (!registering) throw new Error('registerProcessor outside addModule');
  if (!name) throw new DOMException('The processor name is empty', 'NotSupportedError');
  if (registering.has(name)) throw new DOMException(`A processor named '${name}' is already registered`, 'NotSupportedError');
  registering.set(name, processor);
}

/** The processors each context has loaded: a node can only be made after its module's addModule resolved. */
const contextProcessors = new WeakMap<BaseAudioContext, Map<string, ProcessorClass>>();

export class AudioWorkletDouble {
  constructor(private readonly ctx: BaseAudioContext) {}

  async addModule(url: string): Promise<void> {
    const path = new URL(url, 'http://test.invalid/').pathname;
    let registered = registeredByModule.get(path);
    if (!registered) {
      registered = new Map();
      registering = registered;
      try {
        await import(/* @vite-ignore */ `${root}${path.replace(/^\//, '')}`);
      } catch (error) {
        throw new DOMException(`Failed to load the worklet module ${url}: ${String(error)}`, 'AbortError');
      } finally {
        registering = undefined;
      }
      registeredByModule.set(path, registered);
    }
    let loaded = contextProcessors.get(this.ctx);
    if (!loaded) contextProcessors.set(this.ctx, (loaded = new Map()));
    for (const [name, processor] of registered) loaded.set(name, processor);
  }
}

interface WorkletParam {
  value: number;
  readonly defaultValue: number;
  readonly minValue: number;
  readonly maxValue: number;
}

/** A created node, as tests see it. */
export interface AudioWorkletNodeDouble extends AudioNode {
  readonly port: MessagePort;
  readonly parameters: ReadonlyMap<string, WorkletParam>;
  readonly processorName: string;
  readonly options: AudioWorkletNodeOptions;
  /** False once process() returned false: the processor asked to be collected. */
  readonly active: boolean;
  /** Every frame process() wrote, per output channel. */
  rendered(): Float32Array[];
  /** The messages the page posted to the processor. */
  readonly posted: unknown[];
  /** The nodes (or params) this node's output is connected to. */
  connectedTo(): AudioNode[];
  /** Runs process() for `frames` more frames, as the graph would. */
  render(frames: number): void;
}

/** Every node made since install, oldest first. */
export const createdWorkletNodes: AudioWorkletNodeDouble[] = [];
/** Closed at uninstall: an open port would keep the test worker alive. */
const openPorts: MessagePort[] = [];

function createWorkletNode(ctx: BaseAudioContext, name: string, options: AudioWorkletNodeOptions = {}): AudioWorkletNodeDouble {
  const Processor = contextProcessors.get(ctx)?.get(name);
  if (!Processor) throw new DOMException(`AudioWorkletNode cannot be created: the node name '${name}' is not defined in AudioWorkletGlobalScope`, 'InvalidStateError');
  const numberOfOutputs = options.numberOfOutputs ?? 1;
  const outputChannels = options.outputChannelCount ?? Array.from({ length: numberOfOutputs }, () => 2);
  const node = immigration.apply(
    (admission) => new TestAudioNode(admission, { context: ctx, name: 'AudioWorkletNode', numberOfInputs: options.numberOfInputs ?? 1, numberOfOutputs }),
  ) as AudioNode & Record<string, unknown>;

  const channel = new MessageChannel();
  openPorts.push(channel.port1, channel.port2);
  const posted: unknown[] = [];
  const pagePort = channel.port1;
  const postMessage = pagePort.postMessage.bind(pagePort);
  pagePort.postMessage = (message: unknown, options?: Transferable[] | StructuredSerializeOptions) => {
    posted.push(message);
    postMessage(message, Array.isArray(options) ? options : (options?.transfer ?? []));
  };
  const parameters = new Map<string, WorkletParam>();
  for (const descriptor of Processor.parameterDescriptors ?? []) {
    const defaultValue = options.parameterData?.[descriptor.name] ?? descriptor.defaultValue ?? 0;
    parameters.set(descriptor.name, { value: defaultValue, defaultValue: descriptor.defaultValue ?? 0, minValue: descriptor.minValue ?? -3.4028235e38, maxValue: descriptor.maxValue ?? 3.4028235e38 });
  }

  constructingPort = channel.port2;
  constructingSampleRate = ctx.sampleRate;
  let processor: ProcessorInstance;
  try {
    processor = new Processor(options);
  } finally {
    constructingPort = undefined;
  }

  const outputs = outputChannels.map((count) => Array.from({ length: count }, () => new Float32Array(RENDER_QUANTUM)));
  const recorded: Float32Array[][] = (outputs[0] ?? []).map(() => []);
  const parameterValues: Record<string, Float32Array> = {};
  let active = true;
  let pendingFrames = 0;

  Object.defineProperties(node, {
    port: { value: pagePort },
    parameters: { value: parameters },
    processorName: { value: name },
    options: { value: options },
    active: { get: () => active },
    posted: { value: posted },
    rendered: {
      value: () =>
        recorded.map((blocks) => {
          const all = new Float32Array(blocks.length * RENDER_QUANTUM);
          blocks.forEach((block, i) => all.set(block, i * RENDER_QUANTUM));
          return all;
        }),
    },
    connectedTo: { value: () => (node as unknown as { _: { outputs: { outputs: { node: AudioNode }[] }[] } })._.outputs[0]?.outputs.map((junction) => junction.node) ?? [] },
    // Called by web-audio-test-api while the context renders and this node feeds the destination.
    __process: {
      value: (frames: number) => {
        pendingFrames += frames;
        while (active && pendingFrames >= RENDER_QUANTUM) {
          pendingFrames -= RENDER_QUANTUM;
          for (const output of outputs) for (const block of output) block.fill(0);
          for (const [param, { value }] of parameters) parameterValues[param] = Float32Array.of(value);
          constructingSampleRate = ctx.sampleRate;
          active = processor.process([], outputs, parameterValues);
          (outputs[0] ?? []).forEach((block, c) => recorded[c]?.push(block.slice()));
        }
      },
    },
  });
  Object.defineProperty(node, 'render', { value: (frames: number) => (node.__process as (frames: number) => void)(frames) });
  const created = node as unknown as AudioWorkletNodeDouble;
  createdWorkletNodes.push(created);
  return created;
}

/** Installs the double on the test API's AudioContext; returns the uninstall. */
export function installAudioWorklet(): () => void {
  const scope = globalThis as Record<string, unknown>;
  const saved = { AudioWorkletNode: scope.AudioWorkletNode, AudioWorkletProcessor: scope.AudioWorkletProcessor, registerProcessor: scope.registerProcessor };
  const worklets = new WeakMap<BaseAudioContext, AudioWorkletDouble>();
  Object.defineProperty(AudioContext.prototype, 'audioWorklet', {
    configurable: true,
    get(this: BaseAudioContext) {
      let worklet = worklets.get(this);
      if (!worklet) worklets.set(this, (worklet = new AudioWorkletDouble(this)));
      return worklet;
    },
  });
  // `new AudioWorkletNode(ctx, name, options)` returns a node of the test API's own graph.
  scope.AudioWorkletNode = function AudioWorkletNode(ctx: BaseAudioContext, name: string, options?: AudioWorkletNodeOptions) {
    return createWorkletNode(ctx, name, options);
  };
  scope.AudioWorkletProcessor = AudioWorkletProcessorDouble;
  scope.registerProcessor = registerProcessor;
  Object.defineProperty(scope, 'sampleRate', { configurable: true, get: () => constructingSampleRate });
  return () => {
    delete (AudioContext.prototype as unknown as Record<string, unknown>).audioWorklet;
    Object.assign(scope, saved);
    delete scope.sampleRate;
    createdWorkletNodes.length = 0;
    for (const port of openPorts.splice(0)) port.close();
  };
}
