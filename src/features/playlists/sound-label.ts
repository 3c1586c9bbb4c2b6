import { getSoundscape } from '../../catalogue/catalogue';

export const soundEmoji = (index: number): string => getSoundscape(index)?.emoji ?? '❔';
