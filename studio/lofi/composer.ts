/**
 * The lofi composer: from a track's parameter vector and seed, a complete piece as timed
 * events — chords voiced with smooth voice leading, a bass line, a humanised drum part,
 * a motif-based melody, and a form (intro, varying sections, a real ending).
 * Pure and deterministic: every random choice comes from the seeded PRNG.
 */
import { createPrng, nextUnit, type PrngState } from '../../worklets/dsp/prng.ts';
import type { DrumStyle, Instrument, TrackParams } from './params.ts';
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
const UNIT_BEATS = 16;

// ---------------------------------------------------------------- the composer

/** What every part of the song is written against: the form, the chords, the clock and the event lists. */
interface Writing {
  readonly params: TrackParams;
  readonly rng: PrngState;
  readonly secPerBeat: number;
  readonly sections: readonly Section[];
  readonly chords: readonly Chord[];
  /** Where the outro's last chord is struck: everything after it is the ending. */
  readonly finalChordBeat: number;
  readonly notes: NoteEvent[];
  readonly hits: DrumHit[];
  readonly kickTimes: number[];
}

export function compose(params: TrackParams): Score {
  const rng = createPrng(params.seed);
  const sections = planSections(params);
  const outro = sections[sections.length - 1]!;
  const finalChordBeat = outro.startBeat + 8;
  const w: Writing = {
    params,
    rng,
    secPerBeat: 60 / params.bpm,
    sections,
    chords: planChords(params, sections, finalChordBeat),
    finalChordBeat,
    notes: [],
    hits: [],
    kickTimes: [],
  };
  // The order of the parts is the order of their draws from the one seeded PRNG: keep it.
  writeKeys(w);
  writePad(w);
  writeBass(w);
  writeMelody(w);
  writeDrums(w);

  w.notes.sort((a, b) => a.time - b.time);
  w.hits.sort((a, b) => a.time - b.time);
  w.kickTimes.sort((a, b) => a - b);
  return {
    params,
    channels: channelsOf(params),
    notes: w.notes,
    hits: w.hits,
    kickTimes: w.kickTimes,
    cutoff: cutoffAutomation(w, outro),
    sections,
    chords: w.chords,
    fadeStart: time(w, finalChordBeat) + 2.5,
    duration: time(w, finalChordBeat) + RING_SECONDS,
  };
}

// ---------------------------------------------------------------- form and harmony

/** Units of 16 beats, enough for the target length, each with its kind and intensity. */
function planSections(params: TrackParams): Section[] {
  const unitSec = UNIT_BEATS * (60 / params.bpm);
  const units = Math.max(8, Math.round((params.targetSeconds - RING_SECONDS) / unitSec + 0.5));
  const kinds = unitKinds(units, params.arrangement);
  return kinds.map((kind, i) => ({
    kind,
    startBeat: i * UNIT_BEATS,
    beats: UNIT_BEATS,
    intensity: params.arrangement === 'rising' ? Math.min(1, i / (kinds.length - 2)) : kind === 'break' || kind === 'intro' ? 0.3 : 1,
  }));
}

/** Each unit plays its section's progression; the outro turns home to the tonic. */
function planChords(params: TrackParams, sections: readonly Section[], finalChordBeat: number): Chord[] {
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
  return chords;
}

function chordAt(w: Writing, beat: number): Chord {
  let found = w.chords[0]!;
  for (const ch of w.chords) if (ch.startBeat <= beat + 1e-6) found = ch;
  return found;
}

const sectionAt = (w: Writing, beat: number): Section => w.sections[Math.min(w.sections.length - 1, Math.floor(beat / UNIT_BEATS))]!;
const isFinal = (w: Writing, beat: number): boolean => beat >= w.finalChordBeat - 1e-6;

/** What plays in a section. */
function layer(params: TrackParams, s: Section) {
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
}

// ---------------------------------------------------------------- timing

const time = (w: Writing, beat: number): number => beat * w.secPerBeat;
const human = (w: Writing, sigmaMs: number): number => (gauss(w.rng) * sigmaMs) / 1000;

function addNote(w: Writing, channel: number, beat: number, lenBeats: number, key: number, velocity: number, jitterMs = 8): void {
  const t = Math.max(0, time(w, beat) + human(w, jitterMs));
  w.notes.push({ time: t, duration: Math.max(0.05, lenBeats * w.secPerBeat), channel, key, velocity: clampVel(velocity) });
}

// ---------------------------------------------------------------- keys

/** Comping rhythms, [beat, length] per bar; a section picks one. */
const COMP_TEMPLATES: readonly (readonly (readonly [number, number])[])[] = [
  [[0, 1.4], [1.5, 0.45], [2.5, 1.3]],
  [[0, 2.8], [3.5, 0.45]],
  [[0, 0.9], [1, 0.45], [2.5, 1.4]],
  [[0.5, 1.2], [2, 1.4], [3.5, 0.45]],
];
/**
 * The intro's: a held chord, struck again softly on the "and" of three, so keys that decay
 * fast (Retro's electric grand) never leave a gap before the next bar.
 */
const INTRO_TEMPLATE: readonly (readonly [number, number])[] = [[0, 2.4], [2.5, 1.3]];
/** The list `pick` draws from: the intro's template stays in it, as it always has (same draws, same songs). */
const PICKABLE_TEMPLATES = [...COMP_TEMPLATES, INTRO_TEMPLATE];

type Template = readonly (readonly [number, number])[];
type Voicings = ReadonlyMap<Chord, readonly number[]>;

function playChord(w: Writing, voicing: readonly number[], beat: number, len: number, vel: number, channel = CH_KEYS): void {
  const strum = between(w.rng, 0.004, 0.018) / w.secPerBeat;
  voicing.forEach((key, k) => addNote(w, channel, beat + k * strum, len - k * strum, key, vel + gauss(w.rng) * 5 - k * 2, 6));
}

function writeKeys(w: Writing): void {
  const { params } = w;
  const keysLo = 52 + 12 * (params.keys.octave ?? 0);
  const keysHi = 74 + 12 * (params.keys.octave ?? 0);
  const voicings = new Map<Chord, number[]>();
  let prev: number[] | null = null;
  for (const ch of w.chords) {
    const v = voiceLead(colourTones(ch), prev, keysLo, keysHi);
    voicings.set(ch, v);
    prev = v;
  }
  let sectionTemplate: Template = COMP_TEMPLATES[0]!;
  for (let bar = 0; bar * 4 < w.finalChordBeat + 8; bar++) {
    const barBeat = bar * 4;
    const s = sectionAt(w, barBeat);
    // the intro holds its chords (no gaps before the band comes in)
    if (barBeat === s.startBeat) sectionTemplate = s.kind === 'intro' ? INTRO_TEMPLATE : pick(w.rng, PICKABLE_TEMPLATES);
    const base = 58 + 14 * Math.min(1, s.intensity + 0.3);
    if (isFinal(w, barBeat)) {
      if (barBeat === w.finalChordBeat) finalKeys(w, voicings, barBeat);
      continue;
    }
    switch (params.keysStyle) {
      case 'block':
        keysBlock(w, voicings, barBeat, base);
        break;
      case 'comp':
        keysComp(w, voicings, sectionTemplate, barBeat, base);
        break;
      case 'arp':
        keysArp(w, voicings, barBeat, base);
        break;
      case 'piano':
        keysPiano(w, voicings, sectionTemplate, barBeat, base);
        break;
    }
  }
}

/** The final chord, rolled slowly, with the tonic added on top (and a low root for the piano). */
function finalKeys(w: Writing, voicings: Voicings, barBeat: number): void {
  const ch = chordAt(w, barBeat);
  const v = voicings.get(ch)!;
  if (w.params.keysStyle === 'piano') addNote(w, CH_KEYS, barBeat, 7.5, ch.rootPc + 36 + (ch.rootPc < 4 ? 12 : 0), 62);
  v.forEach((key, k) => addNote(w, CH_KEYS, barBeat + k * 0.12, 7.8, key, 60 - k * 2));
  addNote(w, CH_KEYS, barBeat + 0.6, 7.2, v[v.length - 1]! + (mod12(w.params.tonic - v[v.length - 1]!) || 12), 52);
}

function keysBlock(w: Writing, voicings: Voicings, barBeat: number, base: number): void {
  const ch = chordAt(w, barBeat);
  playChord(w, voicings.get(ch)!, barBeat, Math.min(ch.beats, 4) - 0.15, base);
  const second = chordAt(w, barBeat + 2);
  if (second !== ch) playChord(w, voicings.get(second)!, barBeat + 2, 1.85, base - 4);
  else if (chance(w.rng, 0.3)) playChord(w, voicings.get(ch)!, swingBeat(barBeat + 3.5, w.params.swing), 0.45, base - 12);
}

function keysComp(w: Writing, voicings: Voicings, template: Template, barBeat: number, base: number): void {
  for (const [at, len] of template) {
    const beat = barBeat + at;
    const ch = chordAt(w, beat);
    const end = ch.startBeat + ch.beats;
    const start = swingBeat(beat, w.params.swing);
    playChord(w, voicings.get(ch)!, start, Math.min(len, end - start - 0.05), base + (at === 0 ? 4 : -6));
  }
}

function keysArp(w: Writing, voicings: Voicings, barBeat: number, base: number): void {
  const figure = pick(w.rng, [[0, 1, 2, 3, 2, 1, 2, 3], [0, 2, 1, 3, 2, 3, 1, 2], [0, 1, 2, 3, 1, 2, 3, 2]]);
  for (let e = 0; e < 8; e++) {
    const beat = barBeat + e * 0.5;
    const v = voicings.get(chordAt(w, beat))!;
    const key = v[figure[e]! % v.length]!;
    addNote(w, CH_KEYS, swingBeat(beat, w.params.swing), 0.9, key, base - 8 + (e % 2 === 0 ? 6 : 0) + gauss(w.rng) * 5, 7);
  }
}

/** Left hand: root low, then a 7th/10th shell; right hand: the upper voicing, syncopated. */
function keysPiano(w: Writing, voicings: Voicings, template: Template, barBeat: number, base: number): void {
  for (let half = 0; half < 2; half++) {
    const beat = barBeat + half * 2;
    const ch = chordAt(w, beat);
    if (half === 1 && ch.startBeat !== beat && chance(w.rng, 0.5)) continue;
    let root = ch.rootPc + 36;
    if (root > 45) root -= 12;
    addNote(w, CH_KEYS, beat, 1.9, root, base - 4 + gauss(w.rng) * 4);
    const shell = chordTones(ch)[3] ?? ch.rootPc;
    addNote(w, CH_KEYS, swingBeat(beat + 1, w.params.swing), 0.9, root + mod12(shell - ch.rootPc), base - 14);
  }
  for (const [at, len] of template) {
    const beat = barBeat + at;
    const ch = chordAt(w, beat);
    const start = swingBeat(beat, w.params.swing);
    playChord(w, voicings.get(ch)!.slice(1), start, Math.min(len, ch.startBeat + ch.beats - start - 0.05), base - 8);
  }
}

// ---------------------------------------------------------------- pad

function writePad(w: Writing): void {
  const pad = w.params.pad;
  if (!pad) return;
  let padPrev: number[] | null = null;
  for (const ch of w.chords) {
    const s = sectionAt(w, ch.startBeat);
    const v = voiceLead(colourTones(ch), padPrev, 55 + 12 * (pad.octave ?? 0), 79 + 12 * (pad.octave ?? 0));
    padPrev = v;
    if (!layer(w.params, s).pad && !isFinal(w, ch.startBeat)) continue;
    for (const key of v.slice(0, 3)) addNote(w, CH_PAD, ch.startBeat, ch.beats, key, 46 + 20 * s.intensity, 0);
  }
}

// ---------------------------------------------------------------- bass

const GROOVE_FIGURES = [
  [[0, 0.7, 0], [0.75, 0.25, 0], [1.5, 0.4, 12], [2.5, 0.4, 7], [3, 0.4, 0], [3.5, 0.4, -1]],
  [[0, 1.2, 0], [1.5, 0.3, 0], [1.75, 0.25, 12], [2.5, 0.7, 10], [3.5, 0.4, -1]],
  [[0, 0.45, 0], [0.5, 0.45, 12], [1.5, 0.9, 7], [2.75, 0.25, 0], [3, 0.45, 10], [3.5, 0.4, -1]],
] as const;

/** What one chord's bass figure is built from. */
interface BassChord {
  readonly ch: Chord;
  readonly beat: number;
  readonly root: number;
  readonly fifth: number;
  readonly tones: readonly number[];
  /** A semitone above or below the next chord's root. */
  readonly approach: number;
  readonly velocity: number;
  readonly light: boolean;
}

function writeBass(w: Writing): void {
  const { params } = w;
  const style = params.bassStyle;
  if (style === 'none') return;
  const bassLo = (style === 'sub' ? 28 : 33) + 12 * (params.bass.octave ?? 0);
  const bassRoot = (pc: number): number => bassLo + mod12(pc - bassLo);
  const bassVel = style === 'groove' ? 96 : style === 'sub' ? 100 : 86;
  for (let ci = 0; ci < w.chords.length; ci++) {
    const ch = w.chords[ci]!;
    const next = w.chords[ci + 1];
    const s = sectionAt(w, ch.startBeat);
    const b = ch.startBeat;
    const root = bassRoot(ch.rootPc);
    if (isFinal(w, b)) {
      addNote(w, CH_BASS, b, 6, root, bassVel - 6);
      continue;
    }
    if (!layer(params, s).bass) continue;
    const nextRoot = next ? bassRoot(next.rootPc) : root;
    const tones = chordTones(ch).map((pc) => root + mod12(pc - ch.rootPc));
    const approach = nextRoot + (chance(w.rng, 0.5) ? 1 : -1);
    const velocity = bassVel + gauss(w.rng) * 6;
    const c: BassChord = { ch, beat: b, root, fifth: root + 7, tones, approach, velocity, light: s.kind === 'break' };
    switch (style) {
      case 'sub':
        bassSub(w, c);
        break;
      case 'roots':
        bassRoots(w, c);
        break;
      case 'groove':
        bassGroove(w, c);
        break;
      case 'walking':
        bassWalking(w, c);
        break;
    }
  }
}

function bassSub(w: Writing, { ch, beat, root, velocity }: BassChord): void {
  addNote(w, CH_BASS, beat, ch.beats - 0.2, root, velocity);
  if (ch.beats === 4 && chance(w.rng, 0.3)) addNote(w, CH_BASS, swingBeat(beat + 2.5, w.params.swing), 1.2, root, velocity - 14);
}

function bassRoots(w: Writing, { ch, beat, root, fifth, approach, velocity, light }: BassChord): void {
  addNote(w, CH_BASS, beat, Math.min(1.6, ch.beats - 0.2), root, velocity);
  if (ch.beats === 4 && !light) {
    addNote(w, CH_BASS, swingBeat(beat + 2.5, w.params.swing), 0.9, chance(w.rng, 0.5) ? fifth : root, velocity - 8);
    if (chance(w.rng, 0.45)) addNote(w, CH_BASS, swingBeat(beat + 3.5, w.params.swing), 0.4, approach, velocity - 12);
  }
}

function bassGroove(w: Writing, { ch, beat, root, approach, velocity, light }: BassChord): void {
  for (const [at, len, iv] of pick(w.rng, GROOVE_FIGURES)) {
    if (at >= ch.beats) break;
    if (light && at > 0) break;
    const key = iv === -1 ? approach : root + iv;
    addNote(w, CH_BASS, swingBeat(beat + at, w.params.swing), len, key, velocity - (at === 0 ? 0 : 10) + gauss(w.rng) * 5, 5);
  }
}

function bassWalking(w: Writing, { ch, beat, root, tones, approach, velocity }: BassChord): void {
  for (let q = 0; q < ch.beats; q++) {
    let key: number;
    if (q === 0) key = root;
    else if (q === ch.beats - 1) key = approach;
    else key = pick(w.rng, tones.slice(1));
    addNote(w, CH_BASS, beat + q, 0.92, key, velocity - (q === 0 ? 0 : 8) + gauss(w.rng) * 4, 6);
  }
}

// ---------------------------------------------------------------- melody

interface MotifNote {
  readonly at: number;
  readonly len: number;
  readonly step: number;
}

/** The melody's scale, anchored on the tonic just below the lead's centre. */
interface LeadScale {
  readonly base: number;
  readonly degreeToKey: (d: number) => number;
}

function writeMelody(w: Writing): void {
  const { params } = w;
  if (!params.lead) return;
  const scale = scaleOf(params.mode);
  let base = params.tonic;
  while (base + 12 <= params.leadCentre - 4) base += 12;
  const lead: LeadScale = { base, degreeToKey: (d) => base + scale[((d % 7) + 7) % 7]! + 12 * Math.floor(d / 7) };
  const motifs = [makeMotif(w), makeMotif(w)];
  for (const s of w.sections) {
    if (!layer(params, s).lead) continue;
    const motif = s.kind === 'A2' ? motifs[1]! : motifs[0]!;
    const lift = s.kind === 'B2' ? 2 : 0;
    for (let ph = 0; ph < 2; ph++) {
      const at = s.startBeat + ph * 8;
      if (s.kind === 'outro' && at >= w.finalChordBeat) break;
      phrase(w, lead, motif, at, 2 + lift + (ph === 1 ? -1 : 0), ph === 1);
    }
  }
  // last word: the melody rests on the tonic's third over the final chord
  const third = params.mode === 'major' ? 4 : 3;
  addNote(w, CH_LEAD, w.finalChordBeat + 0.5, 6, base + 12 + third > params.leadCentre + 7 ? base + third : base + 12 + third, 70);
}

/** A rhythm over two bars (denser on strong eighths) with a scale step per note. */
function makeMotif(w: Writing): MotifNote[] {
  const onsets: number[] = [];
  for (let e = 0; e < 14; e++) {
    const at = e * 0.5;
    const strong = e % 2 === 0;
    const p = w.params.leadDensity * (strong ? 0.75 : 0.45) * (e < 2 ? 1.2 : 1);
    if (chance(w.rng, p)) onsets.push(at);
  }
  if (onsets.length < 3) onsets.splice(0, onsets.length, 0, 1.5, 3, 4.5);
  const motif: MotifNote[] = [];
  for (let k = 0; k < onsets.length; k++) {
    const at = onsets[k]!;
    const nextAt = onsets[k + 1] ?? 7.5;
    motif.push({ at, len: Math.min(2.5, nextAt - at), step: pick(w.rng, [-2, -1, -1, 0, 1, 1, 2, -3, 3]) });
  }
  return motif;
}

/** One statement of a motif from `startDegree`; an answer changes its last two steps. Strong notes land on chord tones. */
function phrase(w: Writing, lead: LeadScale, motif: readonly MotifNote[], startBeat: number, startDegree: number, answer: boolean): void {
  let d = startDegree;
  motif.forEach((m, k) => {
    const last = k === motif.length - 1;
    d += answer && k >= motif.length - 2 ? pick(w.rng, [-1, -2, 1]) : m.step;
    if (d > 6) d -= 2;
    if (d < -3) d += 2;
    const beat = startBeat + m.at;
    let key = lead.degreeToKey(d);
    const strong = m.at % 1 === 0 || m.len >= 1 || last;
    if (strong) key = nearestChordTone(chordAt(w, beat), key);
    const len = last ? Math.max(m.len, 1.5) : m.len * between(w.rng, 0.7, 0.95);
    addNote(w, CH_LEAD, swingBeat(beat, w.params.swing), len, key, 82 + (strong ? 8 : 0) + gauss(w.rng) * 7, 10);
  });
}

function nearestChordTone(ch: Chord, key: number): number {
  const tones = chordTones(ch);
  for (let off = 0; off <= 6; off++) {
    if (tones.includes(mod12(key - off))) return key - off;
    if (tones.includes(mod12(key + off))) return key + off;
  }
  return key;
}

// ---------------------------------------------------------------- drums

function hit(w: Writing, sample: SampleName, beat: number, gain: number, pan = 0, jitterMs = 6, lateMs = 0): void {
  const t = Math.max(0, time(w, beat) + human(w, jitterMs) + lateMs / 1000);
  const g = gain * (1 + gauss(w.rng) * 0.08);
  w.hits.push({ time: t, sample, gain: Math.max(0, g), pan });
  if (sample === w.params.kit.kick) w.kickTimes.push(t);
}

/** A note of the soundfont's brush kit (General MIDI percussion keys). */
const drumNote = (w: Writing, key: number, beat: number, vel: number, len = 0.5): void => addNote(w, CH_DRUMKIT, beat, len, key, vel + gauss(w.rng) * 6, 7);

function writeDrums(w: Writing): void {
  const { params } = w;
  const kit = params.kit;
  const brushes = params.drumStyle === 'brushes';
  if (params.drumStyle === 'none') return;
  for (const s of w.sections) {
    const level = layer(params, s).drums;
    for (let bar = 0; bar < s.beats / 4; bar++) {
      const barBeat = s.startBeat + bar * 4;
      if (s.kind === 'outro') {
        // drums thin out, then one last soft hit under the final chord
        if (barBeat < w.finalChordBeat) drumBar(w, params.drumStyle, barBeat, bar === 0 ? 2 : 1, false);
        else if (barBeat === w.finalChordBeat) {
          if (brushes) drumNote(w, 40, barBeat, 36, 3);
          else {
            hit(w, kit.kick, barBeat, 0.9, 0, 3);
            if (kit.ride) hit(w, kit.ride, barBeat, 0.5, 0.3, 3);
          }
        }
        continue;
      }
      const lastBar = bar === s.beats / 4 - 1;
      // the intro's last bar: light time-keeping and a fill lead the band in
      if (s.kind === 'intro' && lastBar && params.arrangement === 'standard') {
        drumBar(w, params.drumStyle, barBeat, 1, false);
        for (const f of [3, 3.25, 3.5, 3.75]) if (!brushes) hit(w, kit.snare, swingBeat(barBeat + f, params.swing), 0.15 + (f - 3) * 0.4, -0.05, 5);
        continue;
      }
      drumBar(w, params.drumStyle, barBeat, level, lastBar && chance(w.rng, 0.7));
    }
    // a soft cymbal marks the B sections
    if ((s.kind === 'B' || s.kind === 'B2') && kit.openHat && layer(params, s).drums >= 2 && !brushes) hit(w, kit.openHat, s.startBeat, 0.35, -0.3, 3);
  }
}

/** One bar at `level` (0 silent, 1 time-keeping only, 2 full, 3 full with sixteenths), with a fill if asked. */
function drumBar(w: Writing, style: DrumStyle, barBeat: number, level: number, fill: boolean): void {
  const kit = w.params.kit;
  const sw = (b: number): number => swingBeat(barBeat + b, w.params.swing);
  if (style === 'none' || level === 0) return;
  if (style === 'brushes') {
    for (let q = 0; q < 4; q++) drumNote(w, q % 2 === 0 ? 40 : 38, barBeat + q, q % 2 === 0 ? 34 : 44, 0.9);
    if (level >= 2) drumNote(w, 36, barBeat, 40);
    if (level >= 2 && chance(w.rng, 0.5)) drumNote(w, 38, sw(2.5), 28);
    return;
  }
  const full = level >= 2;
  if (full) {
    // Every style's variation is drawn, whichever style plays: the songs depend on these draws.
    const kickSteps: Record<Exclude<DrumStyle, 'none' | 'brushes'>, readonly number[]> = {
      boombap: [0, 2.5, chance(w.rng, 0.4) ? 1.75 : -1],
      busy: [0, 0.75, 2.5, chance(w.rng, 0.5) ? 3.25 : -1],
      laidback: [0, chance(w.rng, 0.5) ? 1.75 : 2.5],
      jazz: [0, chance(w.rng, 0.3) ? 2.5 : -1],
      minimal: [0, 2.5],
      drive: [0, 1.5, 2, chance(w.rng, 0.5) ? 3.5 : 2.75],
    };
    for (const k of kickSteps[style]) if (k >= 0) hit(w, kit.kick, sw(k), k === 0 ? 1 : 0.8, 0, 5);
  }
  backbeat(w, style, barBeat, full);
  timeKeeping(w, style, barBeat, level);
  if (fill && full) {
    for (const f of [3, 3.25, 3.5, 3.75]) if (chance(w.rng, 0.65)) hit(w, kit.snare, sw(f), 0.2 + (f - 3) * 0.5, -0.05, 5);
  }
}

/** Snare (or rim when light) on two and four, laid back by style, with ghost notes in the busier styles. */
function backbeat(w: Writing, style: Exclude<DrumStyle, 'none' | 'brushes'>, barBeat: number, full: boolean): void {
  const kit = w.params.kit;
  const late = style === 'laidback' ? 14 : style === 'boombap' ? 8 : 4;
  for (const q of [1, 3]) {
    if (full) hit(w, kit.snare, barBeat + q, 0.85, 0.05, 5, late);
    else if (kit.rim) hit(w, kit.rim, barBeat + q, 0.5, 0.05, 5, late);
  }
  if (full && (style === 'busy' || style === 'jazz' || style === 'boombap')) {
    for (const g of [1.75, 2.75, 3.75]) if (chance(w.rng, style === 'busy' ? 0.4 : 0.2)) hit(w, kit.snare, swingBeat(barBeat + g, w.params.swing), 0.16, -0.05, 8);
  }
}

/** Hats in eighths or sixteenths (an open hat now and then), or the jazz ride with hats on two and four. */
function timeKeeping(w: Writing, style: Exclude<DrumStyle, 'none' | 'brushes'>, barBeat: number, level: number): void {
  const kit = w.params.kit;
  const sw = (b: number): number => swingBeat(barBeat + b, w.params.swing);
  const hatPan = 0.25;
  if (style === 'jazz' && kit.ride) {
    for (const [b, v] of [[0, 0.8], [1, 0.7], [1.5, 0.45], [2, 0.8], [3, 0.7], [3.5, 0.45]] as const) hit(w, kit.ride, sw(b), v, 0.3, 4);
    for (const q of [1, 3]) hit(w, kit.hat, barBeat + q, 0.5, -hatPan, 4);
    return;
  }
  const sixteenths = level >= 3 || style === 'busy';
  const steps = sixteenths ? 16 : 8;
  for (let i = 0; i < steps; i++) {
    const b = (i * 4) / steps;
    if (style === 'minimal' && i % 2 === 1 && !sixteenths) continue;
    const accent = sixteenths ? [1, 0.35, 0.65, 0.4][i % 4]! : i % 2 === 0 ? 1 : 0.55;
    if (sixteenths && i % 4 === 1 && chance(w.rng, 0.3)) continue;
    const open = kit.openHat && i === steps - 2 && chance(w.rng, style === 'drive' ? 0.6 : 0.2);
    hit(w, open ? kit.openHat! : kit.hat, sw(b), (open ? 0.5 : 0.6) * accent * (level === 1 ? 0.7 : 1), hatPan, 4);
  }
}

// ---------------------------------------------------------------- mixdown

/** Low-pass cut-off automation: a filtered intro, a dipped break and a darker fade. */
function cutoffAutomation(w: Writing, outro: Section): [number, number][] {
  const { params, sections } = w;
  const fc = params.treatment.cutoffHz;
  const fcEnd = params.treatment.cutoffEndHz ?? fc;
  const cutoff: [number, number][] = [];
  if (params.arrangement === 'rising') {
    cutoff.push([0, fc], [time(w, outro.startBeat), fcEnd], [time(w, w.finalChordBeat + 8), fcEnd * 0.8]);
    return cutoff;
  }
  cutoff.push([0, fc * 0.45], [time(w, sections[1]!.startBeat) - 0.5, fc]);
  for (const s of sections) {
    if (s.kind === 'break') cutoff.push([time(w, s.startBeat), fc], [time(w, s.startBeat) + 2, fc * 0.6], [time(w, s.startBeat + s.beats) - 1, fc * 0.8], [time(w, s.startBeat + s.beats), fc]);
  }
  cutoff.push([time(w, w.finalChordBeat), fc], [time(w, w.finalChordBeat) + RING_SECONDS, fc * 0.5]);
  return cutoff;
}

/** The synth channels the song uses, with their instruments. */
function channelsOf(params: TrackParams): ChannelSetup[] {
  const channels: ChannelSetup[] = [{ channel: CH_KEYS, ...params.keys }];
  if (params.bassStyle !== 'none') channels.push({ channel: CH_BASS, ...params.bass });
  if (params.lead) channels.push({ channel: CH_LEAD, ...params.lead });
  if (params.pad) channels.push({ channel: CH_PAD, ...params.pad });
  if (params.drumStyle === 'brushes') channels.push({ channel: CH_DRUMKIT, program: 40, volume: 70 });
  return channels;
}
