import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import type { ChallengeRecord } from '../../src/domain/challenge-record';
import { challengeProgress, memberProgress } from '../../src/domain/member-progress';
import { storedMemberTimeZone } from '../../src/domain/member-time-zone';
import { memberUid } from './authenticate';
import { dbPaths } from '../../src/domain/database-paths';
import { HttpError } from './http-error';
import type { ProofStore } from './proof-store';
import { withVerifiedProofs } from './proof-verification';

export interface RecomputeDependencies {
  database: Database;
  clock: () => number;
  proofs: ProofStore;
}

/**
 * POST /api/me/recompute: the caller's score, counters, streak and glance derived from their own
 * data (docs/product.md#points-and-leaderboards, "Streaks", "Profile at a glance"), written with
 * the leaderboard entries in one update; deleted challenges also leave the feed.
 * Idempotent, so the client may call it freely.
 */
export function recomputeMember({
  database,
  clock,
  proofs,
}: RecomputeDependencies): RequestHandler {
  return async (_request, response) => {
    const uid = memberUid(response);
    const now = clock();
    const [challengesSnapshot, infoSnapshot, privateSnapshot] = await Promise.all([
      database.ref(dbPaths.userChallenges(uid)).get(),
      database.ref(dbPaths.userInfo(uid)).get(),
      database.ref(dbPaths.userPrivate(uid)).get(),
    ]);
    const challengesById = (challengesSnapshot.val() ?? {}) as Record<string, ChallengeRecord>;
    const info = (infoSnapshot.val() ?? {}) as Record<string, unknown>;
    // The rules accept the member's first sign-in record only while info does not exist: writing
    // info/score before it would lock them out of their info for ever (createdAt marks that record).
    if (typeof info.createdAt !== 'number')
      throw new HttpError(
        409,
        'Your member record does not exist yet: sign in to the app once, then try again',
      );
    const progress = await Promise.all(
      Object.entries(challengesById).map(async ([challengeId, challenge]) =>
        challengeProgress(
          challenge,
          await withVerifiedProofs(uid, challengeId, challenge, proofs),
          now,
        ),
      ),
    );
    // The calendar's days are the member's (the zone the server keeps), UTC before any challenge.
    const timeZone = storedMemberTimeZone(privateSnapshot.val())?.timeZone ?? 'UTC';
    const { score, counts, streak, glance } = memberProgress(progress, now, timeZone);
    const entry = (points: number) => ({
      points,
      displayName: typeof info.displayName === 'string' ? info.displayName : '',
      photoURL: typeof info.photoURL === 'string' ? info.photoURL : '',
      // Epoch ms (the server's clock) since first sign-ins are stamped by the rules; older members' text.
      joinAt: typeof info.joinAt === 'number' || typeof info.joinAt === 'string' ? info.joinAt : '',
    });

    const update: Record<string, unknown> = {
      [`${dbPaths.userInfo(uid)}/score`]: score.total,
      [`${dbPaths.userInfo(uid)}/activeChallenges`]: counts.activeChallenges,
      [`${dbPaths.userInfo(uid)}/totalChallenges`]: counts.totalChallenges,
      ...Object.fromEntries(
        Object.entries(streak).map(([field, value]) => [
          `${dbPaths.userInfo(uid)}/${field}`,
          value,
        ]),
      ),
      [dbPaths.memberGlance(uid)]: glance,
      [`${dbPaths.leaderboardAll}/${uid}`]: entry(score.total),
    };
    // A deleted challenge leaves the public feed even if the client's own removal did not happen.
    for (const [challengeId, challenge] of Object.entries(challengesById)) {
      if (challenge.deleted === true) update[dbPaths.feedEntry(challengeId)] = null;
    }
    for (const [week, points] of Object.entries(score.weekly)) {
      update[`${dbPaths.leaderboardWeekly(week)}/${uid}`] = points > 0 ? entry(points) : null;
    }
    for (const [month, points] of Object.entries(score.monthly)) {
      update[`${dbPaths.leaderboardMonthly(month)}/${uid}`] = points > 0 ? entry(points) : null;
    }
    await database.ref().update(update);
    response.json({ score: score.total, weekly: score.weekly, monthly: score.monthly, ...counts });
  };
}
