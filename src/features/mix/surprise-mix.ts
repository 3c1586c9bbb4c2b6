import type { SoundType } from '../../catalogue/entries';
import type { LinkLayer } from './mix-link';
import { seededRandom } from '../../lib/seeded-random';

/**
 * Surprise me (issue 23): a random mix of 2–4 layers that sound well together, under the current
 * track (or alone). Pure and seeded: the same seed, track and pool give the same mix, and the
 * mix's link carries its layers and seed, so it is reproduced exactly.
 *
 * Rules, by catalogue category:
 * - a theme: one category the track carries (or any, without a track) that at least two layer
 *   sounds share; every soundscape layer carries it, so the layers share a mood;
 * - never an 'appliance' (the kettle's rising whistle is an event, not a bed) nor a lofi song;
 * - at most two 'water' sounds (three make an indistinct wash), at most one noise, whose colour
 *   follows the theme (brown for sleep, pink for focus, else brown or pink);
 * - the listener's own sounds only when asked (issue 41): then one of them, picked by the seed, leads, and the theme
 *   fills the rest (an own sound has no category to match); it is levelled to the loops' −20 LUFS at import;
 * - levels leave the track on top: the layers' summed power is at least TRACK_HEADROOM_DB below
 *   the track's, from the catalogue volumes and the studio's loudness targets.
 */
export interface SurpriseSound {
  /** Catalogue slug ('rain'). */
  slug: string;
  categories: readonly string[];
  kind: SoundType;
  /** Catalogue volume 0..1. */
  volume: number;
}

export const MIN_SURPRISE_LAYERS = 2;
export const MAX_SURPRISE_LAYERS = 4;
export const TRACK_HEADROOM_DB = 4;
/** Studio loudness targets (docs/catalogue.md, the catalogue audit): loops −20 LUFS, lofi songs −16 LUFS. */
const LOUDNESS_DB: Record<SoundType, number> = { nature: -20, ambient: -20, lofi: -16 };
/** Each noise at level 1 against a loop at level 1, as heard at the OS (docs/engines.md: Rain −26.1, white −33.0, pink −29.1, brown −22.0 dBFS). */
const NOISE_LOUDNESS_DB = { white: -27, pink: -23, brown: -16 } as const;
type Noise = keyof typeof NOISE_LOUDNESS_DB;
const NEVER = new Set(['appliance', 'upbeat']);
const MAX_WATER = 2;


const pick = <T>(items: readonly T[], next: () => number): T | undefined => items[Math.floor(next() * items.length)];

function shuffle<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const noiseFor = (theme: string, next: () => number): Noise => (theme === 'sleep' ? 'brown' : theme === 'focus' ? 'pink' : next() < 0.5 ? 'brown' : 'pink');
const power = (db: number, gain: number): number => gain * gain * 10 ** (db / 10);

/** A mix's layers for `seed`; `pool` is what may be a layer here (e.g. only the sounds saved offline). */
export function surpriseMix(seed: number, track: SurpriseSound | null, pool: readonly SurpriseSound[], own: readonly string[] = []): { layers: LinkLayer[]; seed: number } {
  const next = seededRandom(seed);
  // Drawn first, so a mix without own sounds is the same as before for the same seed.
  const ownLead = own.length > 0 ? pick([...own].sort(), next) : undefined;
  const usable = pool.filter((sound) => sound.kind !== 'lofi' && sound.slug !== track?.slug && !sound.categories.some((c) => NEVER.has(c)));
  const themes = [...new Set(track ? track.categories : usable.flatMap((sound) => sound.categories))]
    .filter((theme) => !NEVER.has(theme) && usable.filter((sound) => sound.categories.includes(theme)).length >= MIN_SURPRISE_LAYERS)
    .sort();
  const theme = pick(themes, next);
  const count = MIN_SURPRISE_LAYERS + Math.floor(next() * (MAX_SURPRISE_LAYERS - MIN_SURPRISE_LAYERS + 1)) - (ownLead === undefined ? 0 : 1);
  const chosen: SurpriseSound[] = [];
  let water = 0;
  for (const sound of shuffle(theme === undefined ? usable : usable.filter((each) => each.categories.includes(theme)), next)) {
    if (chosen.length === count) break;
    const wet = sound.categories.includes('water');
    if (wet && water === MAX_WATER) continue;
    if (wet) water += 1;
    chosen.push(sound);
  }
  // A noise as the last layer when the soundscapes ran out, or now and then as a bed under them.
  const noise = chosen.length < count || (chosen.length > MIN_SURPRISE_LAYERS && next() < 0.4) ? noiseFor(theme ?? '', next) : undefined;
  if (noise && chosen.length === count) chosen.pop();

  // The first layer leads (0.45–0.6), the others sit under it (0.25–0.4), a noise lowest (0.15–0.3).
  const lead: SurpriseSound[] = ownLead === undefined ? [] : [{ slug: ownLead, categories: [], kind: 'nature', volume: 1 }];
  const layers = [...lead, ...chosen].map((sound, i) => ({ sound, level: i === 0 ? 0.45 + next() * 0.15 : 0.25 + next() * 0.15 }));
  const noiseLevel = 0.15 + next() * 0.15;
  const heard = layers.reduce((sum, { sound, level }) => sum + power(LOUDNESS_DB[sound.kind], level * sound.volume), 0) + (noise ? power(NOISE_LOUDNESS_DB[noise], noiseLevel) : 0);
  const ceiling = track ? power(LOUDNESS_DB[track.kind] - TRACK_HEADROOM_DB, track.volume) : Infinity;
  // One scale for all keeps their balance; rounding down to whole percents keeps it under the ceiling and exact in a link.
  const scale = heard > ceiling ? Math.sqrt(ceiling / heard) : 1;
  const percent = (level: number) => Math.floor(level * scale * 100) / 100;
  const out: LinkLayer[] = layers.map(({ sound, level }) => ({ sound: sound.slug, level: percent(level) }));
  if (noise) out.push({ sound: noise, level: percent(noiseLevel) });
  return { layers: out, seed: seed >>> 0 };
}

/** The layers' summed power against the track's, in dB (negative: the track is on top); for tests and the bench. */
export function layersBelowTrackDb(track: SurpriseSound, layers: readonly LinkLayer[], pool: readonly SurpriseSound[]): number {
  const heard = layers.reduce((sum, layer) => {
    const sound = pool.find((each) => each.slug === layer.sound);
    if (sound) return sum + power(LOUDNESS_DB[sound.kind], layer.level * sound.volume);
    return sum + power(NOISE_LOUDNESS_DB[layer.sound as Noise] ?? 0, layer.level);
  }, 0);
  return 10 * Math.log10(heard / power(LOUDNESS_DB[track.kind], track.volume));
}
