import { useMemo, useState } from 'react';
import { dbPaths } from '@domain/data/database-paths';
import { childrenRead } from '@domain/data/read-descriptor';
import { useRead, type Loadable } from '@/hooks/use-loadable';
import { myChallenges, type MyChallenge, type MyChallengeRecord } from '../lib/my-challenges';

/** The newest challenges read: far more than a member keeps (2 active at a time, at most 7 days each). */
const MY_CHALLENGE_ROWS = 30;

/**
 * The signed-in member's own challenges (users/{uid}/challenges, readable by its owner only), active first, then
 * past (lib/my-challenges.ts). A read after the page's main content; pass null to read nothing.
 */
export function useMyChallenges(uid: string | null): Loadable<MyChallenge[]> {
  const rows = useRead(
    uid === null
      ? null
      : childrenRead<MyChallengeRecord>(
          dbPaths.userChallenges(uid),
          { orderBy: 'createdAt', limitToLast: MY_CHALLENGE_ROWS },
          { priority: 'secondary' },
        ),
  );
  // Active or past as of the visit: a challenge that ends while the page is open moves down on the next one.
  const [now] = useState(() => Date.now());
  return useMemo((): Loadable<MyChallenge[]> => {
    if (rows.status !== 'ready' || uid === null) return rows as Loadable<never>;
    return { ...rows, value: myChallenges(uid, rows.value, now) };
  }, [rows, uid, now]);
}
