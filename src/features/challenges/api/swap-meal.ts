import type { MealSlot } from '@domain/constants';
import type { SwapResponse } from '@domain/api/challenges';
import { callApi } from '@/services/api-client';
import type { ChallengeRef } from '@domain/challenges/challenge-record';

/** Asks the server for another dish for one meal not yet proved; the day stays within its targets. */
export function swapMeal(
  { challengeId }: Pick<ChallengeRef, 'challengeId'>,
  dayNumber: number,
  slot: MealSlot,
): Promise<SwapResponse> {
  return callApi<SwapResponse>(
    `/api/challenges/${encodeURIComponent(challengeId)}/days/${dayNumber}/meals/${slot}/swap`,
    {},
  );
}
