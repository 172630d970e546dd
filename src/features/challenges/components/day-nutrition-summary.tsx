import type { DayMeals } from '@domain/challenges/challenge-record';
import type { DayShortfall } from '@domain/challenges/challenge-record';
import {
  dailyFibreTarget,
  dayTargetBounds,
  targetMark,
  type DayNutrient,
  type NutritionTargets,
  type TargetMark,
} from '@domain/nutrition/nutrition-targets';
import { dayNutrients } from '../lib/day-nutrients';

interface DayNutritionSummaryProps {
  dayNumber: number;
  meals: DayMeals;
  targets: NutritionTargets | undefined;
  /** The targets the planner could not meet this day, and why (stored on the challenge). */
  shortfalls?: readonly DayShortfall[];
}

const ROWS: readonly { nutrient: DayNutrient; label: string; unit: string }[] = [
  { nutrient: 'calories', label: 'Energy', unit: 'kcal' },
  { nutrient: 'protein', label: 'Protein', unit: 'g' },
  { nutrient: 'carbs', label: 'Carbs', unit: 'g' },
  { nutrient: 'fat', label: 'Fat', unit: 'g' },
  { nutrient: 'fibre', label: 'Fibre', unit: 'g' },
];

const MARK_STYLE: Record<TargetMark, string> = {
  'on target': 'text-bg-success',
  over: 'text-bg-warning',
  under: 'text-bg-warning',
};

const MARK_SYMBOL: Record<TargetMark, string> = { 'on target': '✓', over: '▲', under: '▼' };

const labelOf = (nutrient: DayNutrient) =>
  ROWS.find((row) => row.nutrient === nutrient)?.label ?? nutrient;

/**
 * A day's kcal, protein, carbs, fat and fibre from its planned meals, each against the day's target
 * with an "on target / over / under" mark by the bounds of docs/nutrition.md#targets-and-bounds, and
 * the targets the planner could not meet, with why.
 */
export function DayNutritionSummary({
  dayNumber,
  meals,
  targets,
  shortfalls,
}: DayNutritionSummaryProps) {
  const totals = dayNutrients(meals);
  const bounds = targets && dayTargetBounds(targets);
  const targetOf: Record<DayNutrient, number | undefined> = {
    calories: targets?.calories,
    protein: targets?.protein,
    carbs: targets?.carbs,
    fat: targets?.fat,
    fibre: targets && dailyFibreTarget(targets.calories),
  };
  return (
    <section aria-label={`Day ${dayNumber} nutrition`} className="day-nutrition mb-3">
      <dl className="d-flex flex-wrap gap-2 mb-0">
        {ROWS.map(({ nutrient, label, unit }) => {
          const value = totals[nutrient];
          const target = targetOf[nutrient];
          const mark = bounds && targetMark(value, bounds[nutrient]);
          return (
            <div key={nutrient} className="day-nutrition-item border rounded px-2 py-1 bg-white">
              <dt className="small text-body-secondary fw-normal">{label}</dt>
              <dd className="mb-0">
                <span className="fw-semibold">{Math.round(value)}</span>
                {typeof target === 'number'
                  ? ` / ${bounds?.[nutrient].max === Infinity ? 'at least ' : ''}${Math.round(target)} ${unit}`
                  : ` ${unit}`}
                {mark && (
                  <span className={`badge ms-1 ${MARK_STYLE[mark]}`}>
                    <span aria-hidden="true">{MARK_SYMBOL[mark]} </span>
                    {mark}
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {shortfalls && shortfalls.length > 0 && (
        <div className="alert alert-warning small mt-2 mb-0" role="note">
          <p className="mb-1 fw-semibold">This day cannot meet every target:</p>
          <ul className="mb-0 ps-3">
            {shortfalls.map((shortfall) => (
              <li key={shortfall.nutrient}>
                {labelOf(shortfall.nutrient)} {shortfall.direction} ({shortfall.total} against{' '}
                {shortfall.direction === 'under' ? 'at least' : 'at most'} {shortfall.bound}):{' '}
                {shortfall.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
