import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { MealRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { boardProofOfRow } from '@domain/challenges/board-windows';
import {
  GROUP_MESSAGES,
  PROOF_REPORTS_TO_FLAG,
  proofReportRequestSchema,
  type BoardRow,
  type ProofReportRecord,
} from '@domain/challenges/group-records';
import { MEAL_KEY, type MealKey } from '@domain/challenges/meal-key';
import { dayKey } from '@domain/challenges/meal-schedule';
import type {
  ProofFlagReason,
  ProofQueueEntry,
  ProofReview,
} from '@domain/challenges/proof-review';
import type { ReportResponse } from '@domain/api/groups';
import { memberUid } from '../http/authenticate';
import { groupPeers } from './group-peers';
import {
  boardRowUpdate,
  earningPlan,
  groupEndsAt,
  withMeal,
  writeGuardedBoardUpdate,
} from './group-board-writes';
import { HttpError, parseOrThrow } from '../http/http-error';
import { proofQueueKey } from '../proofs/proof-recording';
import { recomputeTotals, type RecomputeDependencies } from '../progress/recompute-totals';

export interface ProofReportDependencies extends RecomputeDependencies {
  log?: (message: string, error: unknown) => void;
}

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
  uid: z.string().regex(DATABASE_KEY, 'Not a member id'),
  meal: z.string().regex(MEAL_KEY, 'Must be Day{n}-breakfast, -lunch or -dinner'),
});

/** A queue entry flagged by members' reports (the admin page lists them; docs/security.md, "Proof checks"). */
type ReportedQueueEntry = ProofQueueEntry & { reports: NonNullable<ProofQueueEntry['reports']> };

/** Why a report is refused beyond the request's form (docs/product.md, "Report a photo"). */
export const REPORT_MESSAGES = {
  ownProof: 'You cannot report your own proof',
  notAPhoto: 'Only a proof photo can be reported',
  joinedAfter: 'Only members who were in this challenge when the photo was sent can report it',
  ended: 'This challenge has ended: its photos can no longer be reported',
  settled: 'An admin has checked this photo: it can no longer be reported',
  already: 'You have already reported this photo',
} as const;

const readRows = async (database: Database, challengeId: string) =>
  ((await database.ref(dbPaths.groupMembers(challengeId)).get()).val() ?? {}) as Record<
    string,
    BoardRow
  >;

/** A member in the group now (their row has joinedAt) who was in it when the meal was proved. */
const witnessed = (row: BoardRow | undefined, provedAt: number) =>
  typeof row?.joinedAt === 'number' && row.joinedAt <= provedAt;

/**
 * POST /api/challenges/:challengeId/members/:uid/meals/:meal/reports {reason}: a member of the group
 * reports another member's proof photo, once per photo (a second report: 409). Reports from
 * PROOF_REPORTS_TO_FLAG different members flag it as the proof route flags a suspect photo: the meal's
 * review, the board row and the admins' queue (with the reports listed), and the points withheld
 * until an admin approves it. Reports are server-only (groupReports/…).
 *
 * So that throwaway accounts cannot farm a flag (docs/security.md, "Reports"): only a member who was
 * in the group when the meal was proved may report it, and a report counts only while its reporter
 * is still in the group; none are taken once the group has ended, nor once an admin approved the
 * photo (the approval settles it).
 */
export function reportProof(dependencies: ProofReportDependencies): RequestHandler {
  const { database, clock, log = () => {} } = dependencies;
  return async (request, response) => {
    const fromUid = memberUid(response);
    const { challengeId, uid, meal } = parseOrThrow(paramsSchema, request.params);
    const { reason } = parseOrThrow(proofReportRequestSchema, request.body ?? {});
    if (uid === fromUid) throw new HttpError(400, 'self-action', REPORT_MESSAGES.ownProof);
    const peers = await groupPeers(database, challengeId, fromUid, uid);
    if (typeof peers.from.joinedAt !== 'number')
      throw new HttpError(403, 'not-member', GROUP_MESSAGES.notMember);
    const shown = boardProofOfRow(peers.to, meal as MealKey);
    if (shown !== 'Done' && shown !== 'Flagged')
      throw new HttpError(409, 'conflict', REPORT_MESSAGES.notAPhoto);
    const [dayName, slotName] = meal.split('-');
    const day = Number(dayName.slice(3));
    const slot = slotName as MealSlot;
    const mealPath = `${dbPaths.challenge(uid, challengeId)}/meals/${dayKey(day)}/${slot}`;
    const [stored, rows] = await Promise.all([
      database
        .ref(mealPath)
        .get()
        .then((snapshot) => snapshot.val() as MealRecord | null),
      readRows(database, challengeId),
    ]);
    if (stored?.status !== 'Done' || !stored.imgPath)
      throw new HttpError(409, 'conflict', REPORT_MESSAGES.notAPhoto);
    if (stored.review?.state === 'approved')
      throw new HttpError(409, 'conflict', REPORT_MESSAGES.settled);
    const now = clock();
    if (now > groupEndsAt(rows)) throw new HttpError(409, 'challenge-ended', REPORT_MESSAGES.ended);
    // A Done meal has its doneAt; a record from before it had one counts from its window's opening.
    const provedAt = stored.doneAt ?? stored.opensAt;
    if (!witnessed(rows[fromUid], provedAt))
      throw new HttpError(403, 'forbidden', REPORT_MESSAGES.joinedAfter);
    const imgPath = stored.imgPath;

    const report: ProofReportRecord = { reason, at: now, imgPath };
    // One report per member per photo, even against the same member's racing second report.
    const result = await database
      .ref(dbPaths.groupProofReport(challengeId, uid, meal, fromUid))
      .transaction((current: ProofReportRecord | null) =>
        current?.imgPath === imgPath ? undefined : report,
      );
    if (!result.committed || result.snapshot.val()?.at !== now)
      throw new HttpError(409, 'conflict', REPORT_MESSAGES.already);

    // Counted against the group as it is now: a reporter who left since counts no more.
    const [all, members] = await Promise.all([
      database
        .ref(dbPaths.groupProofReports(challengeId, uid, meal))
        .get()
        .then((snapshot) => (snapshot.val() ?? {}) as Record<string, ProofReportRecord>),
      readRows(database, challengeId),
    ]);
    const reports = Object.entries(all)
      .filter(
        ([reporter, record]) =>
          record.imgPath === imgPath && reporter !== uid && witnessed(members[reporter], provedAt),
      )
      .map(([reporter, record]) => ({ fromUid: reporter, reason: record.reason, at: record.at }))
      .sort((left, right) => left.at - right.at);
    let flagged = false;
    if (reports.length >= PROOF_REPORTS_TO_FLAG)
      flagged = await flagReported(dependencies, { uid, challengeId, day, slot, now, reports });
    if (flagged) {
      try {
        await recomputeTotals(dependencies, uid, challengeId);
      } catch (error) {
        // The flag stands; the member's next recompute withholds the same points.
        log('Recompute after reports flagged a proof failed', error);
      }
    }
    response.status(201).json({
      challengeId,
      uid,
      meal: meal as MealKey,
      reports: reports.length,
      flagged,
    } satisfies ReportResponse);
  };
}

/**
 * Puts the reported proof in the admins' queue: a new flag when it has no review yet (an approved
 * photo stays approved), or the reports added to the entry already waiting. The review is decided by
 * a transaction so that racing reports flag it once. True when this call flagged it.
 */
async function flagReported(
  { database }: ProofReportDependencies,
  {
    uid,
    challengeId,
    day,
    slot,
    now,
    reports,
  }: {
    uid: string;
    challengeId: string;
    day: number;
    slot: MealSlot;
    now: number;
    reports: ReportedQueueEntry['reports'];
  },
): Promise<boolean> {
  const mealPath = `${dbPaths.challenge(uid, challengeId)}/meals/${dayKey(day)}/${slot}`;
  const review: ProofReview = { state: 'flagged', reasons: ['reported'], at: now };
  const decided = await database
    .ref(`${mealPath}/review`)
    .transaction((current: ProofReview | null) =>
      // An admin's approval settles the photo for good: only an unreviewed proof is flagged.
      current === null ? review : undefined,
    );
  const written = decided.snapshot.val() as ProofReview | null;
  if (!decided.committed || written?.at !== now) {
    // Already waiting for an admin: the entry lists the reports too.
    if (written?.state !== 'flagged') return false;
    const key = proofQueueKey({ uid, challengeId, day, slot, at: written.at });
    const entry = (
      await database.ref(dbPaths.proofQueueEntry(key)).get()
    ).val() as ReportedQueueEntry | null;
    if (!entry) return false;
    const reasons: ProofFlagReason[] = entry.reasons.includes('reported')
      ? entry.reasons
      : [...entry.reasons, 'reported'];
    await database
      .ref(dbPaths.proofQueueEntry(key))
      .update({ reasons, reports: reports.map((report) => ({ ...report })) });
    return false;
  }
  const [plan, meal] = await Promise.all([
    database.ref(dbPaths.challenge(uid, challengeId)).get(),
    database.ref(mealPath).get(),
  ]);
  const stored = meal.val() as MealRecord;
  const entry: ReportedQueueEntry = {
    uid,
    challengeId,
    day,
    slot,
    imgPath: stored.imgPath ?? '',
    img: stored.img,
    reasons: ['reported'],
    reports,
    opensAt: stored.opensAt,
    closesAt: stored.closesAt,
    at: now,
  };
  const recorded = withMeal(plan.val(), day, slot, stored);
  // The row only while the member is still in the group (docs/security.md, "Group challenges").
  await writeGuardedBoardUpdate(database, {
    [dbPaths.proofQueueEntry(proofQueueKey(entry))]: entry,
    ...boardRowUpdate(challengeId, uid, recorded, earningPlan(recorded)),
  });
  return true;
}
