import type { ChallengeRecord } from '@/domain/challenge-record';
import { DATABASE_KEY, dbPaths } from '@/domain/database-paths';
import type { Loadable } from '@/hooks/use-async';
import { useDatabaseValue } from '@/hooks/use-database';
import type { ChallengeSummary } from './challenge-summary';
import { useChallengeSummary } from './use-challenge-summary';

/** What a viewer may see of a challenge: the owner its whole plan, everyone else its summary. */
export type ViewedChallenge =
  { view: 'owner'; challenge: ChallengeRecord } | { view: 'summary'; challenge: ChallengeSummary };

/** Ids typed into an address may be anything; only real database keys are read (others are "not found"). */
export function isChallengeKey(value: string | null | undefined): value is string {
  return typeof value === 'string' && DATABASE_KEY.test(value);
}

/**
 * The live challenge `ownerId`/`challengeId` as `viewerUid` may read it (database.rules.json: only the owner
 * reads the plan); null when it does not exist or was deleted. Null or malformed ids read nothing and answer null.
 */
export function useChallenge(
  ownerId: string | null,
  challengeId: string | null,
  viewerUid: string,
): Loadable<ViewedChallenge | null> {
  const valid = isChallengeKey(ownerId) && isChallengeKey(challengeId);
  const isOwner = valid && ownerId === viewerUid;
  const plan = useDatabaseValue<ChallengeRecord>(
    isOwner ? dbPaths.challenge(ownerId, challengeId) : null,
  );
  const summary = useChallengeSummary(valid && !isOwner ? ownerId : null, challengeId);

  if (!valid) return { status: 'ready', value: null };
  if (isOwner) {
    if (plan.status !== 'ready') return plan;
    const value = present(plan.value) ? { view: 'owner' as const, challenge: plan.value } : null;
    return { status: 'ready', value };
  }
  if (summary.status !== 'ready') return summary;
  const value = present(summary.value)
    ? { view: 'summary' as const, challenge: summary.value }
    : null;
  return { status: 'ready', value };
}

/** A deleted challenge is gone for everyone, its owner included (docs/product.md#states-and-transitions). */
function present<T extends { deleted?: boolean }>(challenge: T | null): challenge is T {
  return challenge !== null && challenge.deleted !== true;
}
