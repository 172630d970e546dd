import type { Database } from 'firebase-admin/database';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import type { TargetBody } from '@domain/constants';
import { GROUP_MESSAGES } from '@domain/challenges/group-records';
import { hasWindowLeft } from '@domain/challenges/meal-schedule';
import { planShortfalls, type MealPlan } from '../planner/meal-planner';
import { isMemberDisabled } from '../admin/disabled-member-sweep';
import type { ChallengeCreationLock } from '../challenges/challenge-creation-lock';
import {
  buildChallengeRecord,
  challengeStart,
  type NewChallenge,
} from '../challenges/challenge-records';
import { checkedChallenges } from '../challenges/challenge-limits';
import { readMemberTimeZone } from '../challenges/profile-reader';
import { HttpError } from '../http/http-error';
import { DISABLED_MESSAGE } from './join-assessment';
import { isGroupMember, type ChallengeSettings } from './group-store';

/**
 * The join's steps under the member's creation lock (group-join-route.ts answers with them): the limits
 * read under the lock, the joiner's own challenge record.
 */

/** A lease with less than this left after planning is taken again, and the limits read again. */
export const LEASE_MARGIN_MS = 5_000;

/** The value of a settled read, or its error (thrown in the order the caller asks for them). */
export function valueOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** The limits, the zone and the disabled flag, read under the creation lock (again after a long plan). */
export async function limitsUnderLock(database: Database, uid: string, now: number) {
  const [counts, storedZone, disabled] = await Promise.all([
    checkedChallenges(database, uid, now),
    readMemberTimeZone(database, uid),
    isMemberDisabled(database, uid),
  ]);
  if (disabled) throw new HttpError(403, 'account-disabled', DISABLED_MESSAGE);
  return [counts, storedZone] as const;
}

/**
 * The joiner's own challenge: the owner's title, days, start date (the owner's calendar date) and
 * preference; their goal, targets and plan; the windows in their zone, where one far behind may find
 * none left (409).
 */
export function joinerRecord({
  settings: { ownerId, challenge: owners },
  member,
  timeZone,
  targetBody,
  targets,
  plan,
  now,
}: {
  settings: ChallengeSettings;
  member: NewChallenge['member'];
  timeZone: string;
  targetBody: TargetBody;
  targets: NewChallenge['targets'];
  plan: MealPlan;
  now: number;
}): ChallengeRecord {
  const start = challengeStart(owners.startDate, owners.day, timeZone);
  if (!hasWindowLeft(start.schedule, now))
    throw new HttpError(409, 'challenge-ended', GROUP_MESSAGES.ended);
  const challenge = buildChallengeRecord({
    request: { title: owners.title, day: owners.day, preference: owners.preference, targetBody },
    member,
    start,
    targets,
    plan,
    createdAt: now,
  });
  challenge.groupOwnerId = ownerId;
  const shortfalls = planShortfalls(plan);
  if (shortfalls) challenge.shortfalls = shortfalls;
  return challenge;
}

/**
 * The join's hold of the member's creation lock, and what it reads under it (whether they are a member,
 * the limits). The lock's holder is this request alone: a parallel join of the same member waits for it,
 * and stops waiting once that one has made them a member (then `underLock` says so without the lock).
 * `giveBack` ends a wait still going and gives back a lock taken.
 */
export function holdLock(
  database: Database,
  lock: ChallengeCreationLock,
  { challengeId, uid, now }: { challengeId: string; uid: string; now: number },
) {
  let answered = false;
  const locking = lock.acquire(
    async () => answered || (await isGroupMember(database, challengeId, uid)),
  );
  type Limits = Awaited<ReturnType<typeof limitsUnderLock>>;
  const underLock = locking.then((taken): Promise<[boolean, Limits | undefined]> =>
    taken
      ? Promise.all([
          isGroupMember(database, challengeId, uid),
          limitsUnderLock(database, uid, now),
        ])
      : Promise.resolve([true, undefined]),
  );
  underLock.catch(() => undefined);
  return {
    underLock,
    async giveBack(): Promise<void> {
      answered = true;
      await locking
        .then(async (taken) => {
          if (taken) await lock.release();
        })
        .catch(() => undefined);
    },
  };
}
