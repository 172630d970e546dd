import type { Database } from 'firebase-admin/database';
import { challengeEndsAt } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import {
  applySettled,
  challengeContribution,
  foldBefore,
  foldBoundary,
  isSettled,
  leftContribution,
  memberTotals,
  parseContribution,
  parseRollup,
  rebuildRollup,
  type ChallengeContribution,
  type MemberRollup,
} from './member-rollup';
import {
  acceptedPhotoUrl,
  publicDisplayName,
  type PhotoSources,
} from '@domain/members/member-identity';
import { storedMemberTimeZone } from '@domain/members/member-time-zone';
import type { MemberTotals } from '@domain/api/challenges';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { HttpError } from '../http/http-error';
import { isMemberDisabled, sweepIfDisabled } from '../admin/disabled-member-sweep';
import { boardRowUpdate, groupTerms, writeGuardedBoardUpdate } from '../groups/group-board-writes';
import { withConcurrency, type ProofStore } from '../proofs/proof-store';
import { verifyProofs } from '../proofs/proof-verification';
import { teamBonusDuePath } from '../groups/team-bonus-due';

export interface RecomputeDependencies {
  database: Database;
  clock: () => number;
  proofs: ProofStore;
  /**
   * Where member photos may come from: a photo from elsewhere is not copied onto the boards. Without
   * it no photo is copied at all (safe, but the rows lose their photos): every caller should pass it.
   */
  photoSources?: PhotoSources;
}

/** Settled challenges checked for a deletion per recompute, in turn (the client's hint is faster). */
export const DELETION_SWEEP = 2;
/** Storage look-ups in flight at once (a first recompute may have thousands to make). */
const STORAGE_CONCURRENCY = 16;
/** Challenges created this long before the newest one seen are read again (instance clocks differ). */
const CREATED_AT_MARGIN_MS = 60_000;

type Records = Record<string, ChallengeRecord>;

async function readRecords(database: Database, uid: string, ids: Iterable<string>) {
  const records: Records = {};
  await Promise.all(
    [...new Set(ids)].map(async (challengeId) => {
      const value = (await database.ref(dbPaths.challenge(uid, challengeId)).get()).val();
      if (value) records[challengeId] = value as ChallengeRecord;
    }),
  );
  return records;
}

async function readContributions(database: Database, uid: string, ids: Iterable<string>) {
  const stored: Record<string, ChallengeContribution> = {};
  await Promise.all(
    [...new Set(ids)].map(async (challengeId) => {
      const value = (await database.ref(dbPaths.progressChallenge(uid, challengeId)).get()).val();
      const contribution = parseContribution(value);
      if (contribution) stored[challengeId] = contribution;
    }),
  );
  return stored;
}

/** One recompute's inputs, and the update it builds (written at once at the end). */
interface Pass {
  database: Database;
  proofs: ProofStore;
  uid: string;
  now: number;
  timeZone: string;
  update: Record<string, unknown>;
  /** Periods whose rows must be written: every one a changed challenge touches, before or after. */
  periods: { weekly: Set<string>; monthly: Set<string> };
  /** Group challenges whose board row this recompute writes (it adds the member's streak to each). */
  boards: string[];
  /** Other members of a group whose team bonus this recompute decided, with that challenge's id. */
  othersToRecompute: Array<[uid: string, challengeId: string]>;
}

interface Derived {
  rollup: MemberRollup;
  open: Record<string, ChallengeContribution>;
}

function touch(pass: Pass, contribution: ChallengeContribution) {
  for (const week of Object.keys(contribution.weekly)) pass.periods.weekly.add(week);
  for (const month of Object.keys(contribution.monthly)) pass.periods.monthly.add(month);
}

/**
 * Re-derives challenges from their records, asking Storage only about unjudged proofs. A group
 * challenge's board row is written from the plan as verified, and its team bonus decided once the
 * group has ended (group-board-writes.ts; docs/product.md, "Group challenges").
 */
async function derive(pass: Pass, records: Records, stored: Record<string, ChallengeContribution>) {
  const { database, uid, now } = pass;
  const derived: Record<string, ChallengeContribution> = {};
  await Promise.all(
    Object.entries(records).map(async ([challengeId, record]) => {
      const known = stored[challengeId]?.proofs;
      const [verified, group] = await Promise.all([
        verifyProofs(uid, challengeId, record, pass.proofs, known),
        record.deleted === true
          ? undefined
          : groupTerms(database, challengeId, uid, challengeEndsAt(record) ?? 0, now),
      ]);
      derived[challengeId] = challengeContribution(
        record,
        verified.challenge,
        now,
        verified.verdicts,
        group,
      );
      if (group) {
        pass.boards.push(challengeId);
        // Filed for the scheduled job while undecided, due at the group's end as far as it is known
        // (this member's own end until theirs has passed): the bonus lands with no later activity.
        if (!group.bonus)
          pass.update[teamBonusDuePath(challengeId)] =
            group.settlesAt ?? challengeEndsAt(record) ?? now;
        for (const other of group.othersToRecompute ?? [])
          pass.othersToRecompute.push([other, challengeId]);
        Object.assign(
          pass.update,
          boardRowUpdate(challengeId, uid, record, verified.challenge, group.bonus?.points),
        );
      }
    }),
  );
  return derived;
}

/** Every challenge from its record: the first recompute, or a deletion in folded history. */
async function rebuild(pass: Pass): Promise<Derived> {
  const { database, uid, update } = pass;
  const [recordsSnapshot, storedSnapshot] = await Promise.all([
    database.ref(dbPaths.userChallenges(uid)).get(),
    database.ref(dbPaths.progressChallenges(uid)).get(),
  ]);
  const stored: Record<string, ChallengeContribution> = {};
  for (const [challengeId, value] of Object.entries(
    (storedSnapshot.val() ?? {}) as Record<string, unknown>,
  )) {
    const contribution = parseContribution(value);
    if (contribution) stored[challengeId] = contribution;
  }
  const records = (recordsSnapshot.val() ?? {}) as Records;
  const derived = await derive(pass, records, stored);
  // Group plans the member left keep what they earned (see advance).
  for (const [challengeId, contribution] of Object.entries(stored))
    if (!records[challengeId] && !contribution.deleted)
      derived[challengeId] = contribution.left
        ? contribution
        : leftContribution(contribution, pass.now);
  for (const [challengeId, contribution] of Object.entries(derived)) {
    update[dbPaths.progressChallenge(uid, challengeId)] = contribution;
    touch(pass, contribution);
    if (contribution.deleted) update[dbPaths.feedEntry(challengeId)] = null;
  }
  for (const contribution of Object.values(stored)) touch(pass, contribution);
  return rebuildRollup(derived, pass.now, pass.timeZone);
}

/**
 * The records that may have changed since the rollup, with their stored contributions: open
 * challenges, new ones (by createdAt), the hinted one, and settled ones the sweep finds deleted.
 * One round of parallel reads, and a second only for what the first turned up.
 */
async function changedRecords(pass: Pass, rollup: MemberRollup, hinted: string | undefined) {
  const { database, uid } = pass;
  const named = [...Object.keys(rollup.open), ...(hinted ? [hinted] : [])];
  const swept = Object.keys(rollup.sweepNext);
  const last = swept.sort().at(-1) ?? '';
  const [latest, nextSweep, flags, records, previous] = await Promise.all([
    database
      .ref(dbPaths.userChallenges(uid))
      .orderByChild('createdAt')
      .startAt(rollup.latestCreatedAt - CREATED_AT_MARGIN_MS)
      .get(),
    // Keys only matter; contributions are small. Wraps to the start after the last one.
    database
      .ref(dbPaths.progressChallenges(uid))
      .orderByKey()
      .startAfter(last)
      .limitToFirst(DELETION_SWEEP)
      .get(),
    Promise.all(
      swept.map(async (challengeId) => {
        const flag = await database.ref(`${dbPaths.challenge(uid, challengeId)}/deleted`).get();
        return flag.val() === true ? [challengeId] : [];
      }),
    ),
    readRecords(database, uid, named),
    readContributions(database, uid, named),
  ]);
  rollup.sweepNext = Object.fromEntries(
    Object.keys((nextSweep.val() ?? {}) as object).map((challengeId) => [challengeId, true]),
  );
  for (const [challengeId, record] of Object.entries((latest.val() ?? {}) as Records))
    records[challengeId] ??= record;
  const deleted = flags.flat().filter((challengeId) => !records[challengeId]);
  const unknown = Object.keys(records).filter((challengeId) => !previous[challengeId]);
  const [deletedRecords, more] = await Promise.all([
    readRecords(database, uid, deleted),
    readContributions(database, uid, [...unknown, ...deleted]),
  ]);
  return { records: { ...records, ...deletedRecords }, previous: { ...previous, ...more } };
}

/** The rollup brought up to date with what changed; a rebuild when history must be redone. */
async function advance(pass: Pass, rollup: MemberRollup, hinted: string | undefined) {
  const { uid, now, update } = pass;
  const openIds = Object.keys(rollup.open);
  const { records, previous } = await changedRecords(pass, rollup, hinted);
  // A settled challenge that did not change (the hint named it, or the createdAt margin) stays.
  for (const [challengeId, record] of Object.entries(records)) {
    const before = previous[challengeId];
    const unchanged = before?.deleted === true || record.deleted !== true;
    // A group plan left and joined again is a new plan.
    const rejoined = before?.left === true;
    if (before && !rollup.open[challengeId] && unchanged && !rejoined && isSettled(before, now))
      delete records[challengeId];
  }
  const derived = await derive(pass, records, previous);
  let consistent = true;
  const open: Record<string, ChallengeContribution> = {};
  for (const [challengeId, contribution] of Object.entries(derived)) {
    const before = previous[challengeId];
    const wasOpen = rollup.open[challengeId] === true;
    touch(pass, contribution);
    if (before) touch(pass, before);
    update[dbPaths.progressChallenge(uid, challengeId)] = contribution;
    if (contribution.deleted) update[dbPaths.feedEntry(challengeId)] = null;
    rollup.latestCreatedAt = Math.max(rollup.latestCreatedAt, contribution.createdAt);
    // A settled challenge that changed can only have been deleted: take it out, put it back.
    if (before && !wasOpen && !applySettled(rollup, before, -1)) consistent = false;
    if (isSettled(contribution, now)) {
      delete rollup.open[challengeId];
      if (!applySettled(rollup, contribution, 1)) consistent = false;
    } else {
      rollup.open[challengeId] = true;
      open[challengeId] = contribution;
    }
  }
  // An open challenge that no longer exists is a group plan the member left: it leaves the open list,
  // and what it earned stays, frozen (member-rollup.ts leftContribution).
  for (const challengeId of openIds) {
    if (derived[challengeId]) continue;
    delete rollup.open[challengeId];
    const before = previous[challengeId];
    if (!before || before.deleted) continue;
    const left = leftContribution(before, now);
    update[dbPaths.progressChallenge(uid, challengeId)] = left;
    touch(pass, left);
    if (!applySettled(rollup, left, 1)) consistent = false;
  }
  if (!consistent) return rebuild(pass);
  foldBefore(rollup, foldBoundary(Object.values(open), now, pass.timeZone), now);
  return { rollup, open };
}

/** Members recomputed at once after one recompute decided their group's team bonus. */
const OTHERS_CONCURRENCY = 4;

/**
 * Recomputes the other members of a group whose team bonus was just decided, so their score and
 * boards show it without waiting for their next recompute. Best effort: each one's next recompute
 * derives the same (the decision is stored), and it cannot recurse (the bonus is decided now).
 */
async function recomputeOthers(
  dependencies: RecomputeDependencies,
  others: Array<[uid: string, challengeId: string]>,
) {
  const queue = [...others];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await recomputeTotals(dependencies, next[0], next[1]);
      } catch {
        // A member with no first sign-in record yet (409) or a passing failure: their own next
        // recompute adds the bonus.
      }
    }
  };
  await Promise.all(Array.from({ length: OTHERS_CONCURRENCY }, worker));
}

/**
 * Recomputes one member's score, counters, streak, glance and leaderboard rows from their own data
 * (docs/product.md#points-and-leaderboards, "Streaks", "Profile at a glance"), written in one
 * update; deleted challenges also leave the feed. Idempotent. `challengeIdHint` names a challenge
 * that may have changed (a hint, not trusted: only its key's form is checked). The one service every
 * write that changes a member's totals calls in its own request (delete, reviews, reports that flag a
 * proof, the team bonus job; docs/architecture.md, "Derived data"), with the member's uid; the route
 * (recompute-route.ts) is only a repair tool. A member whose first sign-in record does not exist yet gets an
 * HttpError 409.
 *
 * Its work follows what can change, not the member's history (docs/architecture.md, "Recompute"):
 * it reads the rollup of settled challenges (progress/{uid}/member) and re-derives only the open
 * ones, new ones, the hinted one and a deleted one found by a small sweep; Storage is asked only
 * about proofs never judged before.
 */
export async function recomputeTotals(
  { database, clock, proofs, photoSources }: RecomputeDependencies,
  uid: string,
  challengeIdHint?: unknown,
): Promise<MemberTotals> {
  const now = clock();
  const hinted =
    typeof challengeIdHint === 'string' && DATABASE_KEY.test(challengeIdHint)
      ? challengeIdHint
      : undefined;
  const [infoSnapshot, privateSnapshot, rollupSnapshot, disabled] = await Promise.all([
    database.ref(dbPaths.userInfo(uid)).get(),
    database.ref(dbPaths.userPrivate(uid)).get(),
    database.ref(dbPaths.progressMember(uid)).get(),
    isMemberDisabled(database, uid),
  ]);
  const info = (infoSnapshot.val() ?? {}) as Record<string, unknown>;
  // The rules accept the member's first sign-in record only while info does not exist: writing
  // info/score before it would lock them out of their info for ever (createdAt marks that record).
  if (typeof info.createdAt !== 'number')
    throw new HttpError(
      409,
      'member-record-missing',
      'Your member record does not exist yet: sign in to the app once, then try again',
    );
  const pass: Pass = {
    database,
    proofs: withConcurrency(proofs, STORAGE_CONCURRENCY),
    uid,
    now,
    // The calendar's days are the member's (the zone the server keeps), UTC before any challenge.
    timeZone: storedMemberTimeZone(privateSnapshot.val())?.timeZone ?? 'UTC',
    update: {},
    periods: { weekly: new Set(), monthly: new Set() },
    boards: [],
    othersToRecompute: [],
  };
  const stored = parseRollup(rollupSnapshot.val());
  const { rollup, open } = stored ? await advance(pass, stored, hinted) : await rebuild(pass);
  const { score, counts, streak, glance } = memberTotals(
    rollup,
    Object.values(open),
    now,
    pass.timeZone,
  );
  // The name and photo pass member-identity.ts's checks again: a record stored before the rules
  // refused a look-alike name or a photo on another host must not reach the boards (docs/security.md).
  const entry = (points: number) => ({
    points,
    displayName: publicDisplayName(info.displayName),
    photoURL: photoSources ? acceptedPhotoUrl(info.photoURL, photoSources) : '',
    // Epoch ms (the server's clock) since first sign-ins are stamped by the rules; older members' text.
    joinAt: typeof info.joinAt === 'number' || typeof info.joinAt === 'string' ? info.joinAt : '',
  });
  const { update, periods } = pass;
  Object.assign(update, {
    [`${dbPaths.userInfo(uid)}/score`]: score.total,
    [`${dbPaths.userInfo(uid)}/activeChallenges`]: counts.activeChallenges,
    [`${dbPaths.userInfo(uid)}/totalChallenges`]: counts.totalChallenges,
    ...Object.fromEntries(
      Object.entries(streak).map(([field, value]) => [`${dbPaths.userInfo(uid)}/${field}`, value]),
    ),
    [dbPaths.memberGlance(uid)]: glance,
    [dbPaths.progressMember(uid)]: rollup,
    [`${dbPaths.leaderboardAll}/${uid}`]: entry(score.total),
    ...Object.fromEntries(
      pass.boards.map((challengeId) => [
        `${dbPaths.groupMember(challengeId, uid)}/streak`,
        streak.currentStreak,
      ]),
    ),
  });
  for (const contribution of Object.values(open)) touch(pass, contribution);
  for (const week of periods.weekly) {
    const points = score.weekly[week] ?? 0;
    update[`${dbPaths.leaderboardWeekly(week)}/${uid}`] = points > 0 ? entry(points) : null;
  }
  for (const month of periods.monthly) {
    const points = score.monthly[month] ?? 0;
    update[`${dbPaths.leaderboardMonthly(month)}/${uid}`] = points > 0 ? entry(points) : null;
  }
  // A disabled member's rows stay off the boards (docs/security.md, "Moderation races"): none are
  // written when disabled before this recompute began; when disabled during it, the sweep after the
  // write takes them out (disabling writes its marker before it looks for rows).
  const boards = [
    `${dbPaths.leaderboardAll}/`,
    dbPaths.leaderboardWeekly(''),
    dbPaths.leaderboardMonthly(''),
  ];
  if (disabled)
    for (const path of Object.keys(update))
      if (boards.some((board) => path.startsWith(board))) delete update[path];
  await writeGuardedBoardUpdate(database, update);
  if (!disabled) await sweepIfDisabled(database, uid);
  await recomputeOthers({ database, clock, proofs, photoSources }, pass.othersToRecompute);
  return {
    score: score.total,
    weekly: score.weekly,
    monthly: score.monthly,
    ...counts,
    ...streak,
  };
}
