import type { RequestHandler } from 'express';
import { z } from 'zod';
import { CHALLENGE_DAYS, MEAL_SLOTS } from '@domain/constants';
import { DATABASE_KEY } from '@domain/data/database-paths';
import { proofRequestSchema } from '@domain/api/proofs';
import { memberUid } from '../http/authenticate';
import { parseOrThrow } from '../http/http-error';
import { recordProof, type ProofSubmitDependencies } from './proof-recording';

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
  day: z.coerce.number().int().min(CHALLENGE_DAYS.min).max(CHALLENGE_DAYS.max),
  slot: z.enum(MEAL_SLOTS),
});

/**
 * POST /api/challenges/:challengeId/days/:day/meals/:slot/proof {}: records the photo the member
 * uploaded to the meal's proof path as its proof (recordProof, docs/security.md "Proof checks").
 */
export function submitMealProof(dependencies: ProofSubmitDependencies): RequestHandler {
  return async (request, response) => {
    const { challengeId, day, slot } = parseOrThrow(paramsSchema, request.params);
    parseOrThrow(proofRequestSchema, request.body ?? {});
    response.json(
      await recordProof(dependencies, { uid: memberUid(response), challengeId, day, slot }),
    );
  };
}
