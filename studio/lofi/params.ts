/**
 * The parameter vector of a lofi track: everything that makes one song differ from
 * another. The composer reads it with the track's seed; the renderer reads the treatment.
 */
import type { SampleName } from './samples.ts';
import type { Mode, ProgressionName } from './theory.ts';

/** A General MIDI preset of the soundfont, with its mix settings. */
export interface Instrument {
  readonly program: number;
  /** Bank select MSB (MuseScore General variants such as 8 = mellow/detuned). */
  readonly bank?: number;
  /** Channel volume, 0–127. */
  readonly volume: number;
  /** −1 left … 1 right. */
  readonly pan?: number;
  /** Octave shift applied to the part's register. */
  readonly octave?: number;
}

export type KeysStyle = 'block' | 'comp' | 'arp' | 'piano';
/** 'none': the keys' left hand carries the bass (solo piano). */
export type BassStyle = 'roots' | 'groove' | 'walking' | 'sub' | 'none';
export type DrumStyle = 'boombap' | 'busy' | 'laidback' | 'jazz' | 'minimal' | 'drive' | 'brushes' | 'none';
/** standard: intro, A, B, break, A, B, outro. rising: layers and brightness build to the end. */
export type Arrangement = 'standard' | 'rising';

export interface DrumKit {
  readonly kick: SampleName;
  readonly snare: SampleName;
  readonly hat: SampleName;
  readonly openHat?: SampleName;
  readonly ride?: SampleName;
  /** Rim/ghost voice for quiet backbeats. */
  readonly rim?: SampleName;
}

export interface LofiTreatment {
  /** Low-pass cut-off (Hz) of the mix; `cutoffEndHz` makes it move across the song. */
  readonly cutoffHz: number;
  readonly cutoffEndHz?: number;
  /** Two cascaded low-pass stages (24 dB/oct) for a darker record. */
  readonly steepLowpass?: boolean;
  readonly highpassHz: number;
  /** Tape saturation drive (1 = gentle). */
  readonly drive: number;
  /** Wow (slow pitch drift) and flutter (fast) depth, in milliseconds of delay modulation. */
  readonly wowMs: number;
  readonly flutterMs: number;
  /** Vinyl crackle clicks per second and their level; hiss level of the vinyl bed. */
  readonly cracklePerSecond: number;
  readonly crackleLevel: number;
  readonly hissLevel: number;
  /** Reverb send 0–1. */
  readonly reverb: number;
  /** Sidechain ducking of the music from the kick, in dB. */
  readonly duckDb: number;
  /** Stereo width of the music bus (1 = as rendered, <1 narrower). */
  readonly width: number;
}

export interface TrackParams {
  readonly index: number;
  readonly name: string;
  readonly seed: number;
  /** Tonic pitch class, 0 = C. */
  readonly tonic: number;
  readonly mode: Mode;
  readonly bpm: number;
  /** Position of the off-beat eighth inside the beat: 0.5 straight, 0.667 triplet swing. */
  readonly swing: number;
  /** Progressions of the A and B sections. */
  readonly progA: ProgressionName;
  readonly progB: ProgressionName;
  readonly keys: Instrument;
  readonly keysStyle: KeysStyle;
  readonly bass: Instrument;
  readonly bassStyle: BassStyle;
  readonly lead?: Instrument;
  /** 0–1: how many notes the melody plays. */
  readonly leadDensity: number;
  /** MIDI note at the centre of the melody's register. */
  readonly leadCentre: number;
  readonly pad?: Instrument;
  readonly drumStyle: DrumStyle;
  readonly kit: DrumKit;
  /** Drum bus level relative to the music (linear). */
  readonly drumLevel: number;
  readonly arrangement: Arrangement;
  /** Aimed length in seconds (the form rounds it to whole 4-bar units). */
  readonly targetSeconds: number;
  readonly treatment: LofiTreatment;
}
