import type { Database } from 'firebase-admin/database';
import { addDays } from '@domain/calendar-dates';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves a freshly generated challenge back in time so its meals show every status. */
export async function shiftIntoPast(
  db: Database,
  uid: string,
  challengeId: string,
  daysAgo: number,
) {
  const path = dbPaths.challenge(uid, challengeId);
  const challenge = (await db.ref(path).get()).val() as ChallengeRecord;
  const shift = daysAgo * DAY_MS;
  const changes: Record<string, unknown> = {
    [`${path}/createdAt`]: challenge.createdAt - shift,
    [`${path}/startDate`]: addDays(challenge.startDate, -daysAgo),
  };
  // A joined member's plan has no feed entry of its own: the owner's is the group's.
  if (!challenge.groupOwnerId)
    changes[`${dbPaths.feedEntry(challengeId)}/createdAt`] = challenge.createdAt - shift;
  for (const [dayKey, meals] of Object.entries(challenge.meals)) {
    for (const [slot, meal] of Object.entries(meals)) {
      changes[`${path}/meals/${dayKey}/${slot}/opensAt`] = meal!.opensAt - shift;
      changes[`${path}/meals/${dayKey}/${slot}/closesAt`] = meal!.closesAt - shift;
    }
  }
  // The server's log of plans made (the daily cap) moves with the plan: made days ago, it no longer counts today.
  const plansMade = dbPaths.plansMade(uid);
  const log = ((await db.ref(plansMade).get()).val() ?? {}) as Record<
    string,
    { at?: unknown; challengeId?: unknown }
  >;
  for (const [key, entry] of Object.entries(log))
    if (entry.challengeId === challengeId && typeof entry.at === 'number')
      changes[`${plansMade}/${key}/at`] = entry.at - shift;
  await db.ref().update(changes);
}
