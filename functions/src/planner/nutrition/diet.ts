import type { Preference } from '@domain/constants';

/** What decides which diets a dish fits. */
export type DietaryContent = 'meat' | 'fish' | 'egg' | 'dairy';

/** The diet content of each IFCT 2017 food group; groups not listed are plant foods. */
const CONTENT_OF_GROUP: Record<string, DietaryContent> = {
  'Animal Meat': 'meat',
  Poultry: 'meat',
  'Marine Fish': 'fish',
  'Fresh Water Fish and Shellfish': 'fish',
  'Marine Shellfish': 'fish',
  'Marine Mollusks': 'fish',
  'Egg and Egg Products': 'egg',
  'Milk and Milk Products': 'dairy',
};

/** IFCT files ghee (T013, clarified butter) under Edible Oils and Fats; for diets it is a milk product. */
const GROUP_FOR_DIET: Record<string, string> = { T013: 'Milk and Milk Products' };

export function dietaryContentOf(code: string, group: string): DietaryContent | undefined {
  return CONTENT_OF_GROUP[GROUP_FOR_DIET[code] ?? group];
}

/**
 * What each preference excludes. "veg" follows Indian usage: lacto-vegetarian, so no egg, meat or fish
 * (milk products are fine); "vegan" also excludes milk products; "nonveg" eats anything. IFCT 2017 has
 * no honey, so no recipe can contain it.
 */
export const EXCLUDED_BY_PREFERENCE: Record<Preference, readonly DietaryContent[]> = {
  vegan: ['meat', 'fish', 'egg', 'dairy'],
  veg: ['meat', 'fish', 'egg'],
  nonveg: [],
};

export function fitsPreference(
  contains: readonly DietaryContent[],
  preference: Preference,
): boolean {
  const excluded = EXCLUDED_BY_PREFERENCE[preference];
  return !contains.some((content) => excluded.includes(content));
}
