import { useEffect, useState } from 'react';
import { challengeEndsAt, countChallenges } from '@/domain/challenge-activity';
import type { ChallengeRecord } from '@/domain/challenge-record';
import { dbPaths } from '@/domain/database-paths';
import { useDatabaseChildren } from '@/hooks/use-database';

type CountedChallenge = Pick<ChallengeRecord, 'deleted' | 'isActive' | 'meals'>;

/** setTimeout's longest delay; a later end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How many of the member's challenges are active now. The stored counter (users/{uid}/info) is only
 * refreshed by API calls, so it still counts a challenge that has since ended by time: when it says
 * any are active, they are counted from the challenges still flagged active, with the domain's
 * definition (challenge-activity.ts). Only the owner may read their challenges. `null` while loading.
 */
export function useActiveChallengeCount(uid: string, stored: number | undefined): number | null {
  const flagged = useDatabaseChildren<CountedChallenge>(
    stored ? dbPaths.userChallenges(uid) : null,
    { orderBy: 'isActive', equalTo: true },
  );
  const challenges = flagged.value?.map(({ value }) => value) ?? [];
  const [now, setNow] = useState(() => Date.now());
  const nextEnd = challenges
    .map((challenge) => challengeEndsAt(challenge))
    .filter((endsAt): endsAt is number => endsAt !== undefined && endsAt >= now)
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (nextEnd === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(nextEnd - now + 1, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [nextEnd, now]);
  if (!stored) return 0;
  if (flagged.status === 'loading') return null;
  // Unreadable challenges (offline): the stored count is the best there is.
  if (flagged.status === 'error') return stored;
  return countChallenges(challenges, now).activeChallenges;
}
