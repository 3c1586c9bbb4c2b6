/**
 * The bus: one context for the app, created on the first open (inside a tap) and reused; the
 * master volume and the sleep timer's fade as ramped gains; suspended while nobody holds it; a
 * context left suspended longer than LONG_SUSPENSION_MS is replaced inside a gesture (Safari may
 * freeze its clock) and the sources are told to reconnect; outside one it is resumed. The output
 * goes through a stream element only where the engine hears one, and is retried on every open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAudioBus, LONG_SUSPENSION_MS, RESUME_ANSWER_MS } from '../../../src/engine/audio-bus';
import { ANCHOR_LEVEL } from '../../../src/engine/audio-output';
import { createMixStore, setMasterVolume } from '../../../src/stores/mix-store';

/**
 * The bus's timers (the idle suspend after a second, the watchdog's half-second reads) on a fake clock, moved on by
 * `wait`: the file ran 10 s of real waiting before (issue 38). The contexts' clocks are web-audio-test-api's own.
 */
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const settle = () => wait(0);
/** Whether anything is connected to the context's speakers (web-audio-test-api's graph as JSON). */
const toDestination = (ctx: AudioContext) => (ctx.destination as unknown as { toJSON(): { inputs: unknown[] } }).toJSON().inputs.length > 0;

function setup(inGesture = true) {
  const mix = createMixStore();
  const contexts: AudioContext[] = [];
  let now = 1_000_000;
  let gesture = inGesture;
  const bus = createAudioBus({
    mix,
    outputElement: false,
    inGesture: () => gesture,
    now: () => now,
    createContext: () => {
      const ctx = new AudioContext();
      contexts.push(ctx);
      return ctx;
    },
  });
  return { mix, bus, contexts, advance: (ms: number) => (now += ms), tap: (value: boolean) => (gesture = value) };
}

describe('audio bus', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('creates nothing before the first open, then one context for every caller', () => {
    const { bus, contexts } = setup();
    expect(bus.current()).toBeUndefined();
    const nodes = bus.open()!;
    expect(bus.open()).toBe(nodes);
    expect(contexts).toHaveLength(1);
    bus.dispose();
  });

  it('ramps the master gain to the mix store volume and the fade gain to the timer level', async () => {
    const { bus, mix } = setup();
    const nodes = bus.open()!;
    const targets: number[] = [];
    const setTarget = nodes.input.gain.setTargetAtTime.bind(nodes.input.gain);
    nodes.input.gain.setTargetAtTime = (value: number, time: number, constant: number) => {
      targets.push(value);
      return setTarget(value, time, constant);
    };
    setMasterVolume(0.25, mix);
    await settle();
    expect(targets).toEqual([0.25]);
    bus.setFade(0.5);
    expect(bus.level()).toBeCloseTo(0.125);
    bus.setFade(2);
    expect(bus.level()).toBeCloseTo(0.25);
    bus.dispose();
  });

  it("the sleep timer's long fade is a linear ramp of the fade gain to 0 on the audio clock, which setFade ends", () => {
    const gains: GainNode[] = [];
    const createGain = AudioContext.prototype.createGain;
    AudioContext.prototype.createGain = function (this: AudioContext) {
      const node = createGain.call(this);
      gains.push(node);
      return node;
    };
    const { bus } = setup();
    const nodes = bus.open()!;
    AudioContext.prototype.createGain = createGain;
    const ctx = nodes.ctx as AudioContext & { $processTo(time: string): void };
    // The bus builds the master gain, then the fade gain.
    const fadeGain = gains[1];
    expect(gains[0]).toBe(nodes.input);
    bus.fadeOut(60);
    ctx.$processTo('00:30.000');
    expect(fadeGain!.gain.value).toBeCloseTo(0.5, 2);
    ctx.$processTo('01:00.000');
    expect(fadeGain!.gain.value).toBeCloseTo(0, 5);
    bus.setFade(1);
    ctx.$processTo('01:01.000');
    expect(fadeGain!.gain.value).toBeCloseTo(1, 2);
    bus.dispose();
  });

  it('suspends when nobody holds it, and replaces a context suspended for too long', async () => {
    const { bus, contexts, advance } = setup();
    const first = bus.open()!;
    let replaced = 0;
    bus.onReplaced(() => replaced++);
    bus.hold('player', true);
    bus.hold('player', false);
    await wait(1100);
    expect(first.ctx.state).toBe('suspended');
    advance(60_000);
    expect(bus.open()).toBe(first); // resumed: not stale
    bus.hold('noise', true);
    bus.hold('noise', false);
    await wait(1100);
    advance(LONG_SUSPENSION_MS + 1);
    const second = bus.open()!;
    expect(second).not.toBe(first);
    expect(contexts).toHaveLength(2);
    expect(replaced).toBe(1);
    await settle();
    expect(first.ctx.state).toBe('closed');
    bus.dispose();
  });

  it('tells the engines when something else pauses the output element, and when it plays again; its own idle pause is not an interruption', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    const bus = createAudioBus({ mix: createMixStore(), outputElement: true, createContext: () => new AudioContext() });
    const seen: boolean[] = [];
    bus.onInterrupted((interrupted) => seen.push(interrupted));
    bus.open();
    bus.hold('player', true);
    const output = document.getElementById('lull-output') as HTMLAudioElement;
    expect(output).not.toBeNull();
    // The OS pauses it (an interruption), then gives it back.
    output.dispatchEvent(new Event('pause'));
    output.dispatchEvent(new Event('pause'));
    output.dispatchEvent(new Event('play'));
    expect(seen).toEqual([true, false]);
    // Nobody holds the bus: it pauses the element itself after a second, which is not the OS.
    bus.hold('player', false);
    await wait(1100);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(seen).toEqual([true, false]);
    // Started again by the app (a tap) after an interruption: nothing to give back.
    bus.open();
    output.dispatchEvent(new Event('pause'));
    bus.open();
    output.dispatchEvent(new Event('play'));
    expect(seen).toEqual([true, false, true]);
    bus.dispose();
    vi.restoreAllMocks();
  });

  it('prepares the graph suspended and silent before the tap, which then resumes that same context', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const contexts: AudioContext[] = [];
    const bus = createAudioBus({
      mix: createMixStore(),
      outputElement: true,
      createContext: () => {
        const ctx = new AudioContext();
        contexts.push(ctx);
        return ctx;
      },
    });
    bus.prepare();
    const prepared = bus.current()!;
    await settle();
    expect(prepared.ctx.state).toBe('suspended');
    expect(document.getElementById('lull-output')).not.toBeNull();
    expect(play).not.toHaveBeenCalled();
    bus.prepare();
    expect(bus.open()).toBe(prepared);
    await settle();
    expect(prepared.ctx.state).toBe('running');
    expect(play).toHaveBeenCalledTimes(1);
    expect(contexts).toHaveLength(1);
    bus.dispose();
    vi.restoreAllMocks();
  });

  it('replaces a prepared context the tap comes to only after a long suspension', () => {
    const { bus, contexts, advance } = setup();
    bus.prepare();
    const prepared = bus.current()!;
    advance(LONG_SUSPENSION_MS + 1);
    expect(bus.open()).not.toBe(prepared);
    expect(contexts).toHaveLength(2);
    bus.dispose();
  });

  it('outside a gesture (the lock screen\'s Play) resumes a context suspended for too long instead of replacing it', async () => {
    const { bus, contexts, advance } = setup(false);
    const first = bus.open()!;
    bus.hold('player', true);
    bus.hold('player', false);
    await wait(1100);
    expect(first.ctx.state).toBe('suspended');
    advance(LONG_SUSPENSION_MS + 1);
    expect(bus.open()).toBe(first);
    expect(contexts).toHaveLength(1);
    await settle();
    expect(first.ctx.state).toBe('running');
    bus.dispose();
  });

  it('an idle suspend that the engine applies after a later open (WebKit) is answered by another resume: the tap is heard', async () => {
    // WebKit resolved the tap's resume() first, then applied the idle suspend asked for before it: silence until the next tap.
    let state: AudioContextState = 'running';
    let applySuspend = () => {};
    const bus = createAudioBus({
      mix: createMixStore(),
      outputElement: false,
      createContext: () => {
        const ctx = new AudioContext();
        Object.defineProperty(ctx, 'state', { get: () => state });
        ctx.suspend = () => new Promise<void>((resolve) => (applySuspend = () => ((state = 'suspended'), resolve())));
        ctx.resume = async () => void (state = 'running');
        return ctx;
      },
    });
    bus.open();
    bus.hold('player', true);
    bus.hold('player', false);
    await wait(1100); // the idle suspend is asked for, not yet applied
    bus.open(); // Space, an instant later
    bus.hold('player', true);
    await settle();
    applySuspend();
    await settle();
    await settle();
    expect(state).toBe('running');
    // An idle suspend nobody answered stays applied.
    bus.hold('player', false);
    await wait(1100);
    applySuspend();
    await settle();
    expect(state).toBe('suspended');
    bus.dispose();
  });

  it('is heard through the destination in every engine; a stream element anchors the media session only where it plays (captureStream: not WebKit)', () => {
    const proto = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
    const route = () => {
      const bus = createAudioBus({ mix: createMixStore(), createContext: () => new AudioContext() });
      const nodes = bus.open()!;
      const result = { element: document.getElementById('lull-output') !== null, destination: toDestination(nodes.ctx) };
      bus.dispose();
      return result;
    };
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    expect('captureStream' in proto).toBe(false);
    expect(route()).toEqual({ element: false, destination: true });
    proto.captureStream = () => undefined;
    try {
      expect(route()).toEqual({ element: true, destination: true });
    } finally {
      delete proto.captureStream;
      vi.restoreAllMocks();
    }
  });

  it('feeds the anchor element 40 dB down, and tries to play it again on every open after a refusal', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError')).mockResolvedValue(undefined);
    const bus = createAudioBus({ mix: createMixStore(), outputElement: true, createContext: () => new AudioContext() });
    const nodes = bus.open()!;
    await settle();
    expect(toDestination(nodes.ctx)).toBe(true);
    expect(bus.open()).toBe(nodes);
    await settle();
    expect(play).toHaveBeenCalledTimes(2);
    expect(ANCHOR_LEVEL).toBeCloseTo(10 ** (-40 / 20), 6);
    bus.dispose();
    vi.restoreAllMocks();
  });
  it("a context the system takes while something plays (iOS's 'interrupted') is an interruption; the next open in a tap replaces it, one outside a tap resumes it", async () => {
    for (const gesture of [true, false]) {
      const { bus, contexts } = setup(gesture);
      const seen: boolean[] = [];
      let replaced = 0;
      bus.onInterrupted((interrupted) => seen.push(interrupted));
      bus.onReplaced(() => replaced++);
      const first = bus.open()!;
      bus.hold('player', true);
      Object.defineProperty(first.ctx, 'state', { configurable: true, get: () => 'interrupted' });
      // The watchdog reads it within half a second.
      await wait(600);
      expect(seen).toEqual([true]);
      // The player pauses (nobody holds the bus): the taken context stays watched and is not suspended by the bus.
      const suspend = vi.spyOn(first.ctx, 'suspend');
      bus.hold('player', false);
      await wait(1100);
      expect(suspend).not.toHaveBeenCalled();
      const close = vi.spyOn(first.ctx, 'close');
      const next = bus.open()!;
      expect(contexts.length).toBe(gesture ? 2 : 1);
      expect(replaced).toBe(gesture ? 1 : 0);
      expect(next.ctx === first.ctx).toBe(!gesture);
      // Never two contexts sounding: the one replaced is closed.
      expect(close).toHaveBeenCalledTimes(gesture ? 1 : 0);
      bus.dispose();
    }
  });

  it('a resume the system refuses (rejected, or left unanswered) while the context does not run is an interruption; the next open in a tap replaces that context, and a late answer gives the audio back', async () => {
    for (const refusal of ['rejects', 'never answers', 'answers late'] as const) {
      vi.useFakeTimers();
      const { bus, contexts, tap } = setup(false);
      const seen: boolean[] = [];
      bus.onInterrupted((interrupted) => seen.push(interrupted));
      const first = bus.open()!;
      await vi.advanceTimersByTimeAsync(10);
      Object.defineProperty(first.ctx, 'state', { configurable: true, get: () => 'interrupted' });
      let answer = () => {};
      first.ctx.resume = () =>
        refusal === 'rejects' ? Promise.reject(new DOMException('refused', 'NotAllowedError')) : new Promise<void>((resolve) => (answer = resolve));
      // The lock screen's Play: outside a gesture, the bus can only ask.
      expect(bus.open()).toBe(first);
      await vi.advanceTimersByTimeAsync(RESUME_ANSWER_MS - 10);
      expect(seen).toEqual(refusal === 'rejects' ? [true] : []);
      await vi.advanceTimersByTimeAsync(20);
      expect(seen).toEqual([true]);
      if (refusal === 'answers late') {
        Object.defineProperty(first.ctx, 'state', { configurable: true, get: () => 'running' });
        answer();
        await vi.advanceTimersByTimeAsync(0);
        expect(seen).toEqual([true, false]);
      } else {
        // The next tap brings a new context, and closes the refused one.
        const close = vi.spyOn(first.ctx, 'close');
        tap(true);
        expect(bus.open()!.ctx).not.toBe(first.ctx);
        expect(close).toHaveBeenCalledTimes(1);
      }
      expect(contexts).toHaveLength(refusal === 'answers late' ? 1 : 2);
      bus.dispose();
      vi.useRealTimers();
    }
  });
});
