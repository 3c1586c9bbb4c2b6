/**
 * The 24 built-in sounds, in SPEC order (index = position). Pure data with media paths
 * relative to the media host, so the studio (Node) and the app share one source of truth.
 * Nothing may sort this array in place: sort a copy.
 */
import { lofiCredits, type LofiSampleName } from './lofi-credits';

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

/** A lofi song's credits, naming exactly the samples it plays (the music audit checks them against its recipe). */
const lofiCredit = (...samples: LofiSampleName[]): string[] => lofiCredits(samples);

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

/** The home card's cover beside the full one (issue 39; the studio renders both): media/rain.png → media/rain-card.png. */
export const cardCoverPath = (image: string): string => image.replace(/\.png$/, '-card.png');
