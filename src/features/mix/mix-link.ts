/**
 * Mix links (issue 13, v2 in issue 23): a mix as readable query parameters on '/', e.g.
 *   /?mix=2&sound=chill&layers=rain:40,fire:25&volume=80
 * `mix` is the format version; `sound` the track's catalogue slug (stable, never a display name);
 * `layers` up to 5 `<slug or white|pink|brown>:<level 0-100>`; `volume` the master volume in whole
 * percents (left out: the listener's own volume stays); `alive` 0|1 and `seed` (whole number) make
 * the mix's slow drift reproducible. A layer of the sender's own sound (issue 41) is written `own:<level>`: its
 * id means nothing on another device, so the link says only that there was one. Version 1 links (`/?mix=1&sound=rain&noise=brown&volume=80&noiseLevel=40`)
 * still decode, into the same shape. Pure: no DOM, no stores, so it is tested as a function.
 * Decoding treats every value as hostile: it only ever returns values it chose itself (a known
 * slug, a colour from its list, a number it parsed), never the link's text.
 */
import { isOwnLayer } from '../../lib/own-layer-sound';

export const MIX_LINK_VERSION = '2';
export const MAX_LINK_LAYERS = 5;
/** A version 1 noise without its level plays at this level (the old bed's default). */
export const DEFAULT_LINK_LAYER_LEVEL = 0.5;

const V1 = ['mix', 'sound', 'noise', 'volume', 'noiseLevel'] as const;
const V2 = ['mix', 'sound', 'layers', 'volume', 'alive', 'seed'] as const;

/** Longer than any link Lull writes by far; anything longer is not read at all. */
export const MAX_MIX_QUERY_LENGTH = 256;

export const LINK_NOISES = ['white', 'pink', 'brown'] as const;
const SLUG = /^[a-z0-9-]{1,40}$/;
const PERCENT = /^\d{1,3}$/;
const LAYER = /^([a-z0-9-]{1,40}):(\d{1,3})$/;
const SEED = /^\d{1,10}$/;
/** A layer of the listener's own sound as a link writes it (in the store: `own:<id>`, lib/own-layer-sound.ts). */
const LINK_OWN = 'own';
const MAX_SEED = 0xffffffff;

/** One layer under the track: a catalogue slug or a noise colour, and its level 0..1. */
export interface LinkLayer {
  sound: string;
  level: number;
}

export interface SharedMix {
  /** Catalogue slug of the track ('rain'), or null for layers alone. */
  soundSlug: string | null;
  layers: LinkLayer[];
  /** Master volume 0..1, or null when the link carries none (the listener's volume stays). */
  masterVolume: number | null;
  /** The levels' slow drift and its seed, when the link says. */
  alive?: boolean;
  seed?: number;
  /** How many of the sounds were the sender's own (issue 41): named in the link, not playable from it. */
  senderOwn?: number;
  /** The track was one of them (`sound=own`): the receiver's first soundscape layer takes its place. */
  senderOwnTrack?: boolean;
}

/** Which part of a link was ignored. */
export type MixLinkProblem =
  | 'version' | 'sound' | 'noise' | 'volume' | 'noiseLevel' | 'layers' | 'tooManyLayers' | 'alive' | 'seed' | 'unknown' | 'duplicate' | 'tooLong' | 'empty';

export type DecodedMixLink =
  /** The address carries no mix at all. */
  | { kind: 'none' }
  /** A mix to offer; `ignored` lists what could not be used. */
  | { kind: 'mix'; mix: SharedMix; ignored: MixLinkProblem[] }
  /** It tried to be a mix link, but nothing in it can be used. */
  | { kind: 'invalid'; ignored: MixLinkProblem[] };

const toPercent = (level: number): number => Math.round(Math.min(1, Math.max(0, Number.isFinite(level) ? level : 1)) * 100);

/** The query string (with its '?') for a mix, in version 2. Slugs and numbers need no escaping, so ':' and ',' stay readable. */
export function encodeMix(mix: SharedMix): string {
  const parts = [`mix=${MIX_LINK_VERSION}`];
  if (mix.soundSlug !== null && isOwnLayer(mix.soundSlug)) parts.push(`sound=${LINK_OWN}`);
  else if (mix.soundSlug !== null && SLUG.test(mix.soundSlug)) parts.push(`sound=${mix.soundSlug}`);
  const layers = mix.layers
    .map((layer) => (isOwnLayer(layer.sound) ? { ...layer, sound: LINK_OWN } : layer))
    .filter((layer) => SLUG.test(layer.sound))
    .slice(0, MAX_LINK_LAYERS);
  if (layers.length > 0) parts.push(`layers=${layers.map((layer) => `${layer.sound}:${toPercent(layer.level)}`).join(',')}`);
  if (mix.masterVolume !== null) parts.push(`volume=${toPercent(mix.masterVolume)}`);
  if (mix.alive !== undefined) parts.push(`alive=${mix.alive ? 1 : 0}`);
  if (mix.seed !== undefined && Number.isInteger(mix.seed) && mix.seed >= 0 && mix.seed <= MAX_SEED) parts.push(`seed=${mix.seed}`);
  return `?${parts.join('&')}`;
}

/** The full link: `base` is the app's root URL, e.g. 'https://lull.example/'. */
export const mixLink = (base: string, mix: SharedMix): string => `${base.replace(/[?#].*$/, '')}${encodeMix(mix)}`;

const parsePercent = (text: string): number | undefined => {
  if (!PERCENT.test(text)) return undefined;
  const n = Number(text);
  return n <= 100 ? n / 100 : undefined;
};

const isNoise = (text: string): boolean => (LINK_NOISES as readonly string[]).includes(text);

/** What a link may name: tracks for `sound`, layers for `layers` (soundscapes; noises are always allowed). */
export interface KnownSounds {
  tracks: ReadonlySet<string>;
  layers: ReadonlySet<string>;
}

const knownOf = (known: ReadonlySet<string> | KnownSounds): KnownSounds => ('tracks' in known ? known : { tracks: known, layers: known });

/**
 * Reads `layers=a:40,b:25`: known sounds once each, at most 5 in all with the sender's own, in order; anything else
 * is reported. Returns the layers and how many were the sender's own.
 */
function parseLayers(text: string, known: KnownSounds, track: string | null, ignored: Set<MixLinkProblem>): { layers: LinkLayer[]; senderOwn: number } {
  const layers: LinkLayer[] = [];
  let senderOwn = 0;
  const seen = new Set<string>(track === null ? [] : [track]);
  for (const part of text.split(',')) {
    const match = LAYER.exec(part);
    const sound = match?.[1];
    const level = match?.[2] === undefined ? undefined : parsePercent(match[2]);
    if (sound === undefined || level === undefined || !(sound === LINK_OWN || isNoise(sound) || known.layers.has(sound))) {
      ignored.add('layers');
      continue;
    }
    if (seen.has(sound)) {
      ignored.add('duplicate');
      continue;
    }
    if (layers.length + senderOwn === MAX_LINK_LAYERS) {
      ignored.add('tooManyLayers');
      break;
    }
    if (sound === LINK_OWN) {
      senderOwn += 1;
      continue;
    }
    seen.add(sound);
    layers.push({ sound, level });
  }
  return { layers, senderOwn };
}

/**
 * Reads `location.search`. `known` are the sounds this host can play (one set for both roles, or
 * tracks and layers apart). A link with any of the mix parameters is a mix link; anything else in
 * the address is none of its business.
 */
export function decodeMixLink(search: string, known: ReadonlySet<string> | KnownSounds): DecodedMixLink {
  const sounds = knownOf(known);
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return { kind: 'none' };
  if (query.length > MAX_MIX_QUERY_LENGTH) {
    // Only look for our own names in a huge address, without decoding it.
    return /(^|&)(mix|sound|noise|volume|noiseLevel)=/.test(query) ? { kind: 'invalid', ignored: ['tooLong'] } : { kind: 'none' };
  }
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  // Every Lull link carries `mix`; the other v1 names count too, as the first look (mix-link-look.ts) does.
  const triggers = new Set<string>(V1);
  if (!names.some((name) => triggers.has(name))) return { kind: 'none' };

  const ignored = new Set<MixLinkProblem>();
  /** A parameter given once; twice or more is ambiguous and ignored. */
  const single = (name: string): string | undefined => {
    const values = params.getAll(name);
    if (values.length > 1) ignored.add('duplicate');
    return values.length === 1 ? values[0] : undefined;
  };
  const version = single('mix');
  if (version !== '1' && version !== '2') return { kind: 'invalid', ignored: ['version', ...ignored] };
  const ownNames = new Set<string>(version === '1' ? V1 : V2);
  if (names.some((name) => !ownNames.has(name))) ignored.add('unknown');

  const soundText = single('sound');
  let soundSlug: string | null = null;
  // The sender's own sound as the track (version 2): said, and the rest plays.
  const ownTrack = version === '2' && soundText === LINK_OWN;
  if (soundText !== undefined && !ownTrack) {
    if (SLUG.test(soundText) && sounds.tracks.has(soundText)) soundSlug = soundText;
    else ignored.add('sound');
  }

  const volumeText = single('volume');
  const masterVolume = volumeText === undefined ? null : (parsePercent(volumeText) ?? null);
  if (volumeText !== undefined && masterVolume === null) ignored.add('volume');

  const mix: SharedMix = { soundSlug, layers: [], masterVolume };
  let layersGiven: boolean;
  if (version === '1') {
    const noiseText = single('noise');
    layersGiven = noiseText !== undefined;
    const levelText = single('noiseLevel');
    const level = levelText === undefined ? DEFAULT_LINK_LAYER_LEVEL : parsePercent(levelText);
    if (level === undefined) ignored.add('noiseLevel');
    if (noiseText !== undefined && isNoise(noiseText)) mix.layers = [{ sound: noiseText, level: level ?? DEFAULT_LINK_LAYER_LEVEL }];
    else if (noiseText !== undefined) ignored.add('noise');
  } else {
    const layersText = single('layers');
    layersGiven = layersText !== undefined;
    if (layersText !== undefined) {
      const { layers, senderOwn } = parseLayers(layersText, sounds, soundSlug, ignored);
      mix.layers = layers;
      if (senderOwn > 0) mix.senderOwn = senderOwn;
    }
    if (ownTrack) {
      mix.senderOwnTrack = true;
      mix.senderOwn = (mix.senderOwn ?? 0) + 1;
    }
    const aliveText = single('alive');
    if (aliveText === '0' || aliveText === '1') mix.alive = aliveText === '1';
    else if (aliveText !== undefined) ignored.add('alive');
    const seedText = single('seed');
    const seed = seedText !== undefined && SEED.test(seedText) ? Number(seedText) : undefined;
    if (seed !== undefined && seed <= MAX_SEED) mix.seed = seed;
    else if (seedText !== undefined) ignored.add('seed');
  }

  if (soundSlug === null && mix.layers.length === 0) {
    if (soundText === undefined && !layersGiven) ignored.add('empty');
    // Only the sender's own sounds: nothing here can play them.
    if (mix.senderOwn !== undefined) ignored.add('layers');
    return { kind: 'invalid', ignored: [...ignored] };
  }
  return { kind: 'mix', mix, ignored: [...ignored] };
}
