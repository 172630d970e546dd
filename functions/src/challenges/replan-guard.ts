import type { Database } from 'firebase-admin/database';
import { challengeEndsAt } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { REPLAN_CAPS, replanCapMessage } from '@domain/constants';
import { consumeRollingQuota } from '../http/database-counters';
import { HttpError } from '../http/http-error';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Refuses re-planning a challenge that is gone, hidden by a moderator, or over. */
export function assertReplannable(challenge: ChallengeRecord | null, now: number): ChallengeRecord {
  if (!challenge || challenge.deleted === true)
    throw new HttpError(404, 'not-found', 'Challenge not found');
  if (challenge.moderation)
    throw new HttpError(409, 'challenge-hidden', 'This challenge is hidden by a moderator');
  const endsAt = challengeEndsAt(challenge);
  if (challenge.isActive === false || (endsAt !== undefined && endsAt <= now))
    throw new HttpError(409, 'challenge-ended', 'This challenge has ended');
  return challenge;
}

/**
 * Takes one regeneration or swap from the member's and the challenge's caps per 24 hours (kept in the
 * database, so they hold across function instances); 429 naming the cap when either is spent. Each cap
 * counts every use of the last 24 hours, as the daily cap of new plans does (database-counters.ts
 * consumeRollingQuota; docs/security.md, "Limits"). Called after every other check and before
 * planning, so a refused request costs no plan.
 */
export async function takeReplan(
  database: Database,
  action: keyof typeof REPLAN_CAPS,
  { uid, challengeId, now }: { uid: string; challengeId: string; now: number },
): Promise<void> {
  // The challenge's cap first: a use it refuses then costs none of the member's.
  const scopes = [
    { scope: 'perChallenge', key: `replans/${action}Challenge/${challengeId}` },
    { scope: 'perMember', key: `replans/${action}Member/${uid}` },
  ] as const;
  for (const { scope, key } of scopes) {
    const quota = await consumeRollingQuota(database, {
      key,
      limit: REPLAN_CAPS[action][scope],
      windowMs: DAY_MS,
      now,
    });
    if (!quota.allowed)
      throw new HttpError(429, 'replan-limit', replanCapMessage(action, scope), {
        retryAfterSeconds: Math.max(1, Math.ceil(quota.retryAfterMs / 1000)),
      });
  }
}
