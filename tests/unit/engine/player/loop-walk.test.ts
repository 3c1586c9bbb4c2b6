/**
 * The loop voice walking a file's segments (issue 22, "never repeats"), scheduled on a fake audio clock: each
 * segment is played from its first sample to its last, the next one starts exactly one crossfade before the last
 * one ends (two sources overlapping), their gains keep equal power through the join, no segment plays twice in a
 * row, and what is held stays a few windows. The file is a real catalogue-encoded MP3 (5 s), its segments made here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { LoopSegments } from '../../../../src/catalogue/loop-segments';

const slices = vi.hoisted(() => [] as [number, number][]);
vi.mock('../../../../src/engine/player/mp3-layout', async (original) => {
  const layout = await original<typeof import('../../../../src/engine/player/mp3-layout')>();
  return {
    ...layout,
    // Which file samples each decode holds, in the order decoded.
    sliceMp3: (...args: Parameters<typeof layout.sliceMp3>) => {
      slices.push([args[2], args[3]]);
      return layout.sliceMp3(...args);
    },
  };
});

const { createLoopVoice, JOIN_SAMPLES } = await import('../../../../src/engine/player/loop-voice');
const { parseMp3Layout } = await import('../../../../src/engine/player/mp3-layout');

const FIXTURE = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/ocean-vbr.mp3`));
const RATE = 48000;
const X = 9600;
const SEGMENTS: LoopSegments = { fingerprint: 'test', length: 240_000, crossfade: X, starts: [0, 48_000, 110_400, 172_800] };

type Event = ['curve', Float32Array, number, number];
class FakeParam {
  value = 1;
  events: Event[] = [];
  /** setValueAtTime and linearRampToValueAtTime, in order (the joins' short fades). */
  steps: [kind: 'set' | 'ramp', value: number, at: number][] = [];
  setValueAtTime(value: number, at: number) {
    this.steps.push(['set', value, at]);
  }
  linearRampToValueAtTime(value: number, at: number) {
    this.steps.push(['ramp', value, at]);
  }
  cancelScheduledValues() {}
  setValueCurveAtTime(curve: Float32Array, at: number, duration: number) {
    for (const [, , t, d] of this.events) if (at < t + d && t < at + duration) throw new Error('curves overlap');
    this.events.push(['curve', Float32Array.from(curve), at, duration]);
  }
  /** The gain at ctx time t (values held between curves, linear between a curve's points). */
  at(t: number): number {
    let v = this.value;
    for (const [, curve, start, duration] of [...this.events].sort((a, b) => a[2] - b[2])) {
      if (t < start) break;
      const u = Math.min(1, (t - start) / duration) * (curve.length - 1);
      const k = Math.min(curve.length - 2, Math.floor(u));
      v = (curve[k] ?? 0) + ((curve[k + 1] ?? 0) - (curve[k] ?? 0)) * (u - k);
    }
    return v;
  }
}
interface Node {
  gain?: FakeParam;
  next?: Node;
  connect(n: Node): void;
  disconnect(): void;
}
const node = (extra: object = {}): Node => {
  const n: Node = { ...extra, connect: (to) => void (n.next = to), disconnect() {} };
  return n;
};
interface Source extends Node {
  started?: [number, number, number];
  onended: (() => void) | null;
}

function fakeContext(hold = false) {
  const sources: Source[] = [];
  const held: (() => void)[] = [];
  const raw = {
    currentTime: 10,
    sampleRate: RATE,
    createGain: () => node({ gain: new FakeParam() }),
    createBufferSource: () => {
      const s = node({ onended: null, start: (...a: [number, number, number]) => void (s.started = a), stop() {} }) as Source;
      sources.push(s);
      return s;
    },
    decodeAudioData: async (bytes: ArrayBuffer) => {
      // Held decodes answer when the test says (a page that stalled).
      if (hold) await new Promise<void>((resolve) => held.push(resolve));
      return { length: parseMp3Layout(new Uint8Array(bytes)).length, numberOfChannels: 2 };
    },
  };
  return { ctx: raw as unknown as BaseAudioContext, sources, held };
}

function setup(segments: LoopSegments = SEGMENTS, file = FIXTURE, windowSeconds = 1, hold = false) {
  const { ctx, sources, held } = fakeContext(hold);
  const voice = createLoopVoice({ ctx, output: node() as unknown as AudioNode, file, layout: parseMp3Layout(file), windowSeconds, segments, seed: 3 });
  return { voice, sources, held, raw: ctx as unknown as { currentTime: number } };
}
const settle = () => new Promise((r) => setTimeout(r, 5));
/** The walk gain of a source (buffer → joins → walk → voice). */
const walkGain = (s: Source) => s.next?.next?.gain as FakeParam;
/** The joins gain of a source (its sample-short fades). */
const joinsGain = (s: Source) => s.next?.gain as FakeParam;

describe('a loop voice walking the segments', () => {
  it('plays segments whole, overlapping one crossfade at each join with equal power, never one twice in a row', async () => {
    slices.length = 0;
    const { voice, sources } = setup();
    // Where an in-order play is: 0.2 s at ctx 10.2 s (inside the first segment).
    await voice.start((at) => (at - 10) * RATE, 0.2);
    await settle();
    for (let k = 0; sources.length < 40; k++) {
      sources[k]?.onended?.();
      await settle();
      expect(voice.residentBytes).toBeLessThanOrEqual(5 * (RATE + JOIN_SAMPLES + 4096) * 8);
    }
    expect(slices.length).toBe(sources.length);
    const segmentStarts: number[] = [];
    let joins = 0;
    for (let k = 1; k < sources.length; k++) {
      const [prevAt, , prevDuration] = sources[k - 1]!.started!;
      const [at] = sources[k]!.started!;
      const [start] = slices[k]!;
      const [prevStart, prevLength] = slices[k - 1]!; // the decoded length: a join tail included where the segment goes on
      // Pieces inside a segment never start on a boundary (the test's segments are cut into whole pieces).
      if (!SEGMENTS.starts.includes(start)) {
        // Within a segment: sample to sample (the previous source runs its short join tail past this start).
        expect(start).toBe((prevStart + prevLength - JOIN_SAMPLES) % 240_000);
        expect(at).toBeCloseTo(prevAt + prevDuration - JOIN_SAMPLES / RATE, 9);
        continue;
      }
      // The segment before ended whole: its last piece reaches the next boundary (or the file's end).
      expect(SEGMENTS.starts.includes((prevStart + prevLength) % 240_000)).toBe(true);
      joins++;
      segmentStarts.push(start);
      // A crossfade: this segment starts X before the last one's end, which has no join tail.
      const prevEnd = prevAt + prevDuration;
      expect(at).toBeCloseTo(prevEnd - X / RATE, 9);
      for (let t = at; t <= prevEnd; t += 0.01) {
        const out = walkGain(sources[k - 1]!).at(t);
        const inc = walkGain(sources[k]!).at(t);
        expect(out ** 2 + inc ** 2).toBeCloseTo(1, 2);
      }
      expect(walkGain(sources[k]!).at(at)).toBeCloseTo(0, 6);
      expect(walkGain(sources[k - 1]!).at(prevEnd)).toBeCloseTo(0, 6);
    }
    expect(joins).toBeGreaterThanOrEqual(6);
    // Every source that fades in over a join is silent before its first event, not at the default gain of 1.
    const fadingIn = sources.filter((s) => joinsGain(s).steps[0]?.[0] === 'set' && joinsGain(s).steps[0]?.[1] === 0);
    expect(fadingIn.length).toBeGreaterThan(10);
    for (const s of fadingIn) expect(joinsGain(s).value).toBe(0);
    for (let i = 1; i < segmentStarts.length; i++) expect(segmentStarts[i]).not.toBe(segmentStarts[i - 1]);
    expect(new Set(segmentStarts).size).toBeGreaterThanOrEqual(3);
  });

  it('without segments (or marked ordered) plays the file in order, as before', async () => {
    slices.length = 0;
    const { voice, sources } = setup({ fingerprint: 'test', length: 240_000, ordered: 'a story' });
    await voice.start((at) => (at - 10) * RATE, 0.2);
    await settle();
    for (let k = 0; k < 8; k++) {
      sources[k]?.onended?.();
      await settle();
    }
    expect(slices.map(([s]) => s / RATE)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
    // No walk envelope: every source's join gain goes straight to the voice's gain.
    expect(new Set(sources.map((s) => s.next?.next)).size).toBe(1);
  });

  it('a segment decoded after its crossfade began starts where the clock is, faded in over 10 ms, its envelope taken up there', async () => {
    const { voice, sources, held, raw } = setup(SEGMENTS, FIXTURE, 1, true);
    const started = voice.start((at) => (at - 10) * RATE, 0.2);
    await settle();
    held.shift()?.();
    expect(await started).toBeCloseTo(10.2, 9);
    await settle();
    // The first segment [0, 1 s) plays from 0.2 s at 10.2 s: the next one is due at 10.8 s (its 0.2 s crossfade).
    expect(sources).toHaveLength(1);
    raw.currentTime = 10.85;
    held.shift()?.();
    await settle();
    expect(sources).toHaveLength(2);
    const [at] = sources[1]!.started!;
    expect(at).toBeCloseTo(10.95, 6);
    // 0.15 s into its 0.2 s fade-in: sin(π/2 · 0.75), then the rest of the curve to 1 by 11.0 s.
    expect(walkGain(sources[1]!).at(at)).toBeCloseTo(Math.sin((Math.PI / 2) * 0.75), 3);
    expect(walkGain(sources[1]!).at(11.0)).toBeCloseTo(1, 6);
    // Started at that gain at once, mid-sound, it would click: it rises from 0 over 480 samples first, and is 0
    // before any event too (an event may land a frame after the source's first: that frame would play at 1).
    expect(joinsGain(sources[1]!).value).toBe(0);
    expect(joinsGain(sources[1]!).steps.slice(0, 2)).toEqual([
      ['set', 0, at],
      ['ramp', 1, at + 480 / RATE],
    ]);
    // The outgoing segment is at the matching point of its fade-out: still equal power.
    expect(walkGain(sources[0]!).at(at) ** 2 + walkGain(sources[1]!).at(at) ** 2).toBeCloseTo(1, 2);
  });

  it('a voice started inside a crossfade starts both segments together (the next one is not decoded late)', async () => {
    // Segments of 1.5, 1.5 and 2 s, crossfaded over 0.5 s; pieces of 0.75 s in the first.
    const segments: LoopSegments = { fingerprint: 'test', length: 240_000, crossfade: 24_000, starts: [0, 72_000, 144_000] };
    const { voice, sources, held, raw } = setup(segments, FIXTURE, 1, true);
    // 1.05 s at 10.2 s: inside the first segment's last 0.5 s, where the next segment already plays.
    const started = voice.start((at) => (at - 10) * RATE + 0.85 * RATE, 0.2);
    // Each decode takes 150 ms of the audio clock (a loaded phone).
    for (let k = 0; k < 20 && sources.length === 0; k++) {
      if (held.length > 0) {
        raw.currentTime += 0.15;
        held.shift()?.();
      }
      await settle();
    }
    const at = (await started)!;
    const begun = sources.filter((s) => s.started![0] <= at + 1e-9);
    // Together, each at its own place: the outgoing at 1.35 s, the incoming 0.35 s into its 0.5 s fade-in.
    expect(begun.map((s) => s.started![0])).toEqual([at, at]);
    expect(walkGain(begun[1]!).at(at)).toBeCloseTo(Math.sin((Math.PI / 2) * 0.7), 3);
    expect(walkGain(begun[0]!).at(at) ** 2 + walkGain(begun[1]!).at(at) ** 2).toBeCloseTo(1, 2);
  });

  const CATALOGUE = `${process.cwd()}/public/media/ocean.mp3`;
  it.runIf(existsSync(CATALOGUE))('walks Ocean for five minutes on a moving clock: never a gap, equal power throughout, never late, at most 12 MB held', async () => {
    const { loopSegments } = await import('../../../../src/catalogue/loop-segments');
    const file = new Uint8Array(readFileSync(CATALOGUE));
    const { voice, sources, raw } = setup(loopSegments['ocean.mp3'], file, 5);
    // Starts 1 s before the file's end (the 0.81 s segment there, and the wrap, come at once).
    await voice.start((at) => (at - 10) * RATE + 5_712_000, 0.2);
    let peak = 0;
    const ended = new Set<Source>();
    for (let now = 10; now < 310; now += 0.1) {
      raw.currentTime = now;
      for (const s of sources) {
        if (ended.has(s) || s.started![0] + s.started![2] > now) continue;
        ended.add(s);
        s.onended?.();
      }
      await new Promise((r) => setTimeout(r, 0));
      peak = Math.max(peak, voice.residentBytes);
    }
    console.log(`Ocean walked for 300 s: at most ${peak} decoded bytes held, ${sources.length} pieces`);
    expect(peak).toBeLessThanOrEqual(12_000_000);
    const ends = sources.map((s) => s.started![0] + s.started![2]);
    let worstLow = 1;
    let worstHigh = 1;
    for (let t = 10.2; t < 300; t += 0.004) {
      let power = 0;
      for (const s of sources) if (s.started![0] <= t && t < s.started![0] + s.started![2]) power += walkGain(s).at(t) ** 2;
      worstLow = Math.min(worstLow, power);
      // Two pieces of one segment overlap for a 2 ms join of the same samples: not a crossfade of the walk.
      if (!ends.some((e) => Math.abs(t - e) < 0.003)) worstHigh = Math.max(worstHigh, power);
    }
    expect(worstLow).toBeGreaterThan(0.99);
    expect(worstHigh).toBeLessThan(1.01);
  }, 120_000);
});
