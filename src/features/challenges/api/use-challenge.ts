import { useEffect, useMemo } from 'react';
import type { Loadable } from '@/hooks/use-loadable';
import { useRead } from '@/hooks/use-loadable';
import type { GroupChallengeRecord } from './group-challenge-api';
import { cacheChallenge, readCachedChallenge } from './challenge-cache';
import { challengeReads, isChallengeKey } from './prefetch-challenge';
import type { ViewedChallenge } from '@domain/challenges/viewed-challenge';

/** `updating`: the value is the copy cached on the last visit, shown until the live one arrives. */
export type ChallengeLoad = Loadable<ViewedChallenge | null> & { updating?: boolean };

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
  const reads = challengeReads(viewerUid, ownerId, challengeId);
  const plan = useRead(reads.plan);
  const ownPlan = useRead(reads.ownPlan);
  const summary = useRead(reads.summary);
  const cached = useMemo(
    () => (valid ? readCachedChallenge(viewerUid, ownerId, challengeId) : null),
    [valid, viewerUid, ownerId, challengeId],
  );

  // Built from the loaded values, which keep their identity until the database sends new ones.
  const fromDatabase = useMemo((): ViewedChallenge | null | undefined => {
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

  // The live copy the same as last visit's: the cached object stands for it, so nothing drawn from it is
  // drawn again (the page's plan is memoised on it).
  const live = useMemo(
    () => (fromDatabase && cached && sameContent(fromDatabase, cached) ? cached : fromDatabase),
    [fromDatabase, cached],
  );

  useEffect(() => {
    if (valid && live !== undefined) cacheChallenge(viewerUid, ownerId, challengeId, live);
  }, [valid, live, viewerUid, ownerId, challengeId]);

  if (!valid) return { status: 'ready', value: null };
  if (live !== undefined) return { status: 'ready', value: live };
  const answer = isOwner ? plan : ownPlan.status === 'error' ? ownPlan : summary;
  if (answer.status === 'error') return answer;
  return cached ? { status: 'ready', value: cached, updating: true } : { status: 'loading' };
}

/** Whether two copies of a challenge say the same (the cached one is the live one once stored as JSON). */
function sameContent(live: ViewedChallenge, cached: ViewedChallenge): boolean {
  return live.view === cached.view && JSON.stringify(live) === JSON.stringify(cached);
}

/** A deleted challenge is gone for everyone, its owner included (docs/product.md#states-and-transitions). */
function present<T extends { deleted?: boolean }>(challenge: T | null): challenge is T {
  return challenge !== null && challenge.deleted !== true;
}
