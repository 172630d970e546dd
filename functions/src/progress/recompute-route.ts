import type { RequestHandler } from 'express';
import type { RecomputeResponse } from '@domain/api/challenges';
import { memberUid } from '../http/authenticate';
import { recomputeTotals, type RecomputeDependencies } from './recompute-totals';

/**
 * POST /api/me/recompute: recomputeTotals for the caller, `challengeId` in the body its hint. A repair
 * tool: no flow of the app calls it, since every write derives what it changes.
 */
export function recomputeMember(dependencies: RecomputeDependencies): RequestHandler {
  return async (request, response) => {
    const hint: unknown = (request.body as { challengeId?: unknown } | undefined)?.challengeId;
    response.json(
      (await recomputeTotals(dependencies, memberUid(response), hint)) satisfies RecomputeResponse,
    );
  };
}
