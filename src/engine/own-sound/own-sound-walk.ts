/**
 * A listener's own sound walked like a catalogue soundscape (issue 41): its segments (chosen at import by the
 * studio's own chooser, measure/segments.ts) in a seeded random order with no segment twice in a row, each join an
 * equal-power crossfade inside both segments (engine/soundscape/segment-walk.ts: the catalogue's curve and order).
 *
 * The walk is mixed here into one continuous stream, handed out in pieces of the stored chunks' length, so the voice
 * plays it as it plays a plain loop: piece after piece, back to back, one continuous resample at another rate.
 * `readLoop` reads the stored loop's frames (round its end); this module holds no audio of its own but the piece
 * it is mixing. Pure but for the reads it is given.
 */
import { createWalk, segmentGain, segmentsOf, type Segment } from '../soundscape/segment-walk';

/** Frames [from, from + count) of the stored loop, per channel, read round its end. */
export type LoopReader = (from: number, count: number) => Promise<Float32Array<ArrayBuffer>[]>;

interface Placed {
  readonly segment: Segment;
  /** Where it starts in the walked stream (frames). */
  readonly at: number;
  readonly fadesIn: boolean;
}

export interface OwnSoundWalk {
  /** The walked stream's frames [index × pieceFrames, (index + 1) × pieceFrames), per channel. */
  piece(index: number): Promise<Float32Array<ArrayBuffer>[]>;
}

export function createOwnSoundWalk(options: { starts: readonly number[]; loopFrames: number; crossfade: number; channels: number; pieceFrames: number; seed: number; readLoop: LoopReader }): OwnSoundWalk {
  const { loopFrames, crossfade, channels, pieceFrames, readLoop } = options;
  const segments = segmentsOf(options.starts, loopFrames);
  const next = createWalk(segments.length, options.seed);
  // The walk begins with the segment the loop begins in, from its start: the first thing heard is a passage's start.
  let current = 0;
  const placed: Placed[] = [{ segment: segments[0]!, at: 0, fadesIn: false }];

  /** Places segments until the next would begin at or after `frame` (each begins a crossfade before the last ends); forgets those that ended before `from`. */
  const placeUntil = (from: number, frame: number) => {
    for (let last = placed[placed.length - 1]!; last.at + last.segment.length - crossfade < frame; last = placed[placed.length - 1]!) {
      current = next(current);
      placed.push({ segment: segments[current]!, at: last.at + last.segment.length - crossfade, fadesIn: true });
    }
    while (placed.length > 1 && placed[0]!.at + placed[0]!.segment.length <= from) placed.shift();
  };

  return {
    async piece(index) {
      const from = index * pieceFrames;
      const to = from + pieceFrames;
      placeUntil(from, to);
      const out = Array.from({ length: channels }, () => new Float32Array(pieceFrames));
      for (const { segment, at, fadesIn } of [...placed]) {
        const lo = Math.max(from, at);
        const hi = Math.min(to, at + segment.length);
        if (hi <= lo) continue;
        const read = await readLoop((segment.start + (lo - at)) % loopFrames, hi - lo);
        read.forEach((x, c) => {
          const y = out[c]!;
          for (let t = lo; t < hi; t++) y[t - from]! += (x[t - lo] ?? 0) * segmentGain(t - at, segment.length, crossfade, fadesIn);
        });
      }
      return out;
    },
  };
}
