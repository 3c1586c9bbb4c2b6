import { type CatalogueEntry, type SoundType } from './entries';
/** A catalogue entry as the app uses it: absolute media URLs and a normalised kind. */
export interface Soundscape extends CatalogueEntry {
    /** type, normalised: SPEC's Morning has no type field but is a lofi track. */
    readonly kind: SoundType;
}
/** Resolve a media path against the media host ('' = this origin, under the app's base path). */
export declare function resolveMediaUrl(path: string, mediaHost?: string, base?: string): string;
/**
 * The one place entries are normalised. Entries without a type sit in the lofi block (13–23)
 * in SPEC, so they are lofi; anything else untyped would be ambient.
 */
export declare function normaliseEntry(entry: CatalogueEntry, mediaHost?: string): Soundscape;
export declare const soundscapes: readonly Soundscape[];
export declare const getSoundscape: (index: number) => Soundscape | undefined;
/** Sorted copy by name; the catalogue itself is never sorted. */
export declare const soundscapesByName: (list?: readonly Soundscape[]) => Soundscape[];
/** SPEC: a host whose name starts with 'reversed.' plays reversed versions. */
export declare const isReversedHost: (hostname: string) => boolean;
