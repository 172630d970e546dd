import { timingSafeEqual } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { GROUP_MEMBER_LIMIT } from '@domain/challenges/challenge-board';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import type { TargetBody } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES, joinRequestSchema } from '@domain/challenges/group-records';
import type { JoinResponse } from '@domain/api/groups';
import { planShortfalls, type MealPlan } from '../planner/meal-planner';
import { hasWindowLeft } from '@domain/challenges/meal-schedule';
import type { PhotoSources } from '@domain/members/member-identity';
import { resolveMemberTimeZone } from '@domain/members/member-time-zone';
import { nutritionTargets } from '@domain/nutrition/nutrition-targets';
import { memberChecked, memberUid } from '../http/authenticate';
import { ChallengeCreationLock } from '../challenges/challenge-creation-lock';
import {
  buildChallengeRecord,
  challengeStart,
  type NewChallenge,
} from '../challenges/challenge-records';
import { isMemberDisabled, sweepIfDisabled } from '../admin/disabled-member-sweep';
import { checkedChallenges, zoneUpdate } from '../challenges/generate-route';
import {
  boardRowFor,
  challengeParamsSchema,
  isGroupMember,
  readChallengeSettings,
  refreshGroupSummary,
  releasePlace,
  reservePlace,
  type ChallengeSettings,
  watchValues,
} from './group-store';
import type { ApiErrorCode } from '@domain/api-errors';
import { HttpError, parseOrThrow } from '../http/http-error';
import type { MealPlanProvider } from '../planner/meal-plan-provider';
import { readChallengeCreator, readMemberTimeZone } from '../challenges/profile-reader';

export interface JoinDependencies {
  database: Database;
  clock: () => number;
  planMeals: MealPlanProvider;
  photoSources: PhotoSources;
}

export const DISABLED_MESSAGE = 'This account is disabled';

/** An invite token compared in constant time (the join's check, and the preview's for visitors). */
export function sameToken(given: string, kept: string): boolean {
  const [left, right] = [Buffer.from(given), Buffer.from(kept)];
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Where a would-be member stands with a group: already in it, or why they may not join (null: they may). */
export interface JoinAssessment extends ChallengeSettings {
  joined: boolean;
  memberCount: number;
  refusal: HttpError | null;
}

/**
 * The checks a join makes before planning, shared with the invitation preview (docs/product.md, "Group
 * challenges"): 404 unknown; 409 hidden, ended or full; 403 invitations closed, a wrong or old token, a
 * disabled member. A member already in the group (the owner included) is never refused.
 */
export async function assessJoin(
  database: Database,
  {
    challengeId,
    uid,
    token,
    now,
  }: { challengeId: string; uid: string; token?: string; now: number },
): Promise<JoinAssessment> {
  // The member's reads need not wait for the owner's: one round of reads, then the owner's record
  // without its plan.
  const [owned, member, count, disabled] = await Promise.all([
    readChallengeSettings(database, challengeId),
    isGroupMember(database, challengeId, uid),
    database.ref(dbPaths.groupMemberCount(challengeId)).get(),
    isMemberDisabled(database, uid),
  ]);
  const joined = owned.ownerId === uid || member;
  const memberCount = typeof count.val() === 'number' ? (count.val() as number) : 1;
  const refuse = (status: number, code: ApiErrorCode, message: string) => ({
    ...owned,
    joined,
    memberCount,
    refusal: new HttpError(status, code, message),
  });
  const { challenge } = owned;
  if (joined) return { ...owned, joined, memberCount, refusal: null };
  if (disabled) return refuse(403, 'account-disabled', DISABLED_MESSAGE);
  if (challenge.moderation) return refuse(409, 'challenge-hidden', GROUP_MESSAGES.hidden);
  if (owned.endsAt !== undefined && now > owned.endsAt)
    return refuse(409, 'challenge-ended', GROUP_MESSAGES.ended);
  const invite = challenge.invite;
  const open =
    (challenge.access === 'link' || challenge.access === 'feed') && invite?.open === true;
  if (!owned.grouped || !open || !invite)
    return refuse(403, 'invite-closed', GROUP_MESSAGES.closed);
  // From the feed no token is needed; a token that is given must still be the current one.
  const tokenNeeded = challenge.access === 'link' || token !== undefined;
  if (tokenNeeded && (token === undefined || !sameToken(token, invite.token)))
    return refuse(403, 'invalid-invite', GROUP_MESSAGES.badToken);
  if (memberCount >= GROUP_MEMBER_LIMIT) return refuse(409, 'group-full', GROUP_MESSAGES.full);
  return { ...owned, joined, memberCount, refusal: null };
}

/** A lease with less than this left after planning is taken again, and the limits read again. */
const LEASE_MARGIN_MS = 5_000;

/** The value of a settled read, or its error (thrown in the order the caller asks for them). */
function valueOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** The limits, the zone and the disabled flag, read under the creation lock (again after a long plan). */
async function limitsUnderLock(database: Database, uid: string, now: number) {
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
function joinerRecord({
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
function holdLock(
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
