import { MEAL_SLOTS, MEAL_WINDOW_LABELS, type MealSlot } from '@domain/constants';
import type { ChallengeRef, MealRecord } from '@domain/challenges/challenge-record';
import { windowText } from '@domain/challenges/current-meal';
import { closedBeforeStart } from '@domain/challenges/meal-adherence';
import { canUploadProof, mealStatus } from '@domain/challenges/meal-status';
import { nextProofAttempt } from '@domain/challenges/proof-review';
import { useMainContent } from '@/hooks/use-main-content';
import { appImageSource } from '@/lib/safe-urls';
import { slotLabel, type DayPlan } from '../lib/challenge-meals';
import { MealIngredients } from './meal-ingredients';
import { MealProofUpload } from './meal-proof-upload';
import { MealStatusBadge } from './meal-status-badge';
import { MealSwapButton } from './meal-swap-button';

/** The line a meal card shows for a meal that was never open to this member. */
export const BEFORE_START_TEXT = 'Before you started · not counted';

interface DayMealCardsProps {
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  plan: DayPlan;
  now: number;
  /** When the member started (the plan's createdAt): meals closed before it are not counted. */
  startedAt: number | undefined;
  timeZone: string | undefined;
}

/**
 * Breakfast, lunch and dinner of one day as cards (docs/product.md, "The challenge page"): the dish, its
 * window, and what can be done now. Only a meal that can take a proof has a photo picker; one still to come
 * says when it opens, one closed before the member started says it is not counted.
 */
export function DayMealCards({ challenge, plan, now, startedAt, timeZone }: DayMealCardsProps) {
  // The dishes' pictures start once the plan, the page's main content, has painted (an empty frame of their
  // size until then).
  const painted = useMainContent(true);
  return (
    <ul className="list-unstyled meal-cards mb-0" aria-label={`Meals of Day ${plan.dayNumber}`}>
      {MEAL_SLOTS.map((slot) => (
        <li key={slot} className="mb-3">
          <MealCard
            challenge={challenge}
            dayNumber={plan.dayNumber}
            slot={slot}
            meal={plan.meals[slot]}
            now={now}
            startedAt={startedAt}
            timeZone={timeZone}
            painted={painted}
          />
        </li>
      ))}
    </ul>
  );
}

interface MealCardProps extends Omit<DayMealCardsProps, 'plan'> {
  dayNumber: number;
  slot: MealSlot;
  meal: MealRecord | undefined;
  painted: boolean;
}

function MealCard({
  challenge,
  dayNumber,
  slot,
  meal,
  now,
  startedAt,
  timeZone,
  painted,
}: MealCardProps) {
  const headingId = `meal-${dayNumber}-${slot}`;
  if (!meal)
    return (
      <article className="card meal-card" aria-labelledby={headingId}>
        <div className="card-body">
          <h3 id={headingId} className="h6 mb-1">
            {slotLabel(slot)}
          </h3>
          <p className="text-body-secondary mb-0">No meal planned.</p>
        </div>
      </article>
    );
  const status = mealStatus(meal, now);
  const beforeStart = status === 'Expired' && closedBeforeStart(meal, startedAt);
  const mealLabel = `Day ${dayNumber} ${slot}`;
  const image = appImageSource(meal.img);
  return (
    <article className="card meal-card" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <div>
            <h3 id={headingId} className="h6 mb-0">
              {slotLabel(slot)}: {meal.name}
            </h3>
            <p className="small text-body-secondary mb-0">{MEAL_WINDOW_LABELS[slot]}</p>
          </div>
          {!beforeStart && (
            <div className="text-end flex-shrink-0">
              <MealStatusBadge status={status} review={meal.review} />
            </div>
          )}
        </div>
        <div className="d-flex gap-3 align-items-start">
          {image &&
            (painted ? (
              <img
                src={image}
                alt={meal.name}
                className="meal-image flex-shrink-0"
                loading="lazy"
              />
            ) : (
              <span className="meal-image flex-shrink-0 d-inline-block" aria-hidden="true" />
            ))}
          <div className="min-w-0">
            <p className="mb-1">
              {Math.round(meal.calories)} kcal
              {typeof meal.protein === 'number' && ` · ${Math.round(meal.protein)} g protein`}
            </p>
            {meal.details && <p className="small text-body-secondary mb-1">{meal.details}</p>}
            <MealIngredients meal={meal} />
            {(status === 'Pending' || status === 'Available') && (
              <MealSwapButton
                challenge={challenge}
                dayNumber={dayNumber}
                slot={slot}
                mealLabel={mealLabel}
              />
            )}
          </div>
        </div>
        <div className="meal-card-proof mt-2">
          {canUploadProof(meal, now) ? (
            <MealProofUpload
              challenge={challenge}
              dayNumber={dayNumber}
              slot={slot}
              attempt={nextProofAttempt(meal)}
              enabled
              mealLabel={mealLabel}
            />
          ) : (
            <MealStateLine
              status={status}
              beforeStart={beforeStart}
              text={windowText(meal, now, timeZone)}
            />
          )}
        </div>
      </div>
    </article>
  );
}

/** Why a meal takes no photo now, in words: when it opens, that it closed, or that it never counted. */
function MealStateLine({
  status,
  beforeStart,
  text,
}: {
  status: ReturnType<typeof mealStatus>;
  beforeStart: boolean;
  text: string;
}) {
  if (beforeStart) return <p className="small text-body-secondary mb-0">{BEFORE_START_TEXT}</p>;
  if (status === 'Pending')
    return <p className="small mb-0">{text[0]!.toUpperCase() + text.slice(1)}</p>;
  if (status === 'Expired')
    return <p className="small text-body-secondary mb-0">Window closed · not proved</p>;
  return null;
}
