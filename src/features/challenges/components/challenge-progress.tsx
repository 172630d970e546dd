import { useId } from 'react';
import type { NutritionTargets } from '@domain/nutrition/nutrition-targets';
import { adherenceCounts } from '@domain/challenges/meal-adherence';
import { indianGrouped } from '@/lib/text-format';
import type { DayPlan } from '../lib/challenge-meals';
import { challengeProgress, type DayProgress } from '../lib/challenge-progress';

const BAR_WIDTH = 28;
const GAP = 14;
const CHART_HEIGHT = 90;

/** "1,234 / 1,900" with the day's target when the plan has one. */
const versus = (value: number, target: number | undefined) =>
  `${indianGrouped(value)}${typeof target === 'number' ? ` / ${indianGrouped(target)}` : ''}`;

/** A proof waiting for an admin earns nothing yet (docs/product.md, "Proofs under review"). */
const underReviewText = (meals: number) => `Under review: ${meals}`;

/**
 * A day per bar: its height the share of the day's meals proved, its fill the share of the day's
 * calorie target those meals carry. Drawn in SVG (a few rectangles need no charting library); the
 * table below carries the same figures for screen readers.
 */
function ProgressBars({ days, calorieTarget }: { days: DayProgress[]; calorieTarget?: number }) {
  const width = days.length * (BAR_WIDTH + GAP);
  return (
    <svg
      viewBox={`0 0 ${width} ${CHART_HEIGHT + 16}`}
      className="challenge-progress-chart"
      style={{ maxWidth: width * 1.6, width: '100%' }}
      aria-hidden="true"
    >
      {days.map((day, index) => {
        const x = index * (BAR_WIDTH + GAP) + GAP / 2;
        const share = day.planned ? day.proved / day.planned : 0;
        const kcalShare = calorieTarget ? Math.min(day.eaten.calories / calorieTarget, 1) : share;
        return (
          <g key={day.dayNumber}>
            <rect x={x} y={0} width={BAR_WIDTH} height={CHART_HEIGHT} fill="#e9ecef" rx="3" />
            <rect
              x={x}
              y={CHART_HEIGHT * (1 - share)}
              width={BAR_WIDTH}
              height={CHART_HEIGHT * share}
              fill="#a3cfbb"
              rx="3"
            />
            <rect
              x={x + BAR_WIDTH / 4}
              y={CHART_HEIGHT * (1 - kcalShare)}
              width={BAR_WIDTH / 2}
              height={CHART_HEIGHT * kcalShare}
              fill="#198754"
            />
            <text x={x + BAR_WIDTH / 2} y={CHART_HEIGHT + 13} textAnchor="middle" fontSize="10">
              D{day.dayNumber}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The owner's progress through their challenge: adherence (proved of the meals so far, the total beside it),
 * a bar per day, and the figures as a table.
 */
export function ChallengeProgressView({
  plans,
  targets,
  now,
  startedAt,
}: {
  plans: DayPlan[];
  targets: NutritionTargets | undefined;
  now: number;
  startedAt: number | undefined;
}) {
  const headingId = useId();
  const progress = challengeProgress(plans, now, startedAt);
  return (
    <section className="card shadow-sm mt-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5">
          Progress
        </h2>
        <p className="mb-2">
          <strong>Adherence: {progress.adherence.percent} %</strong>{' '}
          <span className="text-body-secondary">({adherenceCounts(progress.adherence)})</span>{' '}
          {progress.underReview > 0 && (
            <span className="text-body-secondary">{underReviewText(progress.underReview)}</span>
          )}
        </p>
        <ProgressBars days={progress.days} calorieTarget={targets?.calories} />
        <p className="small text-body-secondary">
          Light bar: meals proved that day. Dark bar: the share of the day&apos;s calories they
          carry.
        </p>
        <div className="table-responsive">
          <table className="table table-sm mb-0 small">
            <caption className="visually-hidden">
              Meals proved and what they add up to, each day against its targets
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Meals proved</th>
                <th scope="col">kcal</th>
                <th scope="col">Protein (g)</th>
                <th scope="col">Carbs (g)</th>
                <th scope="col">Fat (g)</th>
              </tr>
            </thead>
            <tbody>
              {progress.days.map((day) => (
                <tr key={day.dayNumber}>
                  <th scope="row">Day {day.dayNumber}</th>
                  <td>
                    {day.proved} / {day.planned}
                    {day.underReview > 0 && (
                      <span className="d-block text-body-secondary">
                        {underReviewText(day.underReview)}
                      </span>
                    )}
                  </td>
                  <td>{versus(day.eaten.calories, targets?.calories)}</td>
                  <td>{versus(day.eaten.protein, targets?.protein)}</td>
                  <td>{versus(day.eaten.carbs, targets?.carbs)}</td>
                  <td>{versus(day.eaten.fat, targets?.fat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
