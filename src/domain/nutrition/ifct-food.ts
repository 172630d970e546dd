/** One IFCT 2017 food, per 100 g edible portion (see ifct-foods.generated.ts). */
export interface IfctFood {
  name: string;
  /** IFCT food group, e.g. "Grain Legumes"; diets follow from it (diet.ts). */
  group: string;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
  fibre: number;
}
