// @vitest-environment node
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
vi.mock('../../../../src/engine/soundscape/mp3-layout', async (original) => {
  const layout = await original<typeof import('../../../../src/engine/soundscape/mp3-layout')>();
  return {
    ...layout,
    // Which file samples each decode holds, in the order decoded.
    sliceMp3: (...args: Parameters<typeof layout.sliceMp3>) => {
      slices.push([args[2], args[3]]);
      return layout.sliceMp3(...args);
    },
  };
});

const { createLoopVoice, JOIN_SAMPLES, MIN_AHEAD_S } = await import('../../../../src/engine/soundscape/loop-voice');
const { parseMp3Layout } = await import('../../../../src/engine/soundscape/mp3-layout');
const { fakeDecode } = await import('../player/fake-loop-context');

const FIXTURE = new Uint8Array(readFileSync(`${process.cwd()}/tests/fixtures/ocean-vbr.mp3`));
const RATE = 48000;
const X = 9600;
const SEGMENTS: LoopSegments = { fingerprint: 'test', length: 240_000, crossfade: X, starts: [0, 48_000, 110_400, 172_800] };

class FakeParam {
  value = 1;
  setValueAtTime() {}
  linearRampToValueAtTime() {}
  cancelScheduledValues() {}
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
  buffer?: { getChannelData(channel: number): Float32Array };
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
      // Ones: what a window holds when it plays is the envelope it was shaped with.
      return fakeDecode(bytes);
    },
  };
  return { ctx: raw as unknown as BaseAudioContext, sources, held };
}

/**
 * A voice over 1 s windows. `ahead` 0: the mechanics at a window's scale (the voice's own minimum, MIN_AHEAD_S
 * of sound scheduled ahead, would hold eleven of these tiny windows; its own test is below).
 */
function setup(segments: LoopSegments = SEGMENTS, file = FIXTURE, windowSeconds = 1, hold = false, seed = 3, ahead: number | 'the voice\'s own' = 0) {
  const { ctx, sources, held } = fakeContext(hold);
  const voice = createLoopVoice({ ctx, output: node() as unknown as AudioNode, file, layout: parseMp3Layout(file), windowSeconds, segments, seed, aheadSeconds: ahead === 'the voice\'s own' ? undefined : ahead });
  return { voice, sources, held, raw: ctx as unknown as { currentTime: number } };
}
const settle = () => new Promise((r) => setTimeout(r, 5));
/**
 * A source's gain at ctx time `t`, read from its buffer (ones as decoded, so the envelope it was shaped with: the
 * walk's crossfades and the joins' fades), linear between samples; 0 before it starts and once it has played.
 */
const gainOf = (s: Source) => ({
  at(t: number): number {
    const [at, offset, duration] = s.started!;
    if (t < at - 1e-9 || t >= at + duration - 1e-9) return 0;
    const u = (offset + (t - at)) * RATE;
    const k = Math.floor(u + 1e-6);
    const data = s.buffer!.getChannelData(0);
    const a = data[k]!;
    return a + ((data[k + 1] ?? a) - a) * Math.max(0, u - k);
  },
});

describe('a loop voice walking the segments', () => {
  it(`keeps at least MIN_AHEAD_S (${MIN_AHEAD_S} s) of sound scheduled ahead of the clock, so a main thread blocked 5 s as a window ends still finds sound scheduled (issue 40)`, async () => {
    slices.length = 0;
    const { voice, sources, raw } = setup(SEGMENTS, FIXTURE, 1, false, 3, 'the voice\'s own');
    await voice.start((at) => (at - 10) * RATE, 0.2);
    await settle();
    for (let k = 0; k < 30; k++) {
      const [at, , duration] = sources[k]!.started!;
      raw.currentTime = at + duration;
      sources[k]!.onended?.();
      // The voice decodes one piece at a time until it is that far ahead.
      await vi.waitFor(() => {
        const scheduledTo = Math.max(...sources.map((s) => s.started![0] + s.started![2]));
        expect(scheduledTo - raw.currentTime, `scheduled ahead after window ${k} ended`).toBeGreaterThanOrEqual(MIN_AHEAD_S);
      });
    }
  });

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
    let joined = 0;
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
        // Over those samples the one fades out as the other fades in, from 0: together they are the sound itself.
        expect(gainOf(sources[k]!).at(at)).toBe(0);
        for (let j = 0; j < JOIN_SAMPLES; j += 8) expect(gainOf(sources[k - 1]!).at(at + j / RATE) + gainOf(sources[k]!).at(at + j / RATE)).toBeCloseTo(1, 5);
        joined++;
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
        const out = gainOf(sources[k - 1]!).at(t);
        const inc = gainOf(sources[k]!).at(t);
        expect(out ** 2 + inc ** 2).toBeCloseTo(1, 2);
      }
      expect(gainOf(sources[k]!).at(at)).toBeCloseTo(0, 6);
      expect(gainOf(sources[k - 1]!).at(prevEnd)).toBeCloseTo(0, 6);
    }
    expect(joins).toBeGreaterThanOrEqual(6);
    expect(joined).toBeGreaterThan(10);
    for (let i = 1; i < segmentStarts.length; i++) expect(segmentStarts[i]).not.toBe(segmentStarts[i - 1]);
    expect(new Set(segmentStarts).size).toBeGreaterThanOrEqual(3);
  });

  it('walks the order its seed gives: the same seed plays the same segments in the same order, another seed another', async () => {
    // The segments a voice plays, in order, from the file samples its windows decode (30 windows: about 20 joins).
    const walkOf = async (seed: number) => {
      slices.length = 0;
      const { voice, sources } = setup(SEGMENTS, FIXTURE, 1, false, seed);
      await voice.start((at) => (at - 10) * RATE, 0.2);
      await settle();
      for (let k = 0; sources.length < 30; k++) {
        sources[k]?.onended?.();
        await settle();
      }
      voice.stop(0);
      return slices.map(([start]) => start).filter((start) => SEGMENTS.starts.includes(start));
    };
    const first = await walkOf(11);
    expect(first.length).toBeGreaterThanOrEqual(10);
    expect(await walkOf(11)).toEqual(first);
    expect(await walkOf(12)).not.toEqual(first);
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
    // No walk envelope, and no node of their own: every window plays straight into the voice's gain, at 1 between its joins.
    expect(new Set(sources.map((s) => s.next)).size).toBe(1);
    for (const s of sources.slice(1, 8)) expect(gainOf(s).at(s.started![0] + 0.5)).toBe(1);
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
    // Started mid-sound at once it would click: it rises from 0 over 480 samples (10 ms) first, on its envelope.
    expect(gainOf(sources[1]!).at(at)).toBe(0);
    expect(gainOf(sources[1]!).at(at + 240 / RATE)).toBeCloseTo(0.5 * Math.sin((Math.PI / 2) * 0.775), 3);
    // Then 0.16 s into its 0.2 s fade-in: sin(π/2 · 0.8), and the rest of the curve to 1 by 11.0 s.
    const faded = at + 480 / RATE;
    expect(gainOf(sources[1]!).at(faded)).toBeCloseTo(Math.sin((Math.PI / 2) * 0.8), 3);
    expect(gainOf(sources[1]!).at(11.0)).toBeCloseTo(1, 6);
    // The outgoing segment is at the matching point of its fade-out: still equal power.
    expect(gainOf(sources[0]!).at(faded) ** 2 + gainOf(sources[1]!).at(faded) ** 2).toBeCloseTo(1, 2);
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
    expect(gainOf(begun[1]!).at(at)).toBeCloseTo(Math.sin((Math.PI / 2) * 0.7), 3);
    expect(gainOf(begun[0]!).at(at) ** 2 + gainOf(begun[1]!).at(at) ** 2).toBeCloseTo(1, 2);
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
    const endOf = (s: Source) => s.started![0] + s.started![2];
    let worstLow = 1;
    let worstHigh = 1;
    for (let t = 10.2; t < 300; t += 0.004) {
      // Two pieces of one segment overlap at a join on the same samples (their gains add); a walk's crossfade is
      // two segments (their powers add).
      const playing = sources.filter((s) => s.started![0] <= t && t < endOf(s)).sort((a, b) => a.started![0] - b.started![0]);
      let power = 0;
      let amplitude = 0;
      playing.forEach((s, i) => {
        const joinsNext = playing[i + 1] !== undefined && endOf(s) - playing[i + 1]!.started![0] <= JOIN_SAMPLES / RATE + 1e-9;
        amplitude += gainOf(s).at(t);
        if (joinsNext) return;
        power += amplitude ** 2;
        amplitude = 0;
      });
      worstLow = Math.min(worstLow, power);
      worstHigh = Math.max(worstHigh, power);
    }
    expect(worstLow).toBeGreaterThan(0.99);
    expect(worstHigh).toBeLessThan(1.01);
  }, 120_000);
});
