import type { Database } from 'firebase-admin/database';
import { countChallenges } from '@domain/challenges/challenge-activity';
import {
  ACTIVE_CHALLENGE_LIMIT_MESSAGE,
  DAILY_CHALLENGE_LIMIT_MESSAGE,
  MAX_ACTIVE_CHALLENGES,
  MAX_CHALLENGES_PER_DAY,
} from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { MemberTimeZone } from '@domain/members/member-time-zone';
import { HttpError } from '../http/http-error';
import { planLogUpdate, plansInLastDay, readRecentChallenges } from './challenge-records';

/**
 * The limits every new plan is held to, created or joined (docs/security.md, "Limits"), and the member's
 * zone as a plan stores it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function assertUnderDailyCap(recent: number[], now: number): void {
  if (recent.length < MAX_CHALLENGES_PER_DAY) return;
  const retryAfterMs = recent[recent.length - MAX_CHALLENGES_PER_DAY] + DAY_MS - now;
  throw new HttpError(429, 'daily-limit', DAILY_CHALLENGE_LIMIT_MESSAGE, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/**
 * The member's challenge counts, read under the creation lock; refuses past a limit (joins too). Reads
 * the challenges that may still be active and the server-only log of plans made (challenge-records.ts),
 * never the whole history; `planned` is the log's entry for the plan the caller then writes, in the same
 * update, so the daily cap counts every plan made, whatever becomes of it (docs/security.md, "Limits").
 */
export async function checkedChallenges(database: Database, uid: string, now: number) {
  const [recent, storedTotal, logged] = await Promise.all([
    readRecentChallenges(database, uid, now),
    database.ref(`${dbPaths.userInfo(uid)}/totalChallenges`).get(),
    database.ref(dbPaths.plansMade(uid)).get(),
  ]);
  const counts = countChallenges(Object.values(recent), now);
  if (counts.activeChallenges >= MAX_ACTIVE_CHALLENGES)
    throw new HttpError(409, 'active-limit', ACTIVE_CHALLENGE_LIMIT_MESSAGE);
  const log = (logged.val() ?? {}) as Record<string, unknown>;
  assertUnderDailyCap(plansInLastDay(log, recent, now), now);
  const total: unknown = storedTotal.val();
  return {
    activeChallenges: counts.activeChallenges,
    // The stored total, kept by every create, join, leave, delete and recompute (only the API deletes a
    // challenge): the history is never read to count it. A new member's are all recent.
    totalChallenges: typeof total === 'number' ? total : counts.totalChallenges,
    planned: (challengeId: string) =>
      planLogUpdate(uid, log, { key: database.ref().push().key!, challengeId, now }),
  };
}

export function zoneUpdate(uid: string, stored: MemberTimeZone | undefined, zone: MemberTimeZone) {
  if (stored?.timeZone === zone.timeZone && stored.setAt === zone.setAt) return {};
  return {
    [dbPaths.memberTimeZone(uid)]: zone.timeZone,
    [dbPaths.memberTimeZoneSetAt(uid)]: zone.setAt,
  };
}
