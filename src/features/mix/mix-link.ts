import type { NoiseColour } from '../../stores/noise-store';

/**
 * Mix links (issue 13): the current mix as readable query parameters on '/', e.g.
 *   /?mix=1&sound=rain&noise=brown&volume=80&noiseLevel=40
 * `mix` is the format version; `sound` a catalogue slug (stable, never a display name);
 * `noise` a colour; `volume` and `noiseLevel` whole percents. Pure: no DOM, no stores, so it is
 * tested as a function. Decoding treats every value as hostile: it only ever returns values it
 * chose itself (a known slug, a colour from its list, a number it parsed), never the link's text.
 */
export const MIX_LINK_VERSION = '1';

export const MIX_PARAMS = { version: 'mix', sound: 'sound', noise: 'noise', volume: 'volume', noiseLevel: 'noiseLevel' } as const;

/** Longer than any link Lull writes by far; anything longer is not read at all. */
export const MAX_MIX_QUERY_LENGTH = 256;

const COLOURS: readonly NoiseColour[] = ['white', 'pink', 'brown'];
const SLUG = /^[a-z0-9-]{1,40}$/;
const PERCENT = /^\d{1,3}$/;

export interface SharedMix {
  /** Catalogue slug of the track ('rain'), or null for a noise alone. */
  soundSlug: string | null;
  /** The noise colour: under the track, or alone when there is no track. */
  noise: NoiseColour | null;
  /** Master volume, 0..1. */
  masterVolume: number;
  /** The noise's level, 0..1 (null without a noise). */
  noiseLevel: number | null;
}

/** Which part of a link was ignored. */
export type MixLinkProblem = 'version' | 'sound' | 'noise' | 'volume' | 'noiseLevel' | 'unknown' | 'duplicate' | 'tooLong' | 'empty';

export type DecodedMixLink =
  /** The address carries no mix at all. */
  | { kind: 'none' }
  /** A mix to offer; `ignored` lists what could not be used. */
  | { kind: 'mix'; mix: SharedMix; ignored: MixLinkProblem[] }
  /** It tried to be a mix link, but nothing in it can be used. */
  | { kind: 'invalid'; ignored: MixLinkProblem[] };

const toPercent = (level: number): string => String(Math.round(Math.min(1, Math.max(0, Number.isFinite(level) ? level : 1)) * 100));

/** The query string (with its '?') for a mix. */
export function encodeMix(mix: SharedMix): string {
  const params = new URLSearchParams();
  params.set(MIX_PARAMS.version, MIX_LINK_VERSION);
  if (mix.soundSlug !== null) params.set(MIX_PARAMS.sound, mix.soundSlug);
  if (mix.noise !== null) params.set(MIX_PARAMS.noise, mix.noise);
  params.set(MIX_PARAMS.volume, toPercent(mix.masterVolume));
  if (mix.noise !== null && mix.noiseLevel !== null) params.set(MIX_PARAMS.noiseLevel, toPercent(mix.noiseLevel));
  return `?${params.toString()}`;
}

/** The full link: `base` is the app's root URL, e.g. 'https://lull.example/'. */
export const mixLink = (base: string, mix: SharedMix): string => `${base.replace(/[?#].*$/, '')}${encodeMix(mix)}`;

const parsePercent = (text: string): number | undefined => {
  if (!PERCENT.test(text)) return undefined;
  const n = Number(text);
  return n <= 100 ? n / 100 : undefined;
};

const knownParams = new Set<string>(Object.values(MIX_PARAMS));


/**
 * Reads `location.search`. `knownSlugs` are the sounds this host can play. A link with any of the
 * mix parameters is a mix link; anything else in the address is none of its business.
 */
export function decodeMixLink(search: string, knownSlugs: ReadonlySet<string>): DecodedMixLink {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return { kind: 'none' };
  if (query.length > MAX_MIX_QUERY_LENGTH) {
    // Only look for our own names in a huge address, without decoding it.
    return /(^|&)(mix|sound|noise|volume|noiseLevel)=/.test(query) ? { kind: 'invalid', ignored: ['tooLong'] } : { kind: 'none' };
  }
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  if (!names.some((name) => knownParams.has(name))) return { kind: 'none' };

  const ignored = new Set<MixLinkProblem>();
  if (names.some((name) => !knownParams.has(name))) ignored.add('unknown');
  /** A parameter given once; twice or more is ambiguous and ignored. */
  const single = (name: string): string | undefined => {
    const values = params.getAll(name);
    if (values.length > 1) ignored.add('duplicate');
    return values.length === 1 ? values[0] : undefined;
  };

  if (single(MIX_PARAMS.version) !== MIX_LINK_VERSION) return { kind: 'invalid', ignored: ['version', ...ignored] };

  const soundText = single(MIX_PARAMS.sound);
  let soundSlug: string | null = null;
  if (soundText !== undefined) {
    if (SLUG.test(soundText) && knownSlugs.has(soundText)) soundSlug = soundText;
    else ignored.add('sound');
  }

  const noiseText = single(MIX_PARAMS.noise);
  const noise = COLOURS.find((colour) => colour === noiseText) ?? null;
  if (noiseText !== undefined && noise === null) ignored.add('noise');

  const volumeText = single(MIX_PARAMS.volume);
  let masterVolume = parsePercent(volumeText ?? '');
  if (volumeText !== undefined && masterVolume === undefined) ignored.add('volume');

  const levelText = single(MIX_PARAMS.noiseLevel);
  let noiseLevel = parsePercent(levelText ?? '') ?? null;
  if (levelText !== undefined && noiseLevel === null) ignored.add('noiseLevel');

  if (soundSlug === null && noise === null) {
    if (soundText === undefined && noiseText === undefined) ignored.add('empty');
    return { kind: 'invalid', ignored: [...ignored] };
  }
  masterVolume ??= 1;
  if (noise === null) noiseLevel = null;
  return { kind: 'mix', mix: { soundSlug, noise, masterVolume, noiseLevel }, ignored: [...ignored] };
}
