import type { MealRecord } from '@domain/challenges/challenge-record';

const times = (portion: number) => `${Number(portion.toFixed(2))} ×`;

/** The sides served with a meal and its raw ingredients in grams for the member's portions. */
export function MealIngredients({ meal }: { meal: MealRecord }) {
  const ingredients = meal.ingredients ?? [];
  if (!ingredients.length) return null;
  return (
    <details className="meal-ingredients small mt-1">
      <summary>Ingredients ({ingredients.length})</summary>
      {typeof meal.portion === 'number' && (
        <p className="mb-1">
          {meal.name}: {times(meal.portion)} {meal.serving}
          {(meal.sides ?? []).map((side) => (
            <span key={side.dishId}>
              {' · '}
              {side.name}: {times(side.portion)} {side.serving}
            </span>
          ))}
        </p>
      )}
      <ul className="list-unstyled mb-0 meal-ingredient-list">
        {ingredients.map((ingredient) => (
          <li key={ingredient.label} className="d-flex justify-content-between gap-2">
            <span>{ingredient.label}</span>
            <span className="text-nowrap">{ingredient.grams} g</span>
          </li>
        ))}
      </ul>
      <p className="text-body-secondary mb-0 mt-1">Raw weights; nutrition from IFCT 2017.</p>
    </details>
  );
}
