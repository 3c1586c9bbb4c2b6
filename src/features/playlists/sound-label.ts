import { getSoundscape } from '../../catalogue/catalogue';
import { strings } from '../../lib/strings';

/** 'Ocean', or a readable stand-in for an index the catalogue does not have. */
export const soundName = (index: number): string => getSoundscape(index)?.name ?? strings.unknownSoundscape(index);
export const soundEmoji = (index: number): string => getSoundscape(index)?.emoji ?? '❔';
