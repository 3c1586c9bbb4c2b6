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

/**
 * Source files (relative to the repo root) that belong to one recipe: a loop's own file plus the
 * other sounds it builds on (Forest layers River's brook), followed through their imports.
 */
export function recipeSources(recipe: SoundRecipe, slug: string, read: (file: string) => string): { files: string[]; dirs: string[] } {
  if (recipe.form === 'song') return { files: [], dirs: ['studio/lofi'] };
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const match of read(file).matchAll(/from '\.\/([\w-]+)\.ts'/g)) visit(`studio/sounds/${match[1]}.ts`);
  };
  visit(`studio/sounds/${slug}.ts`);
  return { files, dirs: [] };
}
