import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import { planMeals } from '../../../../functions/src/planner/meal-planner';
import { loadLpSolver } from '../../../../functions/src/planner/nutrition/lp-solver';
import { nutritionTargets } from '@domain/nutrition/nutrition-targets';
import { DayNutritionSummary } from './day-nutrition-summary';
import { MealIngredients } from './meal-ingredients';

const targets = nutritionTargets({ height: 170, weight: 65, age: 30, sex: 'female' }, 'Maintain');
const [planned] = planMeals(
  { targets, days: 1, preference: 'veg', seed: 'ui' },
  await loadLpSolver(),
);
const windows = { status: 'Pending', opensAt: 0, closesAt: 1 };
const meals: DayMeals = {
  breakfast: { ...planned.breakfast!, ...windows },
  lunch: { ...planned.lunch!, ...windows },
  dinner: { ...planned.dinner!, ...windows },
};

describe('DayNutritionSummary', () => {
  it("shows the day's kcal, protein, carbs, fat and fibre against its targets", () => {
    render(<DayNutritionSummary dayNumber={1} meals={meals} targets={targets} />);
    const summary = screen.getByRole('region', { name: 'Day 1 nutrition' });
    const all = Object.values(meals) as MealRecord[];
    const sum = (key: 'calories' | 'protein' | 'carbs' | 'fat' | 'fibre') =>
      Math.round(all.reduce((total, meal) => total + (meal[key] ?? 0), 0));
    expect(within(summary).getByText('Energy').nextSibling).toHaveTextContent(
      `${sum('calories')} / ${targets.calories} kcal`,
    );
    expect(within(summary).getByText('Protein').nextSibling).toHaveTextContent(
      `${sum('protein')} / ${targets.protein} g`,
    );
    expect(within(summary).getByText('Carbs').nextSibling).toHaveTextContent(
      `${sum('carbs')} / ${targets.carbs} g`,
    );
    expect(within(summary).getByText('Fat').nextSibling).toHaveTextContent(
      `${sum('fat')} / ${targets.fat} g`,
    );
    expect(sum('fibre')).toBeGreaterThan(0);
    expect(within(summary).getByText('Fibre').nextSibling).toHaveTextContent(
      `${sum('fibre')} / at least ${Math.round((targets.calories * 14) / 1000)} g`,
    );
  });
});

describe('DayNutritionSummary marks', () => {
  const mark = (label: string) =>
    within(screen.getByRole('region', { name: 'Day 1 nutrition' })).getByText(label).nextSibling;

  it('marks every macro of a planned day "on target", in words a screen reader reads', () => {
    render(<DayNutritionSummary dayNumber={1} meals={meals} targets={targets} />);
    for (const label of ['Energy', 'Protein', 'Carbs', 'Fat', 'Fibre'])
      expect(mark(label)).toHaveTextContent(/on target$/);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('marks a total outside its bounds "over" or "under" (fat beyond +15 %, carbs below −15 %)', () => {
    const heavy: DayMeals = {
      ...meals,
      lunch: { ...meals.lunch!, fat: meals.lunch!.fat + targets.fat * 0.3, carbs: 0 },
    };
    render(<DayNutritionSummary dayNumber={1} meals={heavy} targets={targets} />);
    expect(mark('Fat')).toHaveTextContent(/over$/);
    expect(mark('Carbs')).toHaveTextContent(/under$/);
    expect(mark('Protein')).toHaveTextContent(/on target$/);
  });

  it('says which target a day cannot meet and why', () => {
    render(
      <DayNutritionSummary
        dayNumber={1}
        meals={meals}
        targets={targets}
        shortfalls={[
          {
            nutrient: 'protein',
            direction: 'under',
            total: 90,
            bound: 101,
            reason: 'No vegan dishes in the catalogue meet this together with the other targets.',
          },
        ]}
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Protein under (90 against at least 101): No vegan dishes in the catalogue meet this together with the other targets.',
    );
  });
});

describe('MealIngredients', () => {
  it('lists the raw grams of every ingredient and the portions served', async () => {
    const lunch = meals.lunch!;
    render(<MealIngredients meal={lunch} />);
    await userEvent.click(screen.getByText(`Ingredients (${lunch.ingredients!.length})`));
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(lunch.ingredients!.length);
    expect(items[0]).toHaveTextContent(
      `${lunch.ingredients![0].label}${lunch.ingredients![0].grams} g`,
    );
    expect(screen.getByText(new RegExp(`${lunch.name}: ${lunch.portion} ×`))).toBeVisible();
  });

  it('shows nothing for meals planned before ingredients were stored', () => {
    const { container } = render(
      <MealIngredients meal={{ ...meals.lunch!, ingredients: undefined }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
