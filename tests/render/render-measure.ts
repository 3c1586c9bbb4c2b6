/** Figures read from a render's samples (pure: no Web Audio), for offline-render.ts. */
import { seamMetrics } from '../e2e/output-probe';
import type { JoinFigures, SeamFigures, StretchFigures } from '../e2e/render-api';

/** The worse channel's seam figures over frames [from, to) (the same measure as the real-time recordings). */
export function seamOf(channels: readonly Float32Array[], rate: number, from: number, to: number, renderP999: number): SeamFigures {
  let worst: SeamFigures = { longestSilenceMs: 0, maxJumpRatio: 0, maxJumpAtMs: 0, maxJumpReRender: 0 };
  for (const channel of channels) {
    const m = seamMetrics(channel.subarray(Math.max(0, from), Math.min(channel.length, to)), rate);
    worst = {
      longestSilenceMs: Math.max(worst.longestSilenceMs, m.longestSilenceMs),
      maxJumpRatio: Math.max(worst.maxJumpRatio, m.maxJumpRatio),
      maxJumpAtMs: m.maxJumpRatio > worst.maxJumpRatio ? m.maxJumpAtMs : worst.maxJumpAtMs,
      maxJumpReRender: Math.max(worst.maxJumpReRender, m.maxJump / renderP999),
    };
  }
  return worst;
}

/**
 * The same over a whole render (minutes: too long to sort), per channel: the longest run of exact zeros, and the
 * largest jump over the 99.9th percentile of all jumps, read from a 65,536-bin histogram (within 1/65,536 of the largest);
 * `p999` is the lower channel's.
 */
export function wholeOf(channels: readonly Float32Array[], rate: number, from: number): { longestSilenceMs: number; maxJumpRatio: number; p999: number } {
  let longest = 0, ratio = 0, lowest = Infinity;
  for (const x of channels) {
    let run = 0, max = 0;
    for (let i = from; i < x.length; i++) {
      run = x[i] === 0 ? run + 1 : 0;
      if (run > longest) longest = run;
      if (i > from) max = Math.max(max, Math.abs(x[i]! - x[i - 1]!));
    }
    const bins = new Uint32Array(65_536);
    const scale = max > 0 ? (bins.length - 1) / max : 0;
    for (let i = from + 1; i < x.length; i++) bins[Math.floor(Math.abs(x[i]! - x[i - 1]!) * scale)]!++;
    const wanted = Math.floor((x.length - from - 1) * 0.999);
    let seen = 0, bin = 0;
    while (bin < bins.length - 1 && seen + bins[bin]! <= wanted) seen += bins[bin++]!;
    const p999 = (bin + 1) / scale;
    ratio = Math.max(ratio, p999 > 0 ? max / p999 : Infinity);
    lowest = Math.min(lowest, p999);
  }
  return { longestSilenceMs: (longest / rate) * 1000, maxJumpRatio: ratio, p999: lowest };
}

/**
 * The gains of two known signals in a render, per block: least squares of `render` (frames from `at`) on `a` and `b`
 * (the file's samples of the outgoing and incoming segments, by frame offset), both channels together.
 * Blocks where either signal is near silent (no gain can be read) are left out.
 */
export function gainsOf(render: readonly Float32Array[], at: number, a: (c: number, i: number) => number, b: (c: number, i: number) => number, length: number, block: number): { u: number; a: number; b: number }[] {
  const out: { u: number; a: number; b: number }[] = [];
  for (let start = 0; start + block <= length; start += block) {
    let aa = 0, bb = 0, ab = 0, ar = 0, br = 0;
    render.forEach((channel, c) => {
      for (let i = start; i < start + block; i++) {
        const x = a(c, i), y = b(c, i), r = channel[at + i]!;
        aa += x * x;
        bb += y * y;
        ab += x * y;
        ar += x * r;
        br += y * r;
      }
    });
    const det = aa * bb - ab * ab;
    if (aa < 1e-6 || bb < 1e-6 || det < 1e-3 * aa * bb) continue;
    out.push({ u: (start + block / 2) / length, a: (ar * bb - br * ab) / det, b: (br * aa - ar * ab) / det });
  }
  return out;
}

/** Mean square of frames [from, to), all channels. */
export function powerOf(channels: readonly Float32Array[], from: number, to: number): number {
  let sum = 0;
  for (const x of channels) for (let i = from; i < to; i++) sum += x[i]! * x[i]!;
  return sum / (channels.length * (to - from));
}

/**
 * Every stretch of `seconds` from `from`, a sixteenth of it apart (0.5 s for 8 s), measured as an 8 s recording of it is (one channel:
 * its largest jump over its own p99.9), with the distance from its largest jump to the nearest join; the worst five
 * distinct jumps.
 */
export function stretchesOf(channel: Float32Array, rate: number, from: number, seconds: number, joins: readonly Pick<JoinFigures, 'at'>[], crossfadeS: number): StretchFigures[] {
  const length = Math.round(seconds * rate);
  const out: (Omit<StretchFigures, 'centredRatio'> & { maxJump: number })[] = [];
  for (let start = from; start + length <= channel.length; start += Math.round(length / 16)) {
    const m = seamMetrics(channel.subarray(start, start + length), rate);
    const jumpAt = start / rate + m.maxJumpAtMs / 1000;
    const fromJoinS = Math.min(Infinity, ...joins.map((j) => (jumpAt < j.at ? j.at - jumpAt : Math.max(0, jumpAt - j.at - crossfadeS))));
    out.push({ at: start / rate, jumpAt, maxJumpRatio: m.maxJumpRatio, maxJump: m.maxJump, fromJoinS });
  }
  // One entry per jump: stretches overlap, and the same jump is the largest of several.
  const kept: typeof out = [];
  for (const s of out.sort((a, b) => b.maxJumpRatio - a.maxJumpRatio)) if (kept.length < 5 && !kept.some((k) => Math.abs(k.jumpAt - s.jumpAt) < 0.01)) kept.push(s);
  // The same jump against the stretch centred on it (what the measure reads when the jump is not at an edge): for
  // the five kept only, each one more sort of a stretch.
  return kept.map(({ maxJump, ...s }) => {
    const centre = Math.round(s.jumpAt * rate);
    const centred = seamMetrics(channel.subarray(Math.max(from, centre - length / 2), Math.min(channel.length, centre + length / 2)), rate);
    return { ...s, centredRatio: maxJump / centred.p999 };
  });
}
