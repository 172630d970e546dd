import type { ChallengeRecord, ChallengeRef } from '@domain/challenges/challenge-record';
import { currentMeal, windowText } from '@domain/challenges/current-meal';
import { mealPointsEarned } from '@domain/challenges/meal-points';
import { canUploadProof, proofReviewLabel } from '@domain/challenges/meal-status';
import { nextProofAttempt } from '@domain/challenges/proof-review';
import { slotLabel } from '../lib/challenge-meals';
import { MealDoneNote } from './meal-done-note';
import { MealSnapButton } from './meal-snap-button';

interface NowCardProps {
  challenge: ChallengeRecord;
  /** The plan's owner (the viewer) and id: the proof's paths. */
  plan: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  now: number;
}

/**
 * "Now" (docs/product.md, "The challenge page"): the meal of the moment first, with the same snap button as
 * Today. While its window is open the button stays at the bottom of a phone's screen (challenges.css,
 * .now-action). Nothing once every window has closed.
 */
export function NowCard({ challenge, plan, now }: NowCardProps) {
  const current = currentMeal(challenge, now);
  if (!current) return null;
  const { dayNumber, slot, meal, open } = current;
  const proved = meal.status === 'Done';
  const snappable = open && !proved && canUploadProof(meal, now);
  return (
    <section className="card now-card shadow-sm mb-4" aria-labelledby="now-heading">
      <div className="card-body">
        <h2 id="now-heading" className="h6 text-uppercase text-success-emphasis mb-1">
          Now
        </h2>
        <p className="h5 mb-1">
          {slotLabel(slot)}: {meal.name}
        </p>
        <p className="mb-0 text-body-secondary">
          Day {dayNumber} · {windowText(meal, now, challenge.timezone)}
        </p>
        {proved && (
          <MealDoneNote
            className="mt-3"
            points={mealPointsEarned(challenge.meals[`Day${dayNumber}`] ?? {}, slot)}
            flagged={proofReviewLabel(meal) === 'Under review'}
          />
        )}
        {snappable && (
          <MealSnapButton
            className="now-action mt-3"
            challenge={plan}
            dayNumber={dayNumber}
            slot={slot}
            attempt={nextProofAttempt(meal)}
          />
        )}
      </div>
    </section>
  );
}
