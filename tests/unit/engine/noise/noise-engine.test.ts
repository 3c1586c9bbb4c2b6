/**
 * The noise engine's rules over web-audio-test-api (no AudioWorklet there, so pink and brown take
 * the ScriptProcessor fallback): a second Play is ignored, focus hand-over stops noise, Pause
 * releases focus and the idle bus suspends the context. (A noise under a track is a layer: tests/unit/engine/layers.)
 */
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { createNoiseEngine, SYSTEM_SUSPEND_CONFIRM_MS, type NoiseEngine } from '../../../../src/engine/noise/noise-engine';
import { createAudioBus, type AudioBus } from '../../../../src/engine/audio-bus';
import { claimAudioFocus, createAudioFocusStore, stopAllAudio } from '../../../../src/stores/audio-focus-store';
import { createMixStore } from '../../../../src/stores/mix-store';
import { createNoiseStore } from '../../../../src/stores/noise-store';
import { createPlayerStore } from '../../../../src/stores/player-store';

declare const WebAudioTestAPI: { Event: typeof Event };

const settle = () => new Promise((r) => setTimeout(r, 20));

interface Harness {
  engine: NoiseEngine;
  store: ReturnType<typeof createNoiseStore>;
  focus: ReturnType<typeof createAudioFocusStore>;
  mix: ReturnType<typeof createMixStore>;
  player: ReturnType<typeof createPlayerStore>;
  bus: AudioBus;
  contexts: AudioContext[];
}

let current: Harness | undefined;

function harness(): Harness {
  const store = createNoiseStore();
  const focus = createAudioFocusStore();
  const mix = createMixStore();
  const player = createPlayerStore();
  const contexts: AudioContext[] = [];
  const bus = createAudioBus({
    mix,
    outputElement: false,
    createContext: () => {
      const ctx = new AudioContext();
      contexts.push(ctx);
      return ctx;
    },
  });
  const engine = createNoiseEngine({ bus, store, focus });
  current = { engine, store, focus, mix, player, bus, contexts };
  return current;
}

afterEach(() => {
  current?.engine.dispose();
  current?.bus.dispose();
});

describe('noise engine', () => {
  // The sources load at the first Play in the app; here, before the first test's clock starts.
  beforeAll(() => import('../../../../src/engine/noise/noise-sources'));

  it('plays, ignores a second Play, and stops on Pause (releasing focus, suspending the context)', async () => {
    const { engine, store, focus, contexts } = harness();
    engine.play('pink');
    expect(store).toMatchObject({ colour: 'pink', status: 'starting' });
    expect(focus.owner).toBe('noise');
    await settle();
    expect(store.status).toBe('playing');
    engine.play('pink');
    await settle();
    expect(contexts).toHaveLength(1);
    expect(store.status).toBe('playing');
    engine.toggle('pink');
    expect(store).toMatchObject({ colour: null, status: 'stopped' });
    expect(focus.owner).toBe('none');
    await new Promise((r) => setTimeout(r, 1100));
    expect(contexts[0]?.state).toBe('suspended');
    engine.play('white');
    await settle();
    expect(contexts).toHaveLength(1);
    expect(store).toMatchObject({ colour: 'white', status: 'playing' });
  });

  it('stops when the player takes the speakers, or the sleep timer asks everyone to stop', async () => {
    const { engine, store, focus } = harness();
    engine.play('brown');
    await settle();
    claimAudioFocus('player', focus);
    await settle();
    expect(store.status).toBe('stopped');
    expect(focus.owner).toBe('player');
    engine.play('brown');
    await settle();
    expect(focus.owner).toBe('noise');
    stopAllAudio(focus);
    await settle();
    expect(store.status).toBe('stopped');
  });

  it('a quick Pause then Play frees the first source after its fade-out instead of keeping it running', async () => {
    const processors: ScriptProcessorNode[] = [];
    const createScriptProcessor = AudioContext.prototype.createScriptProcessor;
    AudioContext.prototype.createScriptProcessor = function (this: AudioContext, ...args: Parameters<typeof createScriptProcessor>) {
      const node = createScriptProcessor.apply(this, args);
      processors.push(node);
      return node;
    };
    try {
      const { engine, store } = harness();
      engine.play('pink');
      await settle();
      engine.stop();
      engine.play('pink'); // within the 40 ms fade-out
      await new Promise((r) => setTimeout(r, 150));
      expect(store.status).toBe('playing');
      expect(processors).toHaveLength(2);
      // The first generator no longer runs; the second does.
      expect(processors[0]?.onaudioprocess).toBeNull();
      expect(processors[1]?.onaudioprocess).toBeTypeOf('function');
    } finally {
      AudioContext.prototype.createScriptProcessor = createScriptProcessor;
    }
  });

  it('the OS pauses the output: a noise on its own shows stopped, and plays again when the OS gives the output back', async () => {
    const { bus: real, store, focus } = harness();
    let interrupt: (interrupted: boolean) => void = () => {};
    const bus: AudioBus = { ...real, onInterrupted: (listener) => ((interrupt = listener), () => {}) };
    const engine = createNoiseEngine({ bus, store, focus });
    engine.play('brown');
    await settle();
    expect(store.status).toBe('playing');
    interrupt(true);
    expect(store).toMatchObject({ colour: null, status: 'stopped' });
    expect(focus.owner).toBe('none');
    interrupt(false);
    await settle();
    expect(store).toMatchObject({ colour: 'brown', status: 'playing' });
    expect(focus.owner).toBe('noise');
    // Stopped by the listener before an interruption: it stays stopped after it.
    engine.stop();
    interrupt(true);
    interrupt(false);
    await settle();
    expect(store).toMatchObject({ colour: null, status: 'stopped' });
    engine.dispose();
  });

  /** The context reads `state` and reports it, as a browser's statechange does (an event of web-audio-test-api's own Event class). */
  const report = (ctx: AudioContext, state: AudioContextState) => {
    Object.defineProperty(ctx, 'state', { configurable: true, get: () => state });
    const event = Object.create(WebAudioTestAPI.Event.prototype) as Event;
    Object.defineProperties(event, { type: { value: 'statechange' }, target: { value: ctx } });
    ctx.dispatchEvent(event);
  };

  it("a late 'suspended' (Firefox reports the bus's own suspend after the click's resume resolved) does not stop the noise", async () => {
    const { engine, store, contexts } = harness();
    engine.play('white');
    await settle();
    expect(store.status).toBe('playing');
    expect(current?.bus.isResuming()).toBe(false);
    const ctx = contexts[0]!;
    report(ctx, 'suspended');
    await new Promise((r) => setTimeout(r, 30));
    report(ctx, 'running');
    await new Promise((r) => setTimeout(r, SYSTEM_SUSPEND_CONFIRM_MS + 50));
    expect(store).toMatchObject({ colour: 'white', status: 'playing' });
  });

  it('a context the system keeps suspended (an interruption) shows the noise stopped', async () => {
    const { engine, store, contexts } = harness();
    engine.play('white');
    await settle();
    report(contexts[0]!, 'suspended');
    expect(store.status).toBe('playing');
    await new Promise((r) => setTimeout(r, SYSTEM_SUSPEND_CONFIRM_MS + 50));
    expect(store.status).toBe('stopped');
  });
});
