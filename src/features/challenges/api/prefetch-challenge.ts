import {
  CHALLENGE_SUMMARY_FIELDS,
  type ChallengeRecord,
  type ChallengeSummary,
} from '@domain/challenges/challenge-record';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { fieldsRead, valueRead, type Read } from '@domain/data/read-descriptor';
import { startRead } from '@/services/database-reads';
import { whenSignedIn } from '@/services/saved-session';

/** Ids typed into an address may be anything; only real database keys are read (others are "not found"). */
export function isChallengeKey(value: string | null | undefined): value is string {
  return typeof value === 'string' && DATABASE_KEY.test(value);
}

/** What the challenge page reads (null: not read), one descriptor each. */
export interface ChallengeReads {
  /** The owner's whole record (database.rules.json: only the owner reads the plan). */
  plan: Read<ChallengeRecord | null> | null;
  /** A non-owner's own record of the same id: their plan, had they joined its group. */
  ownPlan: Read<ChallengeRecord | null> | null;
  /** The summary anyone may read, field by field (the rules refuse the whole record to non-owners). */
  summary: Read<ChallengeSummary | null> | null;
}

/**
 * The owner-or-summary decision, made once: use-challenge.ts watches these reads and the entry starts the same
 * ones early (prefetchChallenge), so both meet on the same descriptors. Malformed ids read nothing.
 */
export function challengeReads(
  viewerUid: string,
  ownerId: string | null | undefined,
  challengeId: string | null | undefined,
): ChallengeReads {
  if (!isChallengeKey(ownerId) || !isChallengeKey(challengeId))
    return { plan: null, ownPlan: null, summary: null };
  if (ownerId === viewerUid)
    return {
      plan: valueRead(dbPaths.challenge(ownerId, challengeId)),
      ownPlan: null,
      summary: null,
    };
  return {
    plan: null,
    // Read beside the summary, not after it: a non-member's page waits for both, a member's for the plan.
    ownPlan: valueRead(dbPaths.challenge(viewerUid, challengeId)),
    summary: fieldsRead(dbPaths.challenge(ownerId, challengeId), CHALLENGE_SUMMARY_FIELDS),
  };
}

/**
 * Starts the challenge a shareable address names as soon as the session is known, ahead of React, the router
 * and the challenge screen's code (src/app/screen-loaders.ts calls it from the entry).
 */
export function prefetchChallenge(ownerId: string | undefined, challengeId: string | undefined) {
  whenSignedIn((viewerUid) => {
    const { plan, ownPlan, summary } = challengeReads(viewerUid, ownerId, challengeId);
    for (const read of [plan, ownPlan, summary]) if (read) startRead(read);
  });
}
