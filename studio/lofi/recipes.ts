import type { SoundRecipe } from '../contract.ts';

/** The eleven lofi songs (catalogue 13–23). Filled in by the lofi engine work. */
export const lofiRecipes: readonly SoundRecipe[] = [];
