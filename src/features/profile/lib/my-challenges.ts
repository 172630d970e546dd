import { challengeEndsAt, isActiveUntil } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import type { Row } from '@domain/data/child-query';

/** What the "My challenges" list shows of one of the member's own challenges. */
export interface MyChallenge {
  challengeId: string;
  /** Whose address the challenge has: the group owner's for a joined plan, else the member's own. */
  ownerId: string;
  title: string;
  days: number;
  createdAt: number;
  /** When its last meal window closes; undefined when it has no meals. */
  endsAt: number | undefined;
  active: boolean;
}

export type MyChallengeRecord = Pick<
  ChallengeRecord,
  'title' | 'day' | 'createdAt' | 'deleted' | 'isActive' | 'meals' | 'groupOwnerId'
>;

/**
 * The member's own challenges as "My challenges" lists them: deleted ones left out; active first (the one ending
 * soonest on top), then past ones, newest first. Active has the domain's one meaning (challenge-activity.ts).
 */
export function myChallenges(
  uid: string,
  rows: Array<Row<MyChallengeRecord>>,
  now: number,
): MyChallenge[] {
  const listed = rows
    .filter(({ value }) => value && value.deleted !== true)
    .map(({ key, value }): MyChallenge => {
      const endsAt = challengeEndsAt(value);
      return {
        challengeId: key,
        ownerId: value.groupOwnerId ?? uid,
        title: value.title || 'Untitled challenge',
        days: value.day,
        createdAt: value.createdAt,
        endsAt,
        active: isActiveUntil(value, endsAt, now),
      };
    });
  const active = listed
    .filter((challenge) => challenge.active)
    .sort((a, b) => (a.endsAt ?? Infinity) - (b.endsAt ?? Infinity));
  const past = listed
    .filter((challenge) => !challenge.active)
    .sort((a, b) => b.createdAt - a.createdAt);
  return [...active, ...past];
}
