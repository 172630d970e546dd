import Table from 'react-bootstrap/Table';
import { MEAL_SLOTS, MEAL_WINDOW_LABELS, type MealStatus } from '@domain/constants';
import { canUploadProof, mealStatus } from '@domain/challenges/meal-status';
import { nextProofAttempt } from '@domain/challenges/proof-review';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { slotLabel, type DayPlan } from '../lib/challenge-meals';
import { useMainContent } from '@/hooks/use-main-content';
import { appImageSource } from '@/lib/safe-urls';
import { MealIngredients } from './meal-ingredients';
import { MealProofUpload } from './meal-proof-upload';
import { MealSwapButton } from './meal-swap-button';
import { MealStatusBadge } from './meal-status-badge';

const UPLOAD_HINTS: Record<MealStatus, string | undefined> = {
  Pending: 'Opens with its window',
  Available: undefined,
  Expired: 'Window closed',
  Done: 'Proof uploaded',
};

interface DayMealTableProps {
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  plan: DayPlan;
  now: number;
}

/** Breakfast, lunch and dinner of one day, each with its window, status and proof upload. */
export function DayMealTable({ challenge, plan, now }: DayMealTableProps) {
  // The dishes' pictures start once the plan, the page's main content, has painted (an empty frame of their
  // size until then).
  const painted = useMainContent(true);
  return (
    <Table className="meal-table align-middle bg-white">
      <caption className="visually-hidden">Meals of Day {plan.dayNumber}</caption>
      <thead>
        <tr>
          <th scope="col">Meal</th>
          <th scope="col">Dish</th>
          <th scope="col">Calories</th>
          <th scope="col">Status</th>
          <th scope="col">Proof</th>
        </tr>
      </thead>
      <tbody>
        {MEAL_SLOTS.map((slot) => {
          const meal = plan.meals[slot];
          const mealLabel = `Day ${plan.dayNumber} ${slot}`;
          if (!meal) {
            return (
              <tr key={slot}>
                <th scope="row">{slotLabel(slot)}</th>
                <td colSpan={4} className="text-body-secondary">
                  No meal planned.
                </td>
              </tr>
            );
          }
          const status = mealStatus(meal, now);
          const image = appImageSource(meal.img);
          return (
            <tr key={slot}>
              <th scope="row">
                {slotLabel(slot)}
                <div className="small fw-normal text-body-secondary">
                  {MEAL_WINDOW_LABELS[slot]}
                </div>
              </th>
              <td data-label="Dish">
                <div className="d-flex gap-2 align-items-start">
                  {image &&
                    (painted ? (
                      <img
                        src={image}
                        alt={meal.name}
                        className="meal-image flex-shrink-0"
                        loading="lazy"
                      />
                    ) : (
                      <span
                        className="meal-image flex-shrink-0 d-inline-block"
                        aria-hidden="true"
                      />
                    ))}
                  <div>
                    <div className="fw-semibold">{meal.name}</div>
                    {meal.details && (
                      <div className="small text-body-secondary">{meal.details}</div>
                    )}
                    <MealIngredients meal={meal} />
                    {(status === 'Pending' || status === 'Available') && (
                      <MealSwapButton
                        challenge={challenge}
                        dayNumber={plan.dayNumber}
                        slot={slot}
                        mealLabel={mealLabel}
                      />
                    )}
                  </div>
                </div>
              </td>
              <td className="text-nowrap" data-label="Calories">
                <div>
                  {Math.round(meal.calories)} kcal
                  {typeof meal.protein === 'number' && (
                    <div className="small text-body-secondary">
                      {Math.round(meal.protein)} g protein
                    </div>
                  )}
                </div>
              </td>
              <td data-label="Status">
                <MealStatusBadge status={status} review={meal.review} />
              </td>
              <td className="meal-proof-cell" data-label="Proof">
                <MealProofUpload
                  challenge={challenge}
                  dayNumber={plan.dayNumber}
                  slot={slot}
                  attempt={nextProofAttempt(meal)}
                  enabled={canUploadProof(meal, now)}
                  mealLabel={mealLabel}
                  hint={UPLOAD_HINTS[status]}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
