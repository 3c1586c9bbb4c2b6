import mediaVersions from 'virtual:lull-media-versions';
import { siteConfig } from '../lib/config';
import { strings } from '../lib/strings';
import { cardCoverPath, catalogueEntries, entryKind, mediaSlug, type CatalogueEntry, type SoundType } from './entries';

/** A catalogue entry as the app uses it: absolute media URLs and a normalised kind. */
export interface Soundscape extends CatalogueEntry {
  /** type, normalised: SPEC's Morning has no type field but is a lofi track. */
  readonly kind: SoundType;
}

/**
 * Resolve a media path against the media host ('' = this origin, under the app's base path),
 * with the file's content hash as `?v=` when the build knows it (vite.config.ts, readMediaVersions):
 * a re-rendered file gets a new URL, so HTTP caches, CDNs and the offline cache (keyed by URL)
 * fetch it again, while an old saved copy still plays offline.
 */
export function resolveMediaUrl(
  path: string,
  mediaHost: string = siteConfig.mediaHost,
  base: string = import.meta.env.BASE_URL,
  versions: Readonly<Record<string, string>> = mediaVersions,
): string {
  if (/^https?:\/\//.test(path)) return path;
  const url = mediaHost ? `${mediaHost}/${path}` : `${base.endsWith('/') ? base : `${base}/`}${path}`;
  const version = Object.prototype.hasOwnProperty.call(versions, path) ? versions[path] : undefined;
  return version ? `${url}?v=${version}` : url;
}

/** The one place entries are normalised (the kind rule itself is entryKind, shared with the studio). */
export function normaliseEntry(entry: CatalogueEntry, mediaHost?: string): Soundscape {
  const kind: SoundType = entryKind(entry);
  return {
    ...entry,
    url: resolveMediaUrl(entry.url, mediaHost),
    image: resolveMediaUrl(entry.image, mediaHost),
    ...(entry.reversedURL ? { reversedURL: resolveMediaUrl(entry.reversedURL, mediaHost) } : {}),
    kind,
  };
}

export const soundscapes: readonly Soundscape[] = Object.freeze(catalogueEntries.map((entry) => normaliseEntry(entry)));

/** The home card's cover (256 × 170, studio/cover.ts), resolved like every media URL. */
export const cardCoverUrl = (sound: Soundscape): string => resolveMediaUrl(cardCoverPath(`media/${mediaSlug(sound.name)}.png`));

export const getSoundscape = (index: number): Soundscape | undefined => soundscapes[index];

/** 'Ocean', or a readable stand-in for an index the catalogue does not have (an old playlist, a saved copy). */
export const soundName = (index: number): string => getSoundscape(index)?.name ?? strings.unknownSoundscape(index);

// One collator: localeCompare with a locale builds one per comparison (tens of ms per sort on a phone).
const byEnglishName = new Intl.Collator('en').compare;

/** Sorted copy by name; the catalogue itself is never sorted. */
export const soundscapesByName = (list: readonly Soundscape[] = soundscapes): Soundscape[] =>
  [...list].sort((a, b) => byEnglishName(a.name, b.name));

/** SPEC: a host whose name starts with 'reversed.' plays reversed versions. */
export const REVERSED_HOST_PREFIX = 'reversed.';
export const isReversedHost = (hostname: string): boolean => hostname.startsWith(REVERSED_HOST_PREFIX);
