/**
 * The noise engine's rules over web-audio-test-api (no AudioWorklet there, so pink and brown take
 * the ScriptProcessor fallback): a second Play is ignored, focus hand-over stops noise, the sleep
 * timer's fade gain reaches the output, Pause releases focus and suspends the context.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createNoiseEngine, type NoiseEngine } from '../../src/engine/noise/noise-engine';
import { claimAudioFocus, createAudioFocusStore, setFadeGain, stopAllAudio } from '../../src/stores/audio-focus-store';
import { createNoiseStore } from '../../src/stores/noise-store';

const settle = () => new Promise((r) => setTimeout(r, 20));

interface Harness {
  engine: NoiseEngine;
  store: ReturnType<typeof createNoiseStore>;
  focus: ReturnType<typeof createAudioFocusStore>;
  contexts: AudioContext[];
}

let current: Harness | undefined;

function harness(): Harness {
  const store = createNoiseStore();
  const focus = createAudioFocusStore();
  const contexts: AudioContext[] = [];
  let ctx: AudioContext | undefined;
  const engine = createNoiseEngine({
    store,
    focus,
    context: () => {
      if (!ctx) {
        ctx = new AudioContext();
        contexts.push(ctx);
      }
      return ctx;
    },
  });
  current = { engine, store, focus, contexts };
  return current;
}

afterEach(() => current?.engine.dispose());

describe('noise engine', () => {
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
    await new Promise((r) => setTimeout(r, 150));
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

  it('follows the shared fade gain on its output stage', async () => {
    const gains: GainNode[] = [];
    const createGain = AudioContext.prototype.createGain;
    AudioContext.prototype.createGain = function (this: AudioContext) {
      const node = createGain.call(this);
      gains.push(node);
      return node;
    };
    try {
      const { engine, focus } = harness();
      setFadeGain(0.5, focus);
      engine.play('white');
      await settle();
      // Created in order: the fade stage (output), then the source's own start/stop envelope.
      const [fade, envelope] = gains;
      expect(fade?.gain.value).toBe(0.5);
      const targets: number[] = [];
      const setTarget = fade!.gain.setTargetAtTime.bind(fade!.gain);
      fade!.gain.setTargetAtTime = (value: number, time: number, constant: number) => {
        targets.push(value);
        return setTarget(value, time, constant);
      };
      setFadeGain(0.2, focus);
      await settle();
      setFadeGain(0, focus);
      await settle();
      expect(targets).toEqual([0.2, 0]);
      expect(envelope).toBeDefined();
    } finally {
      AudioContext.prototype.createGain = createGain;
    }
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
});
