// @vitest-environment node
/** The import's pure part (issue 41): the loop join, the level it brings a recording to, silence, and the 16-bit form. */
import { describe, expect, it } from 'vitest';
import { integratedLoudness, truePeakDb } from '../../../measure/loudness.ts';
import { crossfadeLoop, gainToTarget, prepareLoop, spectrumProfile } from '../../../src/workers/own-sound-prepare';
import { int16Chunk, int16ToChannels, resampleChunk, resampleStart } from '../../../src/lib/own-sound-pcm';

const RATE = 48_000;
/** Seeded noise, low-passed a little so neighbouring samples are related (as a recording's are). */
function recording(seconds: number, amplitude: number, seed = 1): Float32Array {
  let state = seed;
  const out = new Float32Array(seconds * RATE);
  let y = 0;
  for (let i = 0; i < out.length; i++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    y = 0.9 * y + 0.1 * (state / 2 ** 32 - 0.5);
    out[i] = amplitude * y;
  }
  return out;
}

/** The largest |x[i+1] − x[i]| inside a signal, and across its wrap. */
const jumps = (x: Float32Array) => {
  let inside = 0;
  for (let i = 1; i < x.length; i++) inside = Math.max(inside, Math.abs((x[i] ?? 0) - (x[i - 1] ?? 0)));
  return { inside, wrap: Math.abs((x[0] ?? 0) - (x[x.length - 1] ?? 0)) };
};

describe('own sound preparation', () => {
  it('makes a recording whose ends do not meet loop without a step: the wrap is no larger than the steps inside', () => {
    const x = recording(10, 0.5);
    // A ramp makes the raw ends far apart: the raw wrap is a click.
    for (let i = 0; i < x.length; i++) x[i] = (x[i] ?? 0) + 0.3 * (i / x.length);
    expect(jumps(x).wrap).toBeGreaterThan(3 * jumps(x).inside);
    const [looped] = crossfadeLoop([x], 2 * RATE) as [Float32Array];
    expect(looped.length).toBe(8 * RATE);
    const { inside, wrap } = jumps(looped);
    expect(wrap).toBeLessThanOrEqual(inside);
    // Past the crossfade the loop is the recording itself, untouched.
    expect(looped[5 * RATE]).toBe(x[5 * RATE]);
  });

  it('brings a quiet recording to −20 LUFS, measured by the studio meter, with true peak at or under −2 dBTP', () => {
    const prepared = prepareLoop([recording(30, 0.05, 2), recording(30, 0.05, 3)]);
    if (typeof prepared === 'string') throw new Error(prepared);
    expect(integratedLoudness(prepared.channels, RATE)).toBeCloseTo(-20, 1);
    expect(truePeakDb(prepared.channels)).toBeLessThanOrEqual(-2 + 0.01);
    expect(prepared.truePeakDb).toBeCloseTo(truePeakDb(prepared.channels), 2);
  });

  it('lowers the gain below the loudness target where the true peak would pass −2 dBTP (a spiky recording)', () => {
    expect(gainToTarget(-30, -5)).toBe(3); // the ceiling, not the target's +10 dB
    expect(gainToTarget(-30, -20)).toBe(10);
    const spiky = recording(20, 0.01, 4);
    for (let i = 0; i < spiky.length; i += RATE) spiky[i] = 0.9;
    const prepared = prepareLoop([spiky, spiky.slice()]);
    if (typeof prepared === 'string') throw new Error(prepared);
    expect(truePeakDb(prepared.channels)).toBeLessThanOrEqual(-2 + 0.01);
    expect(integratedLoudness(prepared.channels, RATE)).toBeLessThan(-20);
  });

  it('counts a mono recording as heard on both speakers', () => {
    const prepared = prepareLoop([recording(20, 0.05, 5)]);
    if (typeof prepared === 'string') throw new Error(prepared);
    const mono = prepared.channels[0] as Float32Array;
    expect(integratedLoudness([mono, mono], RATE)).toBeCloseTo(-20, 1);
  });

  it('refuses pure silence and a recording too short to loop', () => {
    expect(prepareLoop([new Float32Array(10 * RATE), new Float32Array(10 * RATE)])).toBe('silent');
    expect(prepareLoop([recording(3, 0.5)])).toBe('tooShort');
  });

  it('stores 16-bit chunks that read back within one step of 16 bits', () => {
    const left = recording(1, 0.5, 6);
    const right = recording(1, 0.5, 7);
    const pcm = int16Chunk([left, right], 1000, 2000);
    expect(pcm.length).toBe(2000);
    const back = [new Float32Array(1000), new Float32Array(1000)];
    int16ToChannels(pcm, back);
    for (let i = 0; i < 1000; i++) {
      expect(Math.abs((back[0]?.[i] ?? 0) - (left[1000 + i] ?? 0))).toBeLessThan(1 / 32767);
      expect(Math.abs((back[1]?.[i] ?? 0) - (right[1000 + i] ?? 0))).toBeLessThan(1 / 32767);
    }
  });
});

describe('own sound resampling for a context at another rate', () => {
  const sine = (n: number) => Float32Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / RATE));

  it('gives the same samples chunk by chunk as over the whole signal: no step at a chunk join', () => {
    const x = sine(RATE);
    const whole = resampleChunk([x], RATE, 44_100, resampleStart(1))[0] as Float32Array;
    const state = resampleStart(1);
    const parts = [x.subarray(0, 12_345), x.subarray(12_345, 30_000), x.subarray(30_000)].flatMap((part) => resampleChunk([part], RATE, 44_100, state));
    const joined = Float32Array.from(parts.flatMap((part) => Array.from(part)));
    expect(joined.length).toBe(whole.length);
    for (let i = 0; i < whole.length; i++) expect(joined[i]).toBeCloseTo(whole[i] ?? NaN, 6);
  });

  it('keeps the pitch: a 440 Hz sine at 48 kHz reads as 440 Hz at 44.1 kHz', () => {
    const y = resampleChunk([sine(RATE)], RATE, 44_100, resampleStart(1))[0] as Float32Array;
    expect(Math.abs(y.length - 44_100)).toBeLessThanOrEqual(1);
    for (const k of [100, 5000, 30_000]) expect(y[k]).toBeCloseTo(Math.sin((2 * Math.PI * 440 * k) / 44_100), 2);
  });
});

describe('the cover\'s spectrum', () => {
  /** White noise, seeded; `tilt` > 0 integrates it once (brown, −6 dB/octave), < 0 differences it (+6 dB/octave). */
  function noise(seconds: number, tilt: -1 | 0 | 1, seed = 5): Float32Array {
    let state = seed;
    let last = 0;
    let sum = 0;
    return Float32Array.from({ length: seconds * RATE }, () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      const w = state / 2 ** 32 - 0.5;
      const out = tilt === 0 ? w : tilt > 0 ? (sum = 0.999 * sum + 0.05 * w) : w - last;
      last = w;
      return out;
    });
  }
  const half = (profile: number[]) => {
    const mid = Math.floor(profile.length / 2);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return { low: mean(profile.slice(0, mid)), high: mean(profile.slice(mid)) };
  };

  it('25 bands from 50 Hz to 12.5 kHz, 0..1 with 1 at the loudest, in two decimals', () => {
    const profile = spectrumProfile([noise(10, 0)]);
    expect(profile).toHaveLength(25);
    expect(Math.max(...profile)).toBe(1);
    for (const level of profile) {
      expect(level).toBeGreaterThanOrEqual(0);
      expect(Math.round(level * 100) / 100).toBe(level);
    }
  });

  it('leans the way the sound does: a rumble to the left, a hiss to the right, white noise rising at 3 dB a band-octave', () => {
    const brown = half(spectrumProfile([noise(10, 1)]));
    const bright = half(spectrumProfile([noise(10, -1)]));
    expect(brown.low).toBeGreaterThan(brown.high + 0.3);
    expect(bright.high).toBeGreaterThan(bright.low + 0.3);
    // White noise's band power rises 3 dB an octave: 24 dB over the 8 octaves, 0.6 of the 40 dB range.
    const white = spectrumProfile([noise(10, 0)]);
    expect((white.at(-1) ?? 0) - (white[0] ?? 0)).toBeGreaterThan(0.45);
    expect((white.at(-1) ?? 0) - (white[0] ?? 0)).toBeLessThan(0.75);
  });

  it('a stereo recording is read as its mid, and only its first 30 s', () => {
    const x = noise(40, 1);
    expect(spectrumProfile([x, x])).toEqual(spectrumProfile([x.subarray(0, 30 * RATE)]));
  });
});
