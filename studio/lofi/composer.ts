/**
 * The lofi composer: from a track's parameter vector and seed, a complete piece as timed
 * events — chords voiced with smooth voice leading, a bass line, a humanised drum part,
 * a motif-based melody, and a form (intro, varying sections, a real ending).
 * Pure and deterministic: every random choice comes from the seeded PRNG.
 */
import { createPrng, nextUnit, type PrngState } from '../../worklets/dsp/prng.ts';
import type { BassStyle, DrumStyle, Instrument, TrackParams } from './params.ts';
import type { SampleName } from './samples.ts';
import { PROGRESSIONS, chordTones, colourTones, mod12, scaleOf, voiceLead, type Chord, type ChordStep } from './theory.ts';

export const CH_KEYS = 0;
export const CH_BASS = 1;
export const CH_LEAD = 2;
export const CH_PAD = 3;
/** General MIDI percussion channel (soundfont brush kit for the solo piano). */
export const CH_DRUMKIT = 9;

export interface NoteEvent {
  readonly time: number;
  readonly duration: number;
  readonly channel: number;
  readonly key: number;
  readonly velocity: number;
}

export interface DrumHit {
  readonly time: number;
  readonly sample: SampleName;
  /** Linear gain. */
  readonly gain: number;
  readonly pan: number;
}

export interface ChannelSetup extends Instrument {
  readonly channel: number;
}

export type SectionKind = 'intro' | 'A' | 'B' | 'break' | 'A2' | 'B2' | 'outro';

export interface Section {
  readonly kind: SectionKind;
  readonly startBeat: number;
  readonly beats: number;
  /** 0–1: how much is playing (the rising arrangement ramps it). */
  readonly intensity: number;
}

export interface Score {
  readonly params: TrackParams;
  readonly channels: readonly ChannelSetup[];
  readonly notes: readonly NoteEvent[];
  readonly hits: readonly DrumHit[];
  /** Kick onsets in seconds: the sidechain ducking follows them. */
  readonly kickTimes: readonly number[];
  /** Low-pass cut-off automation: [seconds, Hz] points, linear in between. */
  readonly cutoff: readonly (readonly [number, number])[];
  readonly sections: readonly Section[];
  readonly chords: readonly Chord[];
  /** Where the final fade starts and where the song ends, in seconds. */
  readonly fadeStart: number;
  readonly duration: number;
}

// ---------------------------------------------------------------- randomness helpers

const chance = (rng: PrngState, p: number): boolean => nextUnit(rng) < p;
const between = (rng: PrngState, lo: number, hi: number): number => lo + (hi - lo) * nextUnit(rng);
/** Approximately normal (Irwin–Hall of 3), unit variance. */
const gauss = (rng: PrngState): number => (nextUnit(rng) + nextUnit(rng) + nextUnit(rng) - 1.5) * 2;
function pick<T>(rng: PrngState, items: readonly T[]): T {
  const item = items[Math.floor(nextUnit(rng) * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
const clampVel = (v: number): number => Math.max(1, Math.min(127, Math.round(v)));

/** Swing: the off-beat eighth moves to `swing` of the beat; sixteenths follow piecewise. */
export function swingBeat(beat: number, swing: number): number {
  const whole = Math.floor(beat + 1e-9);
  const frac = beat - whole;
  const f = frac < 0.5 ? frac * 2 * swing : swing + (frac - 0.5) * 2 * (1 - swing);
  return whole + f;
}

// ---------------------------------------------------------------- form

function unitKinds(n: number, arrangement: TrackParams['arrangement']): SectionKind[] {
  if (arrangement === 'rising') {
    const kinds: SectionKind[] = ['intro'];
    for (let i = 1; i < n - 1; i++) kinds.push(i % 2 === 1 ? 'A' : 'B');
    kinds.push('outro');
    return kinds;
  }
  const kinds: SectionKind[] = ['intro', 'A', 'A', 'B', 'B', 'break', 'A2', 'B2', 'B2', 'outro'];
  const extras: SectionKind[] = ['A2', 'B', 'A2', 'B2', 'A2', 'B2'];
  for (let k = 0; kinds.length < n; k++) kinds.splice(kinds.length - 1, 0, extras[k % extras.length]!);
  const removable: SectionKind[] = ['break', 'A', 'B2', 'A2'];
  for (let k = 0; kinds.length > n && k < removable.length; k++) {
    const at = kinds.lastIndexOf(removable[k]!);
    if (at > 0) kinds.splice(at, 1);
  }
  return kinds;
}

const RING_SECONDS = 9;

// ---------------------------------------------------------------- the composer

export function compose(params: TrackParams): Score {
  const rng = createPrng(params.seed);
  const secPerBeat = 60 / params.bpm;
  const unitBeats = 16;
  const unitSec = unitBeats * secPerBeat;
  const units = Math.max(8, Math.round((params.targetSeconds - RING_SECONDS) / unitSec + 0.5));
  const kinds = unitKinds(units, params.arrangement);
  const sections: Section[] = kinds.map((kind, i) => ({
    kind,
    startBeat: i * unitBeats,
    beats: unitBeats,
    intensity: params.arrangement === 'rising' ? Math.min(1, i / (kinds.length - 2)) : kind === 'break' || kind === 'intro' ? 0.3 : 1,
  }));
  const outro = sections[sections.length - 1]!;
  const finalChordBeat = outro.startBeat + 8;

  // chords: each unit plays its section's progression; the outro turns home to the tonic
  const chords: Chord[] = [];
  const stepsFor = (kind: SectionKind): readonly ChordStep[] =>
    kind === 'B' || kind === 'B2' ? PROGRESSIONS[params.progB] : PROGRESSIONS[params.progA];
  for (const s of sections) {
    let beat = s.startBeat;
    for (const step of stepsFor(s.kind)) {
      if (s.kind === 'outro' && beat >= finalChordBeat) break;
      chords.push({ rootPc: mod12(params.tonic + step.root), quality: step.quality, startBeat: beat, beats: step.beats });
      beat += step.beats;
    }
  }
  chords.push({ rootPc: params.tonic, quality: params.mode === 'major' ? 'maj9' : 'm9', startBeat: finalChordBeat, beats: 8 });
  const chordAt = (beat: number): Chord => {
    let found = chords[0]!;
    for (const ch of chords) if (ch.startBeat <= beat + 1e-6) found = ch;
    return found;
  };
  const sectionAt = (beat: number): Section => sections[Math.min(sections.length - 1, Math.floor(beat / unitBeats))]!;

  const notes: NoteEvent[] = [];
  const hits: DrumHit[] = [];
  const time = (beat: number): number => beat * secPerBeat;
  const human = (sigmaMs: number): number => (gauss(rng) * sigmaMs) / 1000;
  const addNote = (channel: number, beat: number, lenBeats: number, key: number, velocity: number, jitterMs = 8): void => {
    const t = Math.max(0, time(beat) + human(jitterMs));
    notes.push({ time: t, duration: Math.max(0.05, lenBeats * secPerBeat), channel, key, velocity: clampVel(velocity) });
  };

  // layers per section: what plays where
  const isFinal = (beat: number): boolean => beat >= finalChordBeat - 1e-6;
  const layer = (s: Section) => {
    const rising = params.arrangement === 'rising';
    const x = s.intensity;
    const hasLead = params.lead !== undefined;
    return {
      keys: true,
      bass: params.bassStyle !== 'none' && (rising ? x >= 0.25 : s.kind !== 'intro'),
      drums: rising ? (x < 0.12 ? 0 : x < 0.4 ? 1 : x < 0.8 ? 2 : 3) : s.kind === 'intro' ? 0 : s.kind === 'break' ? 1 : s.kind === 'B2' ? 3 : 2,
      lead: hasLead && (rising ? x >= 0.5 : s.kind === 'B' || s.kind === 'A2' || s.kind === 'B2'),
      pad: params.pad !== undefined && (rising ? x >= 0.35 : s.kind !== 'A'),
    };
  };

  // ------------------------------------------------ keys
  const keysLo = 52 + 12 * (params.keys.octave ?? 0);
  const keysHi = 74 + 12 * (params.keys.octave ?? 0);
  const voicings = new Map<Chord, number[]>();
  let prev: number[] | null = null;
  for (const ch of chords) {
    const v = voiceLead(colourTones(ch), prev, keysLo, keysHi);
    voicings.set(ch, v);
    prev = v;
  }
  const compTemplates: readonly (readonly [number, number][])[] = [
    [[0, 1.4], [1.5, 0.45], [2.5, 1.3]],
    [[0, 2.8], [3.5, 0.45]],
    [[0, 0.9], [1, 0.45], [2.5, 1.4]],
    [[0.5, 1.2], [2, 1.4], [3.5, 0.45]],
    // the intro: a held chord, struck again softly on the "and" of three, so keys that decay
    // fast (Retro's electric grand) never leave a gap before the next bar
    [[0, 2.4], [2.5, 1.3]],
  ];
  const playChord = (voicing: readonly number[], beat: number, len: number, vel: number, channel = CH_KEYS): void => {
    const strum = between(rng, 0.004, 0.018) / secPerBeat;
    voicing.forEach((key, k) => addNote(channel, beat + k * strum, len - k * strum, key, vel + gauss(rng) * 5 - k * 2, 6));
  };
  let sectionTemplate = compTemplates[0]!;
  for (let bar = 0; bar * 4 < finalChordBeat + 8; bar++) {
    const barBeat = bar * 4;
    const s = sectionAt(barBeat);
    // the intro holds its chords (no gaps before the band comes in)
    if (barBeat === s.startBeat) sectionTemplate = s.kind === 'intro' ? compTemplates[4]! : pick(rng, compTemplates);
    const base = 58 + 14 * Math.min(1, s.intensity + 0.3);
    if (isFinal(barBeat)) {
      if (barBeat === finalChordBeat) {
        const ch = chordAt(barBeat);
        const v = voicings.get(ch)!;
        if (params.keysStyle === 'piano') addNote(CH_KEYS, barBeat, 7.5, ch.rootPc + 36 + (ch.rootPc < 4 ? 12 : 0), 62);
        // final chord, rolled slowly, with the tonic added on top
        v.forEach((key, k) => addNote(CH_KEYS, barBeat + k * 0.12, 7.8, key, 60 - k * 2));
        addNote(CH_KEYS, barBeat + 0.6, 7.2, v[v.length - 1]! + (mod12(params.tonic - v[v.length - 1]!) || 12), 52);
      }
      continue;
    }
    switch (params.keysStyle) {
      case 'block': {
        const ch = chordAt(barBeat);
        playChord(voicings.get(ch)!, barBeat, Math.min(ch.beats, 4) - 0.15, base);
        const second = chordAt(barBeat + 2);
        if (second !== ch) playChord(voicings.get(second)!, barBeat + 2, 1.85, base - 4);
        else if (chance(rng, 0.3)) playChord(voicings.get(ch)!, swingBeat(barBeat + 3.5, params.swing), 0.45, base - 12);
        break;
      }
      case 'comp': {
        for (const [at, len] of sectionTemplate) {
          const beat = barBeat + at;
          const ch = chordAt(beat);
          const end = ch.startBeat + ch.beats;
          const start = swingBeat(beat, params.swing);
          playChord(voicings.get(ch)!, start, Math.min(len, end - start - 0.05), base + (at === 0 ? 4 : -6));
        }
        break;
      }
      case 'arp': {
        const figure = pick(rng, [[0, 1, 2, 3, 2, 1, 2, 3], [0, 2, 1, 3, 2, 3, 1, 2], [0, 1, 2, 3, 1, 2, 3, 2]]);
        for (let e = 0; e < 8; e++) {
          const beat = barBeat + e * 0.5;
          const ch = chordAt(beat);
          const v = voicings.get(ch)!;
          const key = v[figure[e]! % v.length]!;
          addNote(CH_KEYS, swingBeat(beat, params.swing), 0.9, key, base - 8 + (e % 2 === 0 ? 6 : 0) + gauss(rng) * 5, 7);
        }
        break;
      }
      case 'piano': {
        // left hand: root low, then a 7th/10th shell; right hand: the upper voicing, syncopated
        for (let half = 0; half < 2; half++) {
          const beat = barBeat + half * 2;
          const ch = chordAt(beat);
          if (half === 1 && ch.startBeat !== beat && chance(rng, 0.5)) continue;
          let root = ch.rootPc + 36;
          if (root > 45) root -= 12;
          addNote(CH_KEYS, beat, 1.9, root, base - 4 + gauss(rng) * 4);
          const shell = chordTones(ch)[3] ?? ch.rootPc;
          addNote(CH_KEYS, swingBeat(beat + 1, params.swing), 0.9, root + mod12(shell - ch.rootPc), base - 14);
        }
        for (const [at, len] of sectionTemplate) {
          const beat = barBeat + at;
          const ch = chordAt(beat);
          const start = swingBeat(beat, params.swing);
          playChord(voicings.get(ch)!.slice(1), start, Math.min(len, ch.startBeat + ch.beats - start - 0.05), base - 8);
        }
        break;
      }
    }
  }

  // ------------------------------------------------ pad
  if (params.pad) {
    let padPrev: number[] | null = null;
    for (const ch of chords) {
      const s = sectionAt(ch.startBeat);
      const v = voiceLead(colourTones(ch), padPrev, 55 + 12 * (params.pad.octave ?? 0), 79 + 12 * (params.pad.octave ?? 0));
      padPrev = v;
      if (!layer(s).pad && !isFinal(ch.startBeat)) continue;
      for (const key of v.slice(0, 3)) addNote(CH_PAD, ch.startBeat, ch.beats, key, 46 + 20 * s.intensity, 0);
    }
  }

  // ------------------------------------------------ bass
  const bassLo = (params.bassStyle === 'sub' ? 28 : 33) + 12 * (params.bass.octave ?? 0);
  const bassRoot = (pc: number): number => bassLo + mod12(pc - bassLo);
  const bassVel = params.bassStyle === 'groove' ? 96 : params.bassStyle === 'sub' ? 100 : 86;
  const bassPart = (style: BassStyle): void => {
    for (let ci = 0; ci < chords.length; ci++) {
      const ch = chords[ci]!;
      const next = chords[ci + 1];
      const s = sectionAt(ch.startBeat);
      const b = ch.startBeat;
      const root = bassRoot(ch.rootPc);
      if (style === 'none') return;
      if (isFinal(b)) {
        addNote(CH_BASS, b, 6, root, bassVel - 6);
        continue;
      }
      if (!layer(s).bass) continue;
      const nextRoot = next ? bassRoot(next.rootPc) : root;
      const fifth = root + 7;
      const tones = chordTones(ch).map((pc) => root + mod12(pc - ch.rootPc));
      const approach = nextRoot + (chance(rng, 0.5) ? 1 : -1);
      const v = bassVel + gauss(rng) * 6;
      const light = s.kind === 'break';
      switch (style) {
        case 'sub':
          addNote(CH_BASS, b, ch.beats - 0.2, root, v);
          if (ch.beats === 4 && chance(rng, 0.3)) addNote(CH_BASS, swingBeat(b + 2.5, params.swing), 1.2, root, v - 14);
          break;
        case 'roots':
          addNote(CH_BASS, b, Math.min(1.6, ch.beats - 0.2), root, v);
          if (ch.beats === 4 && !light) {
            addNote(CH_BASS, swingBeat(b + 2.5, params.swing), 0.9, chance(rng, 0.5) ? fifth : root, v - 8);
            if (chance(rng, 0.45)) addNote(CH_BASS, swingBeat(b + 3.5, params.swing), 0.4, approach, v - 12);
          }
          break;
        case 'groove': {
          const t = pick(rng, [
            [[0, 0.7, 0], [0.75, 0.25, 0], [1.5, 0.4, 12], [2.5, 0.4, 7], [3, 0.4, 0], [3.5, 0.4, -1]],
            [[0, 1.2, 0], [1.5, 0.3, 0], [1.75, 0.25, 12], [2.5, 0.7, 10], [3.5, 0.4, -1]],
            [[0, 0.45, 0], [0.5, 0.45, 12], [1.5, 0.9, 7], [2.75, 0.25, 0], [3, 0.45, 10], [3.5, 0.4, -1]],
          ] as const);
          for (const [at, len, iv] of t) {
            if (at >= ch.beats) break;
            if (light && at > 0) break;
            const key = iv === -1 ? approach : root + iv;
            addNote(CH_BASS, swingBeat(b + at, params.swing), len, key, v - (at === 0 ? 0 : 10) + gauss(rng) * 5, 5);
          }
          break;
        }
        case 'walking':
          for (let q = 0; q < ch.beats; q++) {
            let key: number;
            if (q === 0) key = root;
            else if (q === ch.beats - 1) key = approach;
            else key = pick(rng, tones.slice(1)) ;
            addNote(CH_BASS, b + q, 0.92, key, v - (q === 0 ? 0 : 8) + gauss(rng) * 4, 6);
          }
          break;
      }
    }
  };
  bassPart(params.bassStyle);

  // ------------------------------------------------ melody
  if (params.lead) {
    const scale = scaleOf(params.mode);
    let base = params.tonic;
    while (base + 12 <= params.leadCentre - 4) base += 12;
    const degreeToKey = (d: number): number => base + scale[((d % 7) + 7) % 7]! + 12 * Math.floor(d / 7);
    interface MotifNote { at: number; len: number; step: number }
    const makeMotif = (): MotifNote[] => {
      const onsets: number[] = [];
      for (let e = 0; e < 14; e++) {
        const at = e * 0.5;
        const strong = e % 2 === 0;
        const p = params.leadDensity * (strong ? 0.75 : 0.45) * (e < 2 ? 1.2 : 1);
        if (chance(rng, p)) onsets.push(at);
      }
      if (onsets.length < 3) onsets.splice(0, onsets.length, 0, 1.5, 3, 4.5);
      const motif: MotifNote[] = [];
      for (let k = 0; k < onsets.length; k++) {
        const at = onsets[k]!;
        const nextAt = onsets[k + 1] ?? 7.5;
        motif.push({ at, len: Math.min(2.5, nextAt - at), step: pick(rng, [-2, -1, -1, 0, 1, 1, 2, -3, 3]) });
      }
      return motif;
    };
    const motifs = [makeMotif(), makeMotif()];
    const phrase = (motif: readonly MotifNote[], startBeat: number, startDegree: number, answer: boolean): void => {
      let d = startDegree;
      motif.forEach((m, k) => {
        const last = k === motif.length - 1;
        d += answer && k >= motif.length - 2 ? pick(rng, [-1, -2, 1]) : m.step;
        if (d > 6) d -= 2;
        if (d < -3) d += 2;
        const beat = startBeat + m.at;
        const ch = chordAt(beat);
        let key = degreeToKey(d);
        const strong = m.at % 1 === 0 || m.len >= 1 || last;
        if (strong) {
          // land on the nearest chord tone
          const tones = chordTones(ch);
          let best = key;
          for (let off = 0; off <= 6; off++) {
            if (tones.includes(mod12(key - off))) { best = key - off; break; }
            if (tones.includes(mod12(key + off))) { best = key + off; break; }
          }
          key = best;
        }
        const len = last ? Math.max(m.len, 1.5) : m.len * between(rng, 0.7, 0.95);
        addNote(CH_LEAD, swingBeat(beat, params.swing), len, key, 82 + (strong ? 8 : 0) + gauss(rng) * 7, 10);
      });
    };
    for (const s of sections) {
      if (!layer(s).lead) continue;
      const motif = s.kind === 'A2' ? motifs[1]! : motifs[0]!;
      const lift = s.kind === 'B2' ? 2 : 0;
      for (let ph = 0; ph < 2; ph++) {
        const at = s.startBeat + ph * 8;
        if (s.kind === 'outro' && at >= finalChordBeat) break;
        phrase(motif, at, 2 + lift + (ph === 1 ? -1 : 0), ph === 1);
      }
    }
    // last word: the melody rests on the tonic's third over the final chord
    const third = params.mode === 'major' ? 4 : 3;
    addNote(CH_LEAD, finalChordBeat + 0.5, 6, base + 12 + third > params.leadCentre + 7 ? base + third : base + 12 + third, 70);
  }

  // ------------------------------------------------ drums
  const kickTimes: number[] = [];
  const kit = params.kit;
  const hit = (sample: SampleName, beat: number, gain: number, pan = 0, jitterMs = 6, lateMs = 0): void => {
    const t = Math.max(0, time(beat) + human(jitterMs) + lateMs / 1000);
    const g = gain * (1 + gauss(rng) * 0.08);
    hits.push({ time: t, sample, gain: Math.max(0, g), pan });
    if (sample === kit.kick) kickTimes.push(t);
  };
  const brushes = params.drumStyle === 'brushes';
  const drumNote = (key: number, beat: number, vel: number, len = 0.5): void => addNote(CH_DRUMKIT, beat, len, key, vel + gauss(rng) * 6, 7);
  const drumBar = (style: DrumStyle, barBeat: number, level: number, fill: boolean): void => {
    const sw = (b: number): number => swingBeat(barBeat + b, params.swing);
    if (style === 'none' || level === 0) return;
    if (style === 'brushes') {
      for (let q = 0; q < 4; q++) drumNote(q % 2 === 0 ? 40 : 38, barBeat + q, q % 2 === 0 ? 34 : 44, 0.9);
      if (level >= 2) drumNote(36, barBeat, 40);
      if (level >= 2 && chance(rng, 0.5)) drumNote(38, sw(2.5), 28);
      return;
    }
    const hatPan = 0.25;
    const full = level >= 2;
    // kick
    if (full) {
      const kickSteps: Record<Exclude<DrumStyle, 'none' | 'brushes'>, readonly number[]> = {
        boombap: [0, 2.5, chance(rng, 0.4) ? 1.75 : -1],
        busy: [0, 0.75, 2.5, chance(rng, 0.5) ? 3.25 : -1],
        laidback: [0, chance(rng, 0.5) ? 1.75 : 2.5],
        jazz: [0, chance(rng, 0.3) ? 2.5 : -1],
        minimal: [0, 2.5],
        drive: [0, 1.5, 2, chance(rng, 0.5) ? 3.5 : 2.75],
      };
      for (const k of kickSteps[style]) if (k >= 0) hit(kit.kick, sw(k), k === 0 ? 1 : 0.8, 0, 5);
    }
    // backbeat
    const late = style === 'laidback' ? 14 : style === 'boombap' ? 8 : 4;
    for (const q of [1, 3]) {
      if (full) hit(kit.snare, barBeat + q, 0.85, 0.05, 5, late);
      else if (kit.rim) hit(kit.rim, barBeat + q, 0.5, 0.05, 5, late);
    }
    if (full && (style === 'busy' || style === 'jazz' || style === 'boombap')) {
      for (const g of [1.75, 2.75, 3.75]) if (chance(rng, style === 'busy' ? 0.4 : 0.2)) hit(kit.snare, sw(g), 0.16, -0.05, 8);
    }
    // time keeping: hats or ride
    if (style === 'jazz' && kit.ride) {
      for (const [b, v] of [[0, 0.8], [1, 0.7], [1.5, 0.45], [2, 0.8], [3, 0.7], [3.5, 0.45]] as const) hit(kit.ride, sw(b), v, 0.3, 4);
      for (const q of [1, 3]) hit(kit.hat, barBeat + q, 0.5, -hatPan, 4);
    } else {
      const sixteenths = level >= 3 || style === 'busy';
      const steps = sixteenths ? 16 : 8;
      for (let i = 0; i < steps; i++) {
        const b = (i * 4) / steps;
        if (style === 'minimal' && i % 2 === 1 && !sixteenths) continue;
        const accent = sixteenths ? [1, 0.35, 0.65, 0.4][i % 4]! : i % 2 === 0 ? 1 : 0.55;
        if (sixteenths && i % 4 === 1 && chance(rng, 0.3)) continue;
        const open = kit.openHat && i === steps - 2 && chance(rng, style === 'drive' ? 0.6 : 0.2);
        hit(open ? kit.openHat! : kit.hat, sw(b), (open ? 0.5 : 0.6) * accent * (level === 1 ? 0.7 : 1), hatPan, 4);
      }
    }
    if (fill && full) {
      for (const f of [3, 3.25, 3.5, 3.75]) if (chance(rng, 0.65)) hit(kit.snare, sw(f), 0.2 + (f - 3) * 0.5, -0.05, 5);
    }
  };
  if (params.drumStyle !== 'none') {
    for (const s of sections) {
      const level = layer(s).drums;
      for (let bar = 0; bar < s.beats / 4; bar++) {
        const barBeat = s.startBeat + bar * 4;
        if (s.kind === 'outro') {
          // drums thin out, then one last soft hit under the final chord
          if (barBeat < finalChordBeat) drumBar(params.drumStyle, barBeat, bar === 0 ? 2 : 1, false);
          else if (barBeat === finalChordBeat) {
            if (brushes) drumNote(40, barBeat, 36, 3);
            else {
              hit(kit.kick, barBeat, 0.9, 0, 3);
              if (kit.ride) hit(kit.ride, barBeat, 0.5, 0.3, 3);
            }
          }
          continue;
        }
        const lastBar = bar === s.beats / 4 - 1;
        // the intro's last bar: light time-keeping and a fill lead the band in
        if (s.kind === 'intro' && lastBar && params.arrangement === 'standard') {
          drumBar(params.drumStyle, barBeat, 1, false);
          for (const f of [3, 3.25, 3.5, 3.75]) if (params.drumStyle !== 'brushes') hit(kit.snare, swingBeat(barBeat + f, params.swing), 0.15 + (f - 3) * 0.4, -0.05, 5);
          continue;
        }
        drumBar(params.drumStyle, barBeat, level, lastBar && chance(rng, 0.7));
      }
      // a soft cymbal marks the B sections
      if ((s.kind === 'B' || s.kind === 'B2') && kit.openHat && layer(s).drums >= 2 && !brushes) hit(kit.openHat, s.startBeat, 0.35, -0.3, 3);
    }
  }

  // ------------------------------------------------ cut-off automation (filtered intro, dipped break, darker fade)
  const fc = params.treatment.cutoffHz;
  const fcEnd = params.treatment.cutoffEndHz ?? fc;
  const cutoff: [number, number][] = [];
  if (params.arrangement === 'rising') {
    cutoff.push([0, fc], [time(outro.startBeat), fcEnd], [time(finalChordBeat + 8), fcEnd * 0.8]);
  } else {
    cutoff.push([0, fc * 0.45], [time(sections[1]!.startBeat) - 0.5, fc]);
    for (const s of sections) {
      if (s.kind === 'break') cutoff.push([time(s.startBeat), fc], [time(s.startBeat) + 2, fc * 0.6], [time(s.startBeat + s.beats) - 1, fc * 0.8], [time(s.startBeat + s.beats), fc]);
    }
    cutoff.push([time(finalChordBeat), fc], [time(finalChordBeat) + RING_SECONDS, fc * 0.5]);
  }

  // ------------------------------------------------ channels
  const channels: ChannelSetup[] = [
    { channel: CH_KEYS, ...params.keys },
  ];
  if (params.bassStyle !== 'none') channels.push({ channel: CH_BASS, ...params.bass });
  if (params.lead) channels.push({ channel: CH_LEAD, ...params.lead });
  if (params.pad) channels.push({ channel: CH_PAD, ...params.pad });
  if (brushes) channels.push({ channel: CH_DRUMKIT, program: 40, volume: 70 });

  notes.sort((a, b) => a.time - b.time);
  hits.sort((a, b) => a.time - b.time);
  kickTimes.sort((a, b) => a - b);
  const fadeStart = time(finalChordBeat) + 2.5;
  return {
    params,
    channels,
    notes,
    hits,
    kickTimes,
    cutoff,
    sections,
    chords,
    fadeStart,
    duration: time(finalChordBeat) + RING_SECONDS,
  };
}
