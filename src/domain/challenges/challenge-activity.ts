import { MEAL_SLOTS } from '@domain/constants';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';

const DAY_MS = 24 * 60 * 60 * 1000;

type ChallengeLike = Pick<ChallengeRecord, 'deleted' | 'isActive'> &
  Partial<Pick<ChallengeRecord, 'meals'>>;

export function isChallengeDeleted(challenge: Pick<ChallengeRecord, 'deleted'>): boolean {
  return challenge.deleted === true;
}

/** When the last meal window of a challenge closes, or undefined if it has no meals. */
export function challengeEndsAt(
  challenge: Partial<Pick<ChallengeRecord, 'meals'>>,
): number | undefined {
  let end: number | undefined;
  for (const day of Object.values(challenge.meals ?? {})) {
    for (const slot of MEAL_SLOTS) {
      const closesAt = day?.[slot]?.closesAt;
      if (typeof closesAt === 'number' && (end === undefined || closesAt > end)) end = closesAt;
    }
  }
  return end;
}

/**
 * Counts towards the limit of active challenges: not deleted, not deactivated, and not over yet
 * (a member whose challenges have all ended must be able to start a new one).
 */
export function isChallengeActive(challenge: ChallengeLike, now: number): boolean {
  return isActiveUntil(challenge, challengeEndsAt(challenge), now);
}

/** isChallengeActive for a challenge whose end (challengeEndsAt) is already known. */
export function isActiveUntil(
  challenge: Pick<ChallengeRecord, 'deleted' | 'isActive'>,
  endsAt: number | undefined,
  now: number,
): boolean {
  if (isChallengeDeleted(challenge) || challenge.isActive === false) return false;
  return endsAt === undefined || now <= endsAt;
}

export interface ChallengeCounts {
  activeChallenges: number;
  totalChallenges: number;
}

export function countChallenges(challenges: Iterable<ChallengeLike>, now: number): ChallengeCounts {
  let activeChallenges = 0;
  let totalChallenges = 0;
  for (const challenge of challenges) {
    if (isChallengeDeleted(challenge)) continue;
    totalChallenges++;
    if (isChallengeActive(challenge, now)) activeChallenges++;
  }
  return { activeChallenges, totalChallenges };
}

/**
 * Creation times within the 24 hours before now, oldest first, deleted challenges included, for
 * the daily creation cap.
 */
export function creationsInLastDay(
  challenges: Iterable<Partial<Pick<ChallengeRecord, 'createdAt'>>>,
  now: number,
): number[] {
  const since = now - DAY_MS;
  const times: number[] = [];
  for (const { createdAt } of challenges)
    if (typeof createdAt === 'number' && createdAt > since) times.push(createdAt);
  return times.sort((a, b) => a - b);
}
