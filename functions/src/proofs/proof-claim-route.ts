import type { RequestHandler } from 'express';
import type { Database } from 'firebase-admin/database';
import { z } from 'zod';
import { CHALLENGE_DAYS, MEAL_SLOTS } from '@domain/constants';
import { DATABASE_KEY } from '@domain/data/database-paths';
import { proofClaimRequestSchema } from '@domain/api/proofs';
import { memberUid } from '../http/authenticate';
import { parseOrThrow } from '../http/http-error';
import { recordClaim } from './proof-claims';

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
  day: z.coerce.number().int().min(CHALLENGE_DAYS.min).max(CHALLENGE_DAYS.max),
  slot: z.enum(MEAL_SLOTS),
});

/**
 * POST /api/challenges/:challengeId/days/:day/meals/:slot/claim {sha256}: files the member's claim
 * of the photo they hold for the meal, at the server's time (recordClaim, docs/security.md,
 * "Proof claims"). The member is the token's; a challenge id of someone else's is not found.
 */
export function claimMealProof(dependencies: {
  database: Database;
  clock: () => number;
}): RequestHandler {
  return async (request, response) => {
    const { challengeId, day, slot } = parseOrThrow(paramsSchema, request.params);
    const { sha256 } = parseOrThrow(proofClaimRequestSchema, request.body ?? {});
    response.json(
      await recordClaim(dependencies, { uid: memberUid(response), challengeId, day, slot }, sha256),
    );
  };
}
