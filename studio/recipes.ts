/**
 * The recipe registry: the 13 nature/ambient loops (studio/sounds) and the 11 lofi songs
 * (studio/lofi). `recipeSources` names the files whose content decides whether a sound must
 * be re-rendered (on top of the shared studio code, see main.ts).
 */
import type { SoundRecipe } from './contract.ts';
import { lofiRecipes } from './lofi/recipes.ts';
import { oceanRecipe } from './sounds/ocean.ts';
import { forestRecipe } from './sounds/forest.ts';
import { rainRecipe } from './sounds/rain.ts';
import { riverRecipe } from './sounds/river.ts';
import { windRecipe } from './sounds/wind.ts';
import { fireRecipe } from './sounds/fire.ts';
import { desertRecipe } from './sounds/desert.ts';
import { arcticRecipe } from './sounds/arctic.ts';
import { kettleRecipe } from './sounds/kettle.ts';
import { cricketsRecipe } from './sounds/crickets.ts';
import { underwaterRecipe } from './sounds/underwater.ts';
import { seagullsRecipe } from './sounds/seagulls.ts';
import { bubblesRecipe } from './sounds/bubbles.ts';

export const natureRecipes: readonly SoundRecipe[] = [
  oceanRecipe,
  forestRecipe,
  rainRecipe,
  riverRecipe,
  windRecipe,
  fireRecipe,
  desertRecipe,
  arcticRecipe,
  kettleRecipe,
  cricketsRecipe,
  underwaterRecipe,
  seagullsRecipe,
  bubblesRecipe,
];

export const allRecipes: readonly SoundRecipe[] = [...natureRecipes, ...lofiRecipes];

/** Source files (relative to the repo root) that belong to one recipe. */
export function recipeSources(recipe: SoundRecipe, slug: string): { files: string[]; dirs: string[] } {
  return recipe.form === 'song'
    ? { files: [], dirs: ['studio/lofi'] }
    : { files: [`studio/sounds/${slug}.ts`], dirs: [] };
}
