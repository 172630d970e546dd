import { useEffect, useMemo } from 'react';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import type { Loadable } from '@/hooks/use-async';
import { useDatabaseValue } from '@/hooks/use-database';
import type { GroupChallengeRecord } from './group-challenge-api';
import { cacheChallenge, readCachedChallenge } from './challenge-cache';
import type { ViewedChallenge } from '@domain/challenges/viewed-challenge';
import { useChallengeSummary } from './use-challenge-summary';

/** `updating`: the value is the copy cached on the last visit, shown until the live one arrives. */
export type ChallengeLoad = Loadable<ViewedChallenge | null> & { updating?: boolean };

/** Ids typed into an address may be anything; only real database keys are read (others are "not found"). */
function isChallengeKey(value: string | null | undefined): value is string {
  return typeof value === 'string' && DATABASE_KEY.test(value);
}

/**
 * The live challenge `ownerId`/`challengeId` as `viewerUid` may read it (database.rules.json: only the owner
 * reads the plan); null when it does not exist or was deleted. Null or malformed ids read nothing and answer null.
 * A viewer who joined the challenge's group reads their own plan instead: their record with the same challenge id
 * and `groupOwnerId` naming the owner (docs/product.md, "Group challenges"); it exists only once they joined.
 * While the live copy loads, the one cached on this viewer's last visit stands in, marked `updating`.
 */
export function useChallenge(
  ownerId: string | null,
  challengeId: string | null,
  viewerUid: string,
): ChallengeLoad {
  const valid = isChallengeKey(ownerId) && isChallengeKey(challengeId);
  const isOwner = valid && ownerId === viewerUid;
  const plan = useDatabaseValue<ChallengeRecord>(
    isOwner ? dbPaths.challenge(ownerId, challengeId) : null,
  );
  // Read beside the summary, not after it: a non-member's page waits for both, a member's for the plan.
  const ownPlan = useDatabaseValue<ChallengeRecord>(
    valid && !isOwner ? dbPaths.challenge(viewerUid, challengeId) : null,
  );
  const summary = useChallengeSummary(valid && !isOwner ? ownerId : null, challengeId);
  const cached = useMemo(
    () => (valid ? readCachedChallenge(viewerUid, ownerId, challengeId) : null),
    [valid, viewerUid, ownerId, challengeId],
  );

  // Built from the loaded values, which keep their identity until the database sends new ones.
  const live = useMemo((): ViewedChallenge | null | undefined => {
    if (isOwner) {
      if (plan.status !== 'ready') return undefined;
      return present(plan.value) ? { view: 'owner', challenge: plan.value } : null;
    }
    if (ownPlan.status === 'loading') return undefined;
    const joined = (ownPlan.value ?? null) as GroupChallengeRecord | null;
    if (present(joined) && joined.groupOwnerId === ownerId)
      return { view: 'member', challenge: joined };
    if (summary.status !== 'ready') return undefined;
    return present(summary.value) ? { view: 'summary', challenge: summary.value } : null;
  }, [
    isOwner,
    ownerId,
    plan.status,
    plan.value,
    ownPlan.status,
    ownPlan.value,
    summary.status,
    summary.value,
  ]);

  useEffect(() => {
    if (valid && live !== undefined) cacheChallenge(viewerUid, ownerId, challengeId, live);
  }, [valid, live, viewerUid, ownerId, challengeId]);

  if (!valid) return { status: 'ready', value: null };
  if (live !== undefined) return { status: 'ready', value: live };
  const loaded = isOwner ? plan : ownPlan.status === 'error' ? ownPlan : summary;
  if (loaded.status === 'error') return loaded;
  return cached ? { status: 'ready', value: cached, updating: true } : { status: 'loading' };
}

/** A deleted challenge is gone for everyone, its owner included (docs/product.md#states-and-transitions). */
function present<T extends { deleted?: boolean }>(challenge: T | null): challenge is T {
  return challenge !== null && challenge.deleted !== true;
}
