/**
 * Recomputes from the IFCT 2017 CSV itself (read with Node, as the generator does) what the app computes
 * from its generated table: the table is current and every dish's energy matches its ingredients.
 */
import { describe, expect, it } from 'vitest';
import { readIfctCsv } from '../../../../scripts/lib/ifct-csv';
import { DISH_CATALOGUE } from '../dish-catalogue';
import { FAT_KJ_PER_GRAM, KJ_PER_KCAL } from './ifct-energy';
import { IFCT_FOODS } from './ifct-food';

const csv = readIfctCsv();

describe('IFCT 2017 nutrition', () => {
  it('has the generated table in step with the CSV (run scripts/generate-ifct-table.ts if not)', () => {
    for (const [code, food] of Object.entries(IFCT_FOODS)) {
      const row = csv.get(code)!;
      expect({ name: food.name, group: food.group }).toEqual({ name: row.name, group: row.group });
      expect([food.protein, food.fat, food.carbs, food.fibre]).toEqual([
        row.protein,
        row.fat,
        row.carbs,
        row.fibre,
      ]);
    }
  });

  it("matches every dish's energy to the sum of its ingredients' IFCT energy within 1%", () => {
    for (const dish of DISH_CATALOGUE) {
      const kj = dish.ingredients.reduce((sum, { code, grams }) => {
        const row = csv.get(code)!;
        // IFCT lists fats and oils at 0 kJ; their energy is their fat at IFCT's 37 kJ/g.
        const per100g = row.energyKj > 0 ? row.energyKj : row.fat * FAT_KJ_PER_GRAM;
        return sum + (per100g * grams) / 100;
      }, 0);
      expect(Math.abs(dish.kcal - kj / KJ_PER_KCAL), dish.id).toBeLessThanOrEqual(dish.kcal * 0.01);
      const protein = dish.ingredients.reduce(
        (sum, { code, grams }) => sum + (csv.get(code)!.protein * grams) / 100,
        0,
      );
      expect(dish.protein, dish.id).toBeCloseTo(protein, 6);
    }
  });
});
