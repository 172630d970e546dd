import { useEffect, useState } from 'react';
import {
  challengeEndsAt,
  countChallenges,
  isActiveUntil,
} from '@domain/challenges/challenge-activity';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import { CHALLENGE_DAYS, MEAL_SLOTS } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { dayKey } from '@domain/challenges/meal-schedule';
import { useAsync, useRead } from '@/hooks/use-loadable';
import { childrenRead } from '@domain/data/read-descriptor';
import { readValue } from '@/services/database';
import { useMemberFeedEntries } from './member-feed-entries';

type CountedChallenge = Pick<ChallengeRecord, 'deleted' | 'isActive' | 'meals'>;
type Summary = Pick<FeedEntry, 'createdAt' | 'day'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A challenge on the feed is neither deleted nor deactivated (deleting it removes its entry). */
const ON_THE_FEED = { deleted: false, isActive: true };

/**
 * How long after its record is made a challenge can still run: it starts that day or the next and
 * lasts at most CHALLENGE_DAYS.max days (a day more for the hour it was made and clock changes). A
 * joined plan's record is made at the join, after the group's start, so it ends sooner still.
 */
const RUNNING_SPAN_MS = (CHALLENGE_DAYS.max + 2) * DAY_MS;

/** A day's windows follow its slots in order: the last slot's closes last (docs/product.md#meal-windows-and-status). */
const LAST_SLOT = MEAL_SLOTS[MEAL_SLOTS.length - 1];

/** setTimeout's longest delay; a later end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When each of the member's own recent challenges ends: the last window of its last day, one number
 * read per challenge (undefined when the plan has none), never the plan itself.
 */
function useOwnChallengeEnds(uid: string, recent: { key: string; value: Summary }[] | null) {
  const key = recent && recent.map(({ key: id, value }) => `${id}:${value.day}`).join(',');
  return useAsync(key, () =>
    Promise.all(
      (recent ?? []).map(async ({ key: challengeId, value }) => {
        const meal = `${dbPaths.challenge(uid, challengeId)}/meals/${dayKey(value.day)}/${LAST_SLOT}`;
        const closesAt = await readValue<number>(`${meal}/closesAt`);
        return typeof closesAt === 'number' ? closesAt : undefined;
      }),
    ),
  );
}

/**
 * How many of the member's challenges are active now (docs/performance.md, "The sidebar's active
 * count"). The stored counter (users/{uid}/info) is the server's at its last write, so it still
 * counts a challenge that has since ended by time. The count is made from small reads: the member's
 * feed entries (summaries) name their own challenges, and each one made recently enough to be
 * running gives its end, with the domain's definition (challenge-activity.ts). When that differs from
 * the stored counter (a plan joined from another member's group or a hidden challenge is not on the
 * feed; or one ended since), the challenges made recently enough to be running are read and counted.
 * Only the owner may read their challenges. `null` while loading.
 */
export function useActiveChallengeCount(uid: string, stored: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  const [since] = useState(() => now - RUNNING_SPAN_MS);
  const entries = useMemberFeedEntries<Summary>(stored ? uid : null);
  const recent = entries.value?.filter(({ value }) => value.createdAt >= since) ?? null;
  const ends = useOwnChallengeEnds(uid, recent);
  const ownActive = ends.value?.filter((endsAt) => isActiveUntil(ON_THE_FEED, endsAt, now)).length;
  const recheck = ownActive !== undefined && ownActive !== stored;
  const records = useRead(
    recheck
      ? childrenRead<CountedChallenge>(dbPaths.userChallenges(uid), {
          orderBy: 'createdAt',
          startAt: [since],
        })
      : null,
  );
  const running = records.value?.map(({ value }) => value) ?? [];

  const nextEnd = [...(ends.value ?? []), ...running.map((challenge) => challengeEndsAt(challenge))]
    .filter((endsAt): endsAt is number => endsAt !== undefined && endsAt >= now)
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (nextEnd === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(nextEnd - now + 1, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [nextEnd, now]);

  if (!stored) return 0;
  // Unreadable (offline): the stored count is the best there is.
  if (entries.status === 'error' || ends.status === 'error') return stored;
  if (ownActive === undefined) return null;
  if (!recheck) return ownActive;
  if (records.status === 'loading') return null;
  if (records.status === 'error') return stored;
  return countChallenges(running, now).activeChallenges;
}
