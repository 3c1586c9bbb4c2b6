/**
 * Harmony for the lofi composer: chord qualities with 7th/9th/13th extensions, jazz
 * progression families as scale degrees, and voice leading that keeps the upper voices
 * moving by the smallest total distance from one chord to the next.
 */

export type Mode = 'major' | 'minor';

/** Intervals above the root; the first three are the chord's 3rd/5th/7th colour. */
export const QUALITIES = {
  maj7: [0, 4, 7, 11],
  maj9: [0, 4, 7, 11, 14],
  six9: [0, 4, 7, 9, 14],
  m7: [0, 3, 7, 10],
  m9: [0, 3, 7, 10, 14],
  m11: [0, 3, 7, 10, 14, 17],
  dom7: [0, 4, 7, 10],
  dom9: [0, 4, 7, 10, 14],
  dom13: [0, 4, 10, 14, 21],
  dom7b9: [0, 4, 7, 10, 13],
  m7b5: [0, 3, 6, 10],
  sus9: [0, 5, 7, 10, 14],
} as const satisfies Record<string, readonly number[]>;

export type Quality = keyof typeof QUALITIES;

/** A chord in a progression: root as semitones above the tonic, quality, length in beats. */
export interface ChordStep {
  readonly root: number;
  readonly quality: Quality;
  readonly beats: number;
}

/** A chord placed in time, with its absolute root pitch class. */
export interface Chord {
  readonly rootPc: number;
  readonly quality: Quality;
  /** Start and length in beats from the start of the song. */
  readonly startBeat: number;
  readonly beats: number;
}

const c = (root: number, quality: Quality, beats = 4): ChordStep => ({ root, quality, beats });

/**
 * Progression families (each four bars of 4/4). Degrees are semitones above the tonic.
 * Major: I=0 ii=2 iii=4 IV=5 V=7 vi=9. Minor: i=0 ii°=2 bIII=3 iv=5 v/V=7 bVI=8 bVII=10.
 */
export const PROGRESSIONS = {
  // ii–V–I with a vi turnaround
  iiVI: [c(2, 'm9'), c(7, 'dom13'), c(0, 'maj9'), c(9, 'm7', 2), c(7, 'dom7b9', 2)],
  // I–vi–ii–V
  IviiiV: [c(0, 'maj9'), c(9, 'm9'), c(2, 'm9'), c(7, 'dom13')],
  // IVmaj7–iii7–vi7 then ii–V
  IViiivi: [c(5, 'maj9'), c(4, 'm7'), c(9, 'm9'), c(2, 'm7', 2), c(7, 'dom9', 2)],
  // the "royal road": IVmaj7–V7–iii7–vi7
  royal: [c(5, 'maj7'), c(7, 'dom9'), c(4, 'm7'), c(9, 'm9')],
  // Imaj7–IVmaj7 vamp with a ii–V pickup
  IIV: [c(0, 'maj9'), c(5, 'maj9'), c(0, 'six9'), c(2, 'm9', 2), c(7, 'sus9', 2)],
  // iii–vi–ii–V cycle of fifths into I
  cycle: [c(4, 'm7'), c(9, 'dom9'), c(2, 'm9'), c(7, 'dom13')],
  // minor: i9–iv9 dorian vamp
  minorVamp: [c(0, 'm9'), c(5, 'dom9'), c(0, 'm9'), c(5, 'm9', 2), c(7, 'dom7b9', 2)],
  // minor ii°–V–i
  minorIIVI: [c(2, 'm7b5'), c(7, 'dom7b9'), c(0, 'm9'), c(0, 'm11')],
  // i–bVI–iv–V
  minorDescent: [c(0, 'm9'), c(8, 'maj7'), c(5, 'm9'), c(7, 'dom7b9')],
  // bVImaj7–V7–i–(iv) , "just the two of us" colour
  minorRoyal: [c(8, 'maj9'), c(7, 'dom7b9'), c(0, 'm9'), c(3, 'maj7', 2), c(10, 'dom9', 2)],
  // i–bVII–bVI–V (andalusian with sevenths)
  andalusian: [c(0, 'm9'), c(10, 'dom9'), c(8, 'maj9'), c(7, 'dom7b9')],
} as const satisfies Record<string, readonly ChordStep[]>;

export type ProgressionName = keyof typeof PROGRESSIONS;

/** Scale degrees (semitones) for melody: the mode's seven notes. */
export function scaleOf(mode: Mode): readonly number[] {
  // minor is dorian: the natural sixth is the lofi sound of a minor vamp
  return mode === 'major' ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 9, 10];
}

export const mod12 = (n: number): number => ((n % 12) + 12) % 12;

/** Pitch classes a keyboard voices for a chord: drop the root (the bass plays it), keep 4 colours. */
export function colourTones(chord: Chord): number[] {
  const iv: readonly number[] = QUALITIES[chord.quality];
  const upper = iv.slice(1);
  // four voices: prefer 3rd, 7th, 9th/13th and 5th; skip the 5th when there are extensions to spare
  const picked = upper.length > 4 ? upper.filter((i) => i !== 7).slice(0, 4) : upper.slice(0, 4);
  // a seventh chord gets its ninth (the half-diminished its eleventh): four distinct colours
  if (picked.length < 4) picked.push(chord.quality === 'm7b5' ? 17 : 14);
  return picked.map((i) => mod12(chord.rootPc + i));
}

/** Chord tones (pitch classes) including the root: melody targets on strong beats. */
export function chordTones(chord: Chord): number[] {
  return QUALITIES[chord.quality].map((i) => mod12(chord.rootPc + i));
}

/**
 * Every close-ish voicing of the pitch classes inside [lo, hi] with a span of at most 16
 * semitones, then the one nearest the previous voicing (sum of sorted-voice distances,
 * plus a pull towards the centre of the register so the voicing cannot drift away).
 */
export function voiceLead(pcs: readonly number[], previous: readonly number[] | null, lo: number, hi: number): number[] {
  const centre = (lo + hi) / 2;
  let best: number[] = [];
  let bestCost = Infinity;
  const n = pcs.length;
  for (let bottom = lo; bottom <= hi; bottom++) {
    if (!pcs.includes(mod12(bottom))) continue;
    if (new Set(pcs).size !== n) throw new Error('voiceLead needs distinct pitch classes');
    // close position above this bottom note: every other pitch class at its next occurrence
    const voicing = [bottom, ...pcs.filter((pc) => pc !== mod12(bottom)).map((pc) => bottom + (mod12(pc - bottom) || 12))].sort((a, b) => a - b);
    const top = voicing[n - 1]!;
    if (top > hi || top - bottom > 16) continue;
    let cost = 0;
    if (previous && previous.length === n) {
      for (let k = 0; k < n; k++) cost += Math.abs(voicing[k]! - previous[k]!);
    }
    const mean = voicing.reduce((a, b) => a + b, 0) / n;
    cost += 0.35 * Math.abs(mean - centre);
    if (cost < bestCost) {
      bestCost = cost;
      best = voicing;
    }
  }
  if (best.length === 0) throw new Error(`no voicing for ${pcs.join(',')} in ${lo}..${hi}`);
  return best;
}
