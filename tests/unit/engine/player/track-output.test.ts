/**
 * The track's way out (track-output.ts) on the Web Audio path browsers take, iOS included: a song's
 * element is routed through a MediaElementSource, its level is a GainNode and element.volume is
 * never used; a soundscape is the loop track, with the element emptied; a replaced context (after a
 * long suspension) gets a fresh element at the same place.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAudioBus, LONG_SUSPENSION_MS } from '../../../../src/engine/audio-bus';
import { createTrackOutput } from '../../../../src/engine/player/track-output';
import { createMixStore } from '../../../../src/stores/mix-store';

vi.mock('../../../../src/lib/error-reporting', () => ({ reportError: vi.fn() }));

interface GraphNode {
  name: string;
  gain?: { value: number };
  inputs: GraphNode[];
}

function setup() {
  let clock = 0;
  const contexts: AudioContext[] = [];
  const bus = createAudioBus({
    mix: createMixStore(),
    outputElement: false,
    now: () => clock,
    createContext: () => {
      const ctx = new AudioContext();
      contexts.push(ctx);
      return ctx;
    },
  });
  const heard: string[] = [];
  const output = createTrackOutput({ bus, parent: document.body, listeners: [['playing', () => heard.push('playing')]] });
  return { bus, output, contexts, heard, advance: (ms: number) => (clock += ms) };
}

/** The chain that ends in the context's destination, as web-audio-test-api reports it. */
const graphOf = (ctx: AudioContext) => (ctx as unknown as { toJSON(): GraphNode }).toJSON();
const chainTo = (node: GraphNode, name: string, path: GraphNode[] = []): GraphNode[] | undefined => {
  if (node.name === name) return [...path, node];
  for (const input of node.inputs) {
    const found = chainTo(input, name, [...path, node]);
    if (found) return found;
  }
  return undefined;
};

describe('track output on the Web Audio path', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('routes the element through a MediaElementSource and applies the catalogue volume as a gain, never element.volume', () => {
    const { output, contexts, bus } = setup();
    output.setLevel(0.8);
    output.setSource({ src: '/media/chill.mp3', url: '/media/chill.mp3', loops: false });
    output.open();
    const ctx = contexts[0]!;
    const process = (to: string) => (ctx as unknown as { $processTo(time: string): void }).$processTo(to);
    const trackGain = () => chainTo(graphOf(ctx), 'MediaElementAudioSourceNode')?.[3]?.gain?.value;
    // destination ← fade ← master ← track gain ← element gain ← the element's source
    expect(chainTo(graphOf(ctx), 'MediaElementAudioSourceNode')?.map((node) => node.name)).toEqual([
      'AudioDestinationNode', 'GainNode', 'GainNode', 'GainNode', 'GainNode', 'MediaElementAudioSourceNode',
    ]);
    // Paused (as jsdom's element is), nothing of the element's buffer is let through (WebKit plays ~1 s of it on).
    process('00:00.250');
    expect(trackGain()).toBeCloseTo(0, 3);
    const paused = (value: boolean) => {
      Object.defineProperty(output.element, 'paused', { configurable: true, get: () => value });
      output.follow();
    };
    paused(false);
    process('00:00.500');
    expect(trackGain()).toBeCloseTo(0.8, 3);
    paused(true);
    process('00:00.750');
    expect(trackGain()).toBeCloseTo(0, 3);
    paused(false);
    process('00:00.900');
    expect(trackGain()).toBeCloseTo(0.8, 3);
    // A level change ramps the track gain; the sleep timer's fade is the bus's own gain, not the element's volume.
    output.setLevel(0.3);
    bus.setFade(0.5);
    process('00:01.200');
    expect(trackGain()).toBeCloseTo(0.3, 3);
    expect(graphOf(ctx).inputs[0]?.gain?.value).toBeCloseTo(0.5, 3);
    expect(output.element.volume).toBe(1);
  });

  it('a soundscape plays as the loop track on the same track gain, the element emptied; a song plays on the element and releases the loop track', () => {
    const { output } = setup();
    output.setSource({ src: '/media/chill.mp3', url: '/media/chill.mp3', loops: false });
    output.open();
    expect(output.media).toBe(output.element);
    expect(output.element.getAttribute('src')).toBe('/media/chill.mp3');
    output.setSource({ src: '/media/ocean.mp3', url: '/media/ocean.mp3', loops: true });
    expect(output.media).toBe(output.loopTrack);
    expect(output.element.hasAttribute('src'), 'no element runs beside a soundscape').toBe(false);
    expect(output.loopTrack.dataset.url).toBe('/media/ocean.mp3');
    // No test door on the page (issue 38): the e2e observe the track from outside.
    expect('lullTrack' in window).toBe(false);
    const release = vi.spyOn(output.loopTrack, 'release');
    output.setSource({ src: '/media/chill.mp3', url: '/media/chill.mp3', loops: false });
    expect(release).toHaveBeenCalledTimes(1);
    expect(output.media).toBe(output.element);
    expect(output.loopTrack.residentBytes).toBe(0);
  });

  it('a context replaced after a long suspension gets a fresh element at the same file and place, routed into the new context, with the listeners moved', async () => {
    vi.useFakeTimers();
    // jsdom has no media pipeline: the old element's pause() does nothing here.
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { bus, output, contexts, heard, advance } = setup();
    output.setSource({ src: 'http://localhost/media/chill.mp3', url: '/media/chill.mp3', loops: false });
    output.open();
    bus.hold('player', true);
    const first = output.element;
    first.currentTime = 42;
    // Paused for the night: the bus suspends after its idle second, and the next open is more than 10 minutes later.
    bus.hold('player', false);
    await vi.advanceTimersByTimeAsync(1500);
    advance(LONG_SUSPENSION_MS + 60_000);
    output.open();
    expect(contexts).toHaveLength(2);
    const fresh = output.element;
    expect(fresh).not.toBe(first);
    expect(first.isConnected).toBe(false);
    expect(document.querySelectorAll('audio#lull-player')).toHaveLength(1);
    expect(fresh.src).toBe('http://localhost/media/chill.mp3');
    expect(fresh.dataset.url).toBe('/media/chill.mp3');
    expect(fresh.loop).toBe(false);
    expect(fresh.currentTime).toBe(42);
    // Routed into the new context (an element takes one MediaElementSource for life).
    expect(chainTo(graphOf(contexts[1]!), 'MediaElementAudioSourceNode')).toBeDefined();
    // The engine hears the new element, not the old one.
    first.dispatchEvent(new Event('playing'));
    expect(heard).toEqual([]);
    fresh.dispatchEvent(new Event('playing'));
    expect(heard).toEqual(['playing']);
  });
});

describe("a press's prefetch (press-prefetch.ts)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  /** Counts assignments of the element's src: each one starts a new load (a second download). */
  const countLoads = (element: HTMLAudioElement) => {
    const loads: string[] = [];
    const setter = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')!.set!;
    Object.defineProperty(element, 'src', {
      configurable: true,
      get: () => element.getAttribute('src') ?? '',
      set: (value: string) => {
        loads.push(value);
        setter.call(element, value);
      },
    });
    return loads;
  };

  it('the tap on the pressed song keeps its load: unlocked in the tap, one src assignment in all', () => {
    const { output } = setup();
    const loads = countLoads(output.element);
    const play = vi.spyOn(output.element, 'play').mockResolvedValue();
    output.prefetch('/media/chill.mp3?v=1');
    output.unlock();
    output.setSource({ src: '/media/chill.mp3?v=1', url: '/media/chill.mp3?v=1', loops: false });
    expect(loads).toEqual(['/media/chill.mp3?v=1']);
    expect(play).toHaveBeenCalledTimes(1);
    expect(output.element.getAttribute('src')).toBe('/media/chill.mp3?v=1');
  });

  it('a tap on another song, or a cancelled press, does not keep it', () => {
    const { output } = setup();
    const loads = countLoads(output.element);
    vi.spyOn(output.element, 'play').mockResolvedValue();
    vi.spyOn(output.element, 'load').mockImplementation(() => undefined);
    output.prefetch('/media/chill.mp3');
    output.setSource({ src: '/media/groovy.mp3', url: '/media/groovy.mp3', loops: false });
    expect(loads).toEqual(['/media/chill.mp3', '/media/groovy.mp3']);
    // The element holds a track now: a press prefetches nothing over it.
    output.prefetch('/media/fire.mp3', true);
    expect(output.element.getAttribute('src')).toBe('/media/groovy.mp3');

    const fresh = setup().output;
    vi.spyOn(fresh.element, 'load').mockImplementation(() => undefined);
    fresh.prefetch('/media/chill.mp3');
    fresh.cancelPrefetch();
    expect(fresh.element.hasAttribute('src')).toBe(false);
  });

  it("a press on a soundscape starts the loop track's one read: the tap keeps it, another sound or a cancelled press aborts it", () => {
    const reads: { url: string; signal: AbortSignal }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((url, init) => {
      reads.push({ url: String(url), signal: init!.signal! });
      return new Promise(() => undefined);
    });
    const { output } = setup();
    const loads = countLoads(output.element);
    output.prefetch('/media/river.mp3?v=1', true);
    output.open();
    output.setSource({ src: '/media/river.mp3?v=1', url: '/media/river.mp3?v=1', loops: true });
    expect(reads.map((r) => r.url), 'one download').toEqual(['/media/river.mp3?v=1']);
    expect(reads[0]!.signal.aborted).toBe(false);
    expect(loads, 'no element load for a soundscape').toEqual([]);
    // A new sound: the old read stops.
    output.setSource({ src: '/media/rain.mp3', url: '/media/rain.mp3', loops: true });
    expect(reads[0]!.signal.aborted).toBe(true);
    expect(reads).toHaveLength(2);

    const fresh = setup().output;
    fresh.prefetch('/media/fire.mp3', true);
    fresh.cancelPrefetch();
    expect(reads).toHaveLength(3);
    expect(reads[2]!.signal.aborted).toBe(true);
  });
});
