import type { RegenerateResponse } from '@domain/api/challenges';
import { callApi } from '@/services/api-client';
import type { ChallengeRef } from '@domain/challenges/challenge-record';

/** Replaces the meals not yet proved; the server keeps the targets and the proved meals. */
export function regenerateMeals({ challengeId }: ChallengeRef): Promise<RegenerateResponse> {
  return callApi<RegenerateResponse>(
    `/api/challenges/${encodeURIComponent(challengeId)}/regenerate`,
    {},
  );
}
