import type { MealRecord } from '@domain/challenges/challenge-record';
import { FOODS, type FoodRef } from '@domain/nutrition/ifct-food-keys';

/** Kitchen units by ingredient label, from the food keys; grams (g/kg) for foods that have none. */
const KITCHEN_UNITS = new Map<string, FoodRef>(
  Object.values(FOODS).map((food: FoodRef) => [food.label, food]),
);

export interface ShoppingItem {
  label: string;
  grams: number;
  /** e.g. "1.2 kg", "750 ml", "6 pieces (300 g)". */
  amount: string;
}

export interface ShoppingGroup {
  /** IFCT food group, e.g. "Grain Legumes". */
  group: string;
  items: ShoppingItem[];
}

const oneDecimal = (value: number) => Number(value.toFixed(1)).toString();

/** An amount in the unit that reads best: pieces where a food comes in pieces, else ml/l or g/kg. */
export function kitchenAmount(label: string, grams: number): string {
  const unit = KITCHEN_UNITS.get(label);
  if (unit?.gramsPerPiece) {
    const pieces = Math.ceil(grams / unit.gramsPerPiece);
    return `${pieces} ${pieces === 1 ? 'piece' : 'pieces'} (${Math.round(grams)} g)`;
  }
  if (unit?.millilitresPerGram) {
    const millilitres = grams * unit.millilitresPerGram;
    return millilitres >= 1000
      ? `${oneDecimal(millilitres / 1000)} l`
      : `${Math.round(millilitres)} ml`;
  }
  return grams >= 1000 ? `${oneDecimal(grams / 1000)} kg` : `${Math.round(grams)} g`;
}

/** Ingredients of the given meals summed by food, grouped by IFCT food group (groups and items A–Z). */
export function shoppingList(meals: readonly MealRecord[]): ShoppingGroup[] {
  const byLabel = new Map<string, { group: string; grams: number }>();
  for (const meal of meals)
    for (const { label, group, grams } of meal.ingredients ?? []) {
      const entry = byLabel.get(label) ?? { group, grams: 0 };
      entry.grams += grams;
      byLabel.set(label, entry);
    }
  const groups = new Map<string, ShoppingItem[]>();
  for (const [label, { group, grams }] of byLabel) {
    const items = groups.get(group) ?? [];
    items.push({ label, grams, amount: kitchenAmount(label, grams) });
    groups.set(group, items);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, items]) => ({
      group,
      items: items.sort((a, b) => a.label.localeCompare(b.label)),
    }));
}

/** The list as plain text for copying or sharing. */
export function shoppingListText(title: string, groups: readonly ShoppingGroup[]): string {
  const lines = [title];
  for (const { group, items } of groups) {
    lines.push('', group);
    for (const item of items) lines.push(`- ${item.label}: ${item.amount}`);
  }
  return `${lines.join('\n')}\n`;
}
