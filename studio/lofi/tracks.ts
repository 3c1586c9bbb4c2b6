/**
 * The eleven lofi tracks (catalogue 13–23) as parameter vectors, chosen so each name fits:
 * every track has its own key (no two share a key, so none share key and tempo), tempo,
 * swing, progression families, instruments, drum pattern and record treatment.
 */
import type { DrumKit, LofiTreatment, TrackParams } from './params.ts';

// General MIDI programs in MuseScore General
const GRAND = 0, BRIGHT_GRAND = 1, ELECTRIC_GRAND = 2, TINE_EP = 4, FM_EP = 5, CELESTA = 8, VIBES = 11;
const NYLON = 24, JAZZ_GUITAR = 26, CLEAN_GUITAR = 27;
const ACOUSTIC_BASS = 32, FINGERED_BASS = 33, PICKED_BASS = 34, SYNTH_BASS_1 = 38;
const STRINGS_SLOW = 49, VOICE_OOHS = 53, MUTED_TRUMPET = 59, FLUTE = 73, PAN_FLUTE = 75, SINE = 80;
const WARM_PAD = 89, HALO_PAD = 94, KALIMBA = 108;
/** Bank 8 variants: mellow grand, detuned tine EP, sine wave. */
const VARIANT = 8;

const KIT_DUSTY: DrumKit = { kick: 'bd_fat', snare: 'sn_dolf', hat: 'hat_gem', openHat: 'drum_cymbal_open', rim: 'perc_snap' };
const KIT_BUSY: DrumKit = { kick: 'bd_fat', snare: 'sn_dolf', hat: 'hat_cab', openHat: 'drum_cymbal_open', rim: 'perc_snap' };
const KIT_BRIGHT: DrumKit = { kick: 'bd_fat', snare: 'sn_generic', hat: 'hat_zild', openHat: 'drum_cymbal_open', rim: 'perc_snap' };
const KIT_SOFT: DrumKit = { kick: 'drum_bass_soft', snare: 'drum_snare_soft', hat: 'hat_tap', rim: 'perc_snap' };
const KIT_JAZZ: DrumKit = { kick: 'bd_jazz', snare: 'drum_snare_soft', hat: 'drum_cymbal_pedal', ride: 'ride_via', openHat: 'drum_cymbal_open', rim: 'elec_wood' };
const KIT_DEEP: DrumKit = { kick: 'bd_boom', snare: 'perc_snap', hat: 'drum_cymbal_closed', rim: 'elec_wood' };
const KIT_VIBE: DrumKit = { kick: 'bd_808', snare: 'sn_generic', hat: 'hat_gem', openHat: 'drum_cymbal_open', rim: 'perc_snap' };

const record = (t: Partial<LofiTreatment> & Pick<LofiTreatment, 'cutoffHz'>): LofiTreatment => ({
  highpassHz: 32,
  drive: 1.4,
  wowMs: 0.6,
  flutterMs: 0.06,
  cracklePerSecond: 3,
  crackleLevel: 0.035,
  hissLevel: 0.1,
  reverb: 0.3,
  duckDb: 3,
  width: 1,
  ...t,
});

export const LOFI_TRACKS: readonly TrackParams[] = [
  {
    // bass-forward funk vamp, sixteenth hats, jazz-guitar licks
    index: 13, name: 'Groovy', seed: 0x6e001, tonic: 5, mode: 'minor', bpm: 88, swing: 0.6,
    progA: 'minorVamp', progB: 'minorRoyal',
    keys: { program: TINE_EP, volume: 88, pan: -0.15 }, keysStyle: 'comp',
    bass: { program: FINGERED_BASS, volume: 124 }, bassStyle: 'groove',
    lead: { program: JAZZ_GUITAR, volume: 84, pan: 0.25 }, leadDensity: 0.6, leadCentre: 71,
    drumStyle: 'busy', kit: KIT_BUSY, drumLevel: 1.0, arrangement: 'standard', targetSeconds: 135,
    treatment: record({ cutoffHz: 5200, drive: 1.6, duckDb: 3.5, reverb: 0.22 }),
  },
  {
    // the fastest: driving kick, bright FM keys, clean guitar melody
    index: 14, name: 'Upbeat', seed: 0x6e002, tonic: 7, mode: 'major', bpm: 92, swing: 0.55,
    progA: 'IviiiV', progB: 'royal',
    keys: { program: FM_EP, volume: 90, pan: -0.1 }, keysStyle: 'comp',
    bass: { program: PICKED_BASS, volume: 112 }, bassStyle: 'roots',
    lead: { program: CLEAN_GUITAR, volume: 88, pan: 0.2 }, leadDensity: 0.7, leadCentre: 74,
    drumStyle: 'drive', kit: KIT_BRIGHT, drumLevel: 1.05, arrangement: 'standard', targetSeconds: 135,
    treatment: record({ cutoffHz: 6500, wowMs: 0.4, flutterMs: 0.05, cracklePerSecond: 2, crackleLevel: 0.03, hissLevel: 0.08 }),
  },
  {
    // slow and soft: held EP chords over a warm pad, sparse nylon guitar, laid-back drums
    index: 15, name: 'Chill', seed: 0x6e003, tonic: 1, mode: 'major', bpm: 76, swing: 0.58,
    progA: 'IViiivi', progB: 'iiVI',
    keys: { program: TINE_EP, volume: 96 }, keysStyle: 'block',
    bass: { program: ACOUSTIC_BASS, volume: 112 }, bassStyle: 'roots',
    lead: { program: NYLON, volume: 90, pan: 0.2 }, leadDensity: 0.4, leadCentre: 70,
    pad: { program: WARM_PAD, volume: 58, pan: -0.2 },
    drumStyle: 'laidback', kit: KIT_SOFT, drumLevel: 0.7, arrangement: 'standard', targetSeconds: 135,
    treatment: record({ cutoffHz: 3800, wowMs: 0.7, drive: 1.3, reverb: 0.38, duckDb: 2.5 }),
  },
  {
    // an old record: narrow, band-limited, heavy wow and crackle, muted trumpet
    index: 16, name: 'Retro', seed: 0x6e004, tonic: 10, mode: 'major', bpm: 82, swing: 0.62,
    progA: 'iiVI', progB: 'cycle',
    keys: { program: ELECTRIC_GRAND, volume: 94 }, keysStyle: 'comp',
    bass: { program: FINGERED_BASS, volume: 112 }, bassStyle: 'roots',
    lead: { program: MUTED_TRUMPET, volume: 78, pan: 0.1 }, leadDensity: 0.5, leadCentre: 70,
    drumStyle: 'boombap', kit: KIT_DUSTY, drumLevel: 0.9, arrangement: 'standard', targetSeconds: 135,
    treatment: record({
      cutoffHz: 2900, highpassHz: 150, drive: 2.2, wowMs: 2.4, flutterMs: 0.3,
      cracklePerSecond: 10, crackleLevel: 0.09, hissLevel: 0.14, reverb: 0.18, width: 0.4,
    }),
  },
  {
    // jazz trio feel: walking bass, ride cymbal, mellow grand comping, vibraphone melody
    index: 17, name: 'Classic', seed: 0x6e005, tonic: 3, mode: 'major', bpm: 84, swing: 0.65,
    progA: 'iiVI', progB: 'IviiiV',
    keys: { program: GRAND, bank: VARIANT, volume: 90, pan: -0.15 }, keysStyle: 'comp',
    bass: { program: ACOUSTIC_BASS, volume: 116 }, bassStyle: 'walking',
    lead: { program: VIBES, volume: 92, pan: 0.2 }, leadDensity: 0.6, leadCentre: 76,
    drumStyle: 'jazz', kit: KIT_JAZZ, drumLevel: 0.75, arrangement: 'standard', targetSeconds: 140,
    treatment: record({ cutoffHz: 4800, reverb: 0.35, duckDb: 1.5, cracklePerSecond: 4, crackleLevel: 0.045 }),
  },
  {
    // solo piano: left-hand roots and shells, right-hand voicings and melody, soft brushes
    index: 18, name: 'Piano', seed: 0x6e006, tonic: 8, mode: 'major', bpm: 70, swing: 0.6,
    progA: 'IViiivi', progB: 'IIV',
    keys: { program: GRAND, volume: 100 }, keysStyle: 'piano',
    bass: { program: GRAND, volume: 0 }, bassStyle: 'none',
    lead: { program: GRAND, volume: 100 }, leadDensity: 0.5, leadCentre: 78,
    drumStyle: 'brushes', kit: KIT_SOFT, drumLevel: 0, arrangement: 'standard', targetSeconds: 140,
    treatment: record({ cutoffHz: 4400, drive: 1.2, wowMs: 0.5, reverb: 0.45, duckDb: 0, cracklePerSecond: 2, crackleLevel: 0.03 }),
  },
  {
    // builds: arpeggiated EP alone under a closed filter, then bass, drums, strings, pan flute
    index: 19, name: 'Rising', seed: 0x6e007, tonic: 4, mode: 'minor', bpm: 80, swing: 0.56,
    progA: 'minorDescent', progB: 'andalusian',
    keys: { program: TINE_EP, volume: 92 }, keysStyle: 'arp',
    bass: { program: FINGERED_BASS, volume: 112 }, bassStyle: 'roots',
    lead: { program: PAN_FLUTE, volume: 86, pan: 0.15 }, leadDensity: 0.55, leadCentre: 79,
    pad: { program: STRINGS_SLOW, volume: 64, pan: -0.15 },
    drumStyle: 'boombap', kit: KIT_DUSTY, drumLevel: 0.9, arrangement: 'rising', targetSeconds: 150,
    treatment: record({ cutoffHz: 1100, cutoffEndHz: 7000, reverb: 0.3 }),
  },
  {
    // dark: sine sub bass, detuned EP under a warm pad, 808-style boom, low steep cut-off
    index: 20, name: 'Deep', seed: 0x6e008, tonic: 0, mode: 'minor', bpm: 72, swing: 0.57,
    progA: 'minorIIVI', progB: 'minorVamp',
    keys: { program: TINE_EP, volume: 90 }, keysStyle: 'block',
    bass: { program: SINE, bank: VARIANT, volume: 118 }, bassStyle: 'sub',
    pad: { program: WARM_PAD, volume: 78 }, leadDensity: 0, leadCentre: 72,
    drumStyle: 'minimal', kit: KIT_DEEP, drumLevel: 0.65, arrangement: 'standard', targetSeconds: 135,
    treatment: record({ cutoffHz: 1300, steepLowpass: true, highpassHz: 24, wowMs: 0.9, flutterMs: 0.1, reverb: 0.5, duckDb: 4, hissLevel: 0.09 }),
  },
  {
    // late-night head-nod: FM EP, synth bass, kalimba hook, halo pad, 808 kick
    index: 21, name: 'Vibe', seed: 0x6e009, tonic: 11, mode: 'minor', bpm: 86, swing: 0.6,
    progA: 'minorRoyal', progB: 'minorIIVI',
    keys: { program: FM_EP, bank: VARIANT, volume: 88, pan: -0.1 }, keysStyle: 'comp',
    bass: { program: SYNTH_BASS_1, volume: 104 }, bassStyle: 'roots',
    lead: { program: KALIMBA, volume: 96, pan: 0.2 }, leadDensity: 0.65, leadCentre: 79,
    pad: { program: HALO_PAD, volume: 52 },
    drumStyle: 'boombap', kit: KIT_VIBE, drumLevel: 0.9, arrangement: 'standard', targetSeconds: 135,
    treatment: record({ cutoffHz: 4300, wowMs: 0.8, drive: 1.5, duckDb: 3.5, reverb: 0.35 }),
  },
  {
    // major and bright: bright grand, celesta melody, strings, open filter, little dust
    index: 22, name: 'Uplifting', seed: 0x6e00a, tonic: 2, mode: 'major', bpm: 90, swing: 0.54,
    progA: 'royal', progB: 'IIV',
    keys: { program: BRIGHT_GRAND, volume: 90, pan: -0.1 }, keysStyle: 'comp',
    bass: { program: FINGERED_BASS, volume: 110 }, bassStyle: 'roots',
    lead: { program: CELESTA, volume: 100, pan: 0.15 }, leadDensity: 0.6, leadCentre: 81,
    pad: { program: STRINGS_SLOW, volume: 58 },
    drumStyle: 'boombap', kit: KIT_BRIGHT, drumLevel: 0.9, arrangement: 'standard', targetSeconds: 135,
    treatment: record({
      cutoffHz: 7800, highpassHz: 40, wowMs: 0.35, flutterMs: 0.04, drive: 1.3,
      cracklePerSecond: 1.5, crackleLevel: 0.025, hissLevel: 0.07, duckDb: 2.5,
    }),
  },
  {
    // major and airy: arpeggiated nylon guitar, flute, soft "ooh" pad, wide and open, light drums
    index: 23, name: 'Morning', seed: 0x6e00b, tonic: 9, mode: 'major', bpm: 74, swing: 0.55,
    progA: 'IIV', progB: 'IViiivi',
    keys: { program: NYLON, volume: 104 }, keysStyle: 'arp',
    bass: { program: ACOUSTIC_BASS, volume: 100 }, bassStyle: 'roots',
    lead: { program: FLUTE, volume: 84, pan: 0.15 }, leadDensity: 0.45, leadCentre: 79,
    pad: { program: VOICE_OOHS, volume: 50 },
    drumStyle: 'laidback', kit: KIT_SOFT, drumLevel: 0.55, arrangement: 'standard', targetSeconds: 135,
    treatment: record({
      cutoffHz: 7000, wowMs: 0.45, drive: 1.15, reverb: 0.45, duckDb: 1.5, width: 1.25,
      cracklePerSecond: 1.5, crackleLevel: 0.02, hissLevel: 0.08,
    }),
  },
];
