import type { DayMeals } from '@/domain/challenge-record';
import { dailyFibreTarget, type NutritionTargets } from '@/domain/nutrition-targets';
import { dayNutrients } from '../lib/day-nutrients';

interface DayNutritionSummaryProps {
  dayNumber: number;
  meals: DayMeals;
  targets: NutritionTargets | undefined;
}

/** A day's kcal, protein, carbs, fat and fibre from its planned meals, each against the day's target. */
export function DayNutritionSummary({ dayNumber, meals, targets }: DayNutritionSummaryProps) {
  const totals = dayNutrients(meals);
  const rows = [
    { label: 'Energy', value: totals.calories, target: targets?.calories, unit: 'kcal' },
    { label: 'Protein', value: totals.protein, target: targets?.protein, unit: 'g' },
    { label: 'Carbs', value: totals.carbs, target: targets?.carbs, unit: 'g' },
    { label: 'Fat', value: totals.fat, target: targets?.fat, unit: 'g' },
    {
      label: 'Fibre',
      value: totals.fibre,
      target: targets && dailyFibreTarget(targets.calories),
      unit: 'g',
    },
  ];
  return (
    <section aria-label={`Day ${dayNumber} nutrition`} className="day-nutrition mb-3">
      <dl className="d-flex flex-wrap gap-2 mb-0">
        {rows.map(({ label, value, target, unit }) => (
          <div key={label} className="day-nutrition-item border rounded px-2 py-1 bg-white">
            <dt className="small text-body-secondary fw-normal">{label}</dt>
            <dd className="mb-0">
              <span className="fw-semibold">{Math.round(value)}</span>
              {typeof target === 'number' ? ` / ${Math.round(target)} ${unit}` : ` ${unit}`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
