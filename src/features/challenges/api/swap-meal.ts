import type { MealSlot } from '@domain/constants';
import { callApi } from '@/services/api-client';
import type { ChallengeRef } from '@domain/challenges/challenge-record';

/** Asks the server for another dish for one meal not yet proved; the day stays within its targets. */
export function swapMeal(
  { challengeId }: Pick<ChallengeRef, 'challengeId'>,
  dayNumber: number,
  slot: MealSlot,
): Promise<{ name: string; calories: number }> {
  return callApi(
    `/api/challenges/${encodeURIComponent(challengeId)}/days/${dayNumber}/meals/${slot}/swap`,
    {},
  );
}
