/**
 * A cheap first look at an address (no decoding): could it be a mix link (mix-link.ts)? Then the
 * prompt is worth loading. Its own module, so the home page's first load does not carry the decoder.
 */
export const mayBeMixLink = (search: string): boolean => /[?&](mix|sound|noise|volume|noiseLevel)=/.test(search);
