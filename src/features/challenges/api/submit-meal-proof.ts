import type { MealSlot } from '@/domain/constants';
import { dayKey } from '@/domain/meal-schedule';
import { SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import type { ChallengeRef } from '@/domain/challenge-record';
import { recomputeMemberTotals } from './recompute-member-totals';

export interface StoredProof {
  url: string;
  path: string;
}

function mealPath(
  { ownerId, challengeId }: Pick<ChallengeRef, 'ownerId' | 'challengeId'>,
  dayNumber: number,
  slot: MealSlot,
) {
  return `${dbPaths.challenge(ownerId, challengeId)}/meals/${dayKey(dayNumber)}/${slot}`;
}

/**
 * Marks the meal proved in one update: the rules accept it only inside the
 * meal's window and only once (docs/architecture.md#data-model-and-access). Points follow from the server.
 */
export async function submitMealProof(
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>,
  dayNumber: number,
  slot: MealSlot,
  proof: StoredProof,
): Promise<void> {
  const meal = mealPath(challenge, dayNumber, slot);
  await writePaths({
    [`${meal}/img`]: proof.url,
    [`${meal}/imgPath`]: proof.path,
    [`${meal}/status`]: 'Done',
    [`${meal}/doneAt`]: SERVER_TIME,
  });
  await recomputeMemberTotals(challenge.challengeId);
}
