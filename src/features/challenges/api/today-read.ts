import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { CHALLENGE_DAYS, MAX_CHALLENGES_PER_DAY } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { Row } from '@domain/data/child-query';
import { childrenRead, type Read } from '@domain/data/read-descriptor';
import { startRead } from '@/services/database-reads';
import { whenSignedIn } from '@/services/saved-session';

/**
 * Every challenge still running was made in its last days (a start today or tomorrow, at most
 * CHALLENGE_DAYS.max days), and a member makes at most MAX_CHALLENGES_PER_DAY a day: the newest this many
 * records hold every running one. A bound, not a guess; a member's usual answer is one or two plans.
 */
export const TODAY_RECORDS = MAX_CHALLENGES_PER_DAY * (CHALLENGE_DAYS.max + 2);

/**
 * Today's read (docs/product.md, "Today"): the member's newest challenge records, their own to read in full.
 * By creation time with a limit, which the REST API answers, so the entry starts it beside the feed's first
 * page (src/app/screen-loaders.ts) and the section paints from it without waiting for the Database SDK.
 */
export function todayRead(uid: string): Read<Array<Row<ChallengeRecord>>> {
  return childrenRead<ChallengeRecord>(dbPaths.userChallenges(uid), {
    orderBy: 'createdAt',
    limitToLast: TODAY_RECORDS,
  });
}

/** Starts Today's read as soon as the saved session names the member (nothing for a visitor). */
export function prefetchToday(): void {
  whenSignedIn((uid) => startRead(todayRead(uid)));
}
