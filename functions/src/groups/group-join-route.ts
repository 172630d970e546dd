import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { dbPaths } from '@domain/data/database-paths';
import { joinRequestSchema } from '@domain/challenges/group-records';
import type { JoinResponse } from '@domain/api/groups';
import type { PhotoSources } from '@domain/members/member-identity';
import { resolveMemberTimeZone } from '@domain/members/member-time-zone';
import { nutritionTargets } from '@domain/nutrition/nutrition-targets';
import { memberChecked, memberUid } from '../http/authenticate';
import { ChallengeCreationLock } from '../challenges/challenge-creation-lock';
import { sweepIfDisabled } from '../admin/disabled-member-sweep';
import { zoneUpdate } from '../challenges/challenge-limits';
import { parseOrThrow } from '../http/http-error';
import type { MealPlanProvider } from '../planner/meal-plan-provider';
import { readChallengeCreator } from '../challenges/profile-reader';
import { boardRowFor, challengeParamsSchema } from './group-store';
import { refreshGroupSummary, releasePlace, reservePlace, watchValues } from './group-places';
import { holdLock, joinerRecord, LEASE_MARGIN_MS, limitsUnderLock, valueOf } from './group-join';
import { assessJoin } from './join-assessment';

export interface JoinDependencies {
  database: Database;
  clock: () => number;
  planMeals: MealPlanProvider;
  photoSources: PhotoSources;
}

/**
 * POST /api/challenges/:challengeId/join {token?, targetBody?, timezone?}: plans the member's own copy of
 * the owner's challenge (the same days, start date and preference; their body and goal; windows in their
 * own zone) with the planner and guarantees of POST /api/generate, under the same creation lock and
 * limits (a join counts towards the active limit and the daily cap, as it makes a plan). A place is
 * reserved by a transaction before planning, so racing joins stop at GROUP_MEMBER_LIMIT; then one
 * multi-path update writes the plan, the board row and the counters. 201, or 200 when already a member.
 * The lock and the reads under it go alongside the group's checks and the revocation lookup, which is
 * awaited before a place is taken; whatever else fails, a 401 from that lookup is what the member is told
 * (docs/performance.md, "Group challenges").
 */
export function joinGroup({
  database,
  clock,
  planMeals,
  photoSources,
}: JoinDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const now = clock();
    // The revocation lookup (authenticate.ts) runs until a place is taken; its 401 comes before anything else.
    const signedIn = memberChecked(response);
    signedIn.catch(() => undefined);
    const signedInFirst = async (error: unknown): Promise<never> => {
      await signedIn;
      throw error;
    };
    const { challengeId } = await Promise.resolve()
      .then(() => parseOrThrow(challengeParamsSchema, request.params))
      .catch(signedInFirst);
    const lock = new ChallengeCreationLock(database, uid, `join-${challengeId}`);
    let joined = false;
    let reserved = false;
    let ownerId: string | undefined;
    // 201 once written, 200 when already a member: answered once the lock is given back.
    const joining = async (): Promise<201 | 200> => {
      // Taken alongside the group's checks: a join they refuse gives it back before answering.
      const held = holdLock(database, lock, { challengeId, uid, now });
      try {
        const checks = (async () => {
          const body = parseOrThrow(joinRequestSchema, request.body ?? {});
          const creatorRead = readChallengeCreator(database, uid, photoSources);
          // An incomplete profile (422) is told only after the group's own refusals.
          creatorRead.catch(() => undefined);
          const assessment = await assessJoin(database, {
            challengeId,
            uid,
            token: body.token,
            now,
          });
          return { body, creatorRead, assessment };
        })();
        const { body, creatorRead, assessment } = await checks.catch(signedInFirst);
        const { challenge: owners } = assessment;
        ownerId = assessment.ownerId;
        if (assessment.refusal) await signedInFirst(assessment.refusal);
        if (assessment.joined) {
          await signedIn;
          return 200;
        }
        const [creator, [member, limits]] = await Promise.all([creatorRead, held.underLock]).catch(
          signedInFirst,
        );
        await signedIn;
        // Under the lock (or instead of it): a racing join of the same member got in first.
        if (member || !limits) return 200;
        let [counts, storedZone] = limits;
        // The place's count and the feed entry are changed by transactions below: cached from now on.
        const stopWatching = watchValues(database, [
          dbPaths.groupMemberCount(challengeId),
          dbPaths.feedEntry(challengeId),
        ]);
        response.once('close', stopWatching);
        const requestedZone = body.timezone ?? creator.timeZone?.timeZone ?? owners.timezone;
        const targetBody = body.targetBody ?? owners.targetBody;
        const targets = nutritionTargets(creator.profile, targetBody);
        await reservePlace(database, challengeId);
        reserved = true;
        const plan = await planMeals({
          targets,
          days: owners.day,
          preference: owners.preference,
          seed: `${challengeId}:${uid}`,
        });
        // A long plan (a model's) may outlast the lease: then hold the lock again and read again.
        if (!lock.holdsFor(LEASE_MARGIN_MS)) {
          await lock.acquire();
          [counts, storedZone] = await limitsUnderLock(database, uid, now);
        }
        const zone = resolveMemberTimeZone(storedZone, requestedZone, now);
        const challenge = joinerRecord({
          settings: assessment,
          member: creator.identity,
          timeZone: zone.timeZone,
          targetBody,
          targets,
          plan,
          now,
        });
        const written = database.ref().update({
          [dbPaths.challenge(uid, challengeId)]: challenge,
          [dbPaths.groupMember(challengeId, uid)]: boardRowFor(creator.identity, challenge, now),
          [`${dbPaths.userInfo(uid)}/activeChallenges`]: counts.activeChallenges + 1,
          [`${dbPaths.userInfo(uid)}/totalChallenges`]: counts.totalChallenges + 1,
          ...counts.planned(challengeId),
          ...zoneUpdate(uid, storedZone, zone),
          [lock.path]: null,
        });
        // The database answers one connection's requests in order, so the summary's reads (and the
        // disabled check's) sent now see the new row without waiting for the write's acknowledgement
        // (docs/performance.md, "Group challenges"). Disabled between the check and the write: their
        // row leaves the board at once (and the summary, whose refresh reads again until it holds still).
        const after = Promise.all([
          refreshGroupSummary(database, ownerId, challengeId),
          sweepIfDisabled(database, uid),
        ]);
        const [write] = await Promise.allSettled([written, after]);
        valueOf(write);
        joined = true;
        await after;
        return 201;
      } finally {
        if (!joined) {
          if (reserved && ownerId !== undefined) {
            await releasePlace(database, challengeId);
            // The refresh above may have counted the place given back.
            await refreshGroupSummary(database, ownerId, challengeId);
          }
          await held.giveBack();
        }
      }
    };
    const status = await joining();
    // joining() answers only once the assessment set ownerId.
    response.status(status).json({ ownerId: ownerId!, challengeId } satisfies JoinResponse);
  };
}
