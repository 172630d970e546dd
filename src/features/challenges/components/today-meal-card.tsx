import { Link } from 'react-router-dom';
import type { CurrentMeal } from '@domain/challenges/current-meal';
import { windowText } from '@domain/challenges/current-meal';
import { mealPointsEarned } from '@domain/challenges/meal-points';
import { canUploadProof, proofReviewLabel } from '@domain/challenges/meal-status';
import { nextProofAttempt } from '@domain/challenges/proof-review';
import { challengePath } from '@/lib/app-addresses';
import { appImageSource } from '@/lib/safe-urls';
import type { TodayChallenge } from '../api/use-today-challenges';
import { slotLabel } from '../lib/challenge-meals';
import { MealDoneNote } from './meal-done-note';
import { MealSnapButton } from './meal-snap-button';

interface TodayMealCardProps {
  running: TodayChallenge;
  current: CurrentMeal;
  now: number;
}

/** One running challenge's meal of the moment: dish, window with its countdown, and the snap button or Done. */
export function TodayMealCard({ running, current, now }: TodayMealCardProps) {
  const { challenge, challengeId, addressOwnerId } = running;
  const { dayNumber, slot, meal, open } = current;
  const image = appImageSource(meal.img);
  const headingId = `today-${challengeId}`;
  const proved = meal.status === 'Done';
  const dayMeals = challenge.meals[`Day${dayNumber}`] ?? {};
  return (
    <article className="card today-card shadow-sm mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <p className="small text-body-secondary mb-1">
          <Link to={challengePath(addressOwnerId, challengeId, challenge.title)}>
            {challenge.title}
          </Link>{' '}
          · Day {dayNumber}
        </p>
        <div className="d-flex gap-3 align-items-start mb-3">
          {image && <img src={image} alt="" className="today-meal-image flex-shrink-0" />}
          <div className="min-w-0">
            <h3 id={headingId} className="h5 mb-1">
              {slotLabel(slot)}: {meal.name}
            </h3>
            <p className="mb-0 today-window">{windowText(meal, now, challenge.timezone)}</p>
          </div>
        </div>
        {proved ? (
          <MealDoneNote
            points={mealPointsEarned(dayMeals, slot)}
            flagged={proofReviewLabel(meal) === 'Under review'}
          />
        ) : (
          open &&
          canUploadProof(meal, now) && (
            <MealSnapButton
              challenge={{ ownerId: running.planOwnerId, challengeId }}
              dayNumber={dayNumber}
              slot={slot}
              attempt={nextProofAttempt(meal)}
            />
          )
        )}
      </div>
    </article>
  );
}
