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
    /** SPEC: Morning has no type field; see normaliseEntry in catalogue.ts. */
    readonly type?: SoundType;
    readonly reversedURL?: string;
}
/** File slug of a sound: 'Ocean' -> 'ocean'. Used for media file names. */
export declare const mediaSlug: (name: string) => string;
export declare const catalogueEntries: readonly CatalogueEntry[];
