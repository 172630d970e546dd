import { useMemo } from 'react';
import { isChallengeActive } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { useRead, type Loadable } from '@/hooks/use-loadable';
import { todayRead } from './today-read';

/** A running challenge of the member's, with where its page is (a joined plan's is the group owner's). */
export interface TodayChallenge {
  challengeId: string;
  /** The plan's owner, whose proofs these are: the member. */
  planOwnerId: string;
  /** The uid in its address: the member's own, or the group owner's for a joined plan. */
  addressOwnerId: string;
  challenge: ChallengeRecord;
}

/** The member's running challenges at `now`, oldest first (null uid: a visitor, nothing read). */
export function useTodayChallenges(uid: string | null, now: number): Loadable<TodayChallenge[]> {
  const loaded = useRead(uid === null ? null : todayRead(uid));
  const rows = loaded.value;
  const running = useMemo(
    () =>
      (rows ?? [])
        .filter(({ value }) => value && isChallengeActive(value, now))
        .map(({ key, value }) => ({
          challengeId: key,
          planOwnerId: uid ?? '',
          addressOwnerId: value.groupOwnerId ?? uid ?? '',
          challenge: value,
        })),
    [rows, now, uid],
  );
  if (loaded.status !== 'ready') return loaded;
  return { status: 'ready', value: running };
}
