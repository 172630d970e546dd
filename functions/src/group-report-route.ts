import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { MealRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { boardProofOfRow } from '@domain/challenges/board-windows';
import {
  PROOF_REPORTS_TO_FLAG,
  proofReportRequestSchema,
  type ProofReportRecord,
} from '@domain/challenges/group-records';
import { MEAL_KEY, type MealKey } from '@domain/challenges/meal-key';
import { dayKey } from '@domain/challenges/meal-schedule';
import type {
  ProofFlagReason,
  ProofQueueEntry,
  ProofReview,
} from '@domain/challenges/proof-review';
import { memberUid } from './authenticate';
import { groupPeers } from './group-cheer-route';
import { boardRowUpdate, earningPlan, withMeal } from './group-board-writes';
import { HttpError, parseOrThrow } from './http-error';
import { proofQueueKey } from './proof-submit-route';
import { recomputeTotals, type RecomputeDependencies } from './recompute-route';

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

/**
 * POST /api/challenges/:challengeId/members/:uid/meals/:meal/reports {reason}: a member of the group
 * reports another member's proof photo, once per photo (a second report: 409). Reports from
 * PROOF_REPORTS_TO_FLAG different members flag it as the proof route flags a suspect photo: the meal's
 * review, the board row and the admins' queue (with the reports listed), and the points withheld
 * until an admin approves it. Reports are server-only (groupReports/…).
 */
export function reportProof(dependencies: ProofReportDependencies): RequestHandler {
  const { database, clock, log = () => {} } = dependencies;
  return async (request, response) => {
    const fromUid = memberUid(response);
    const { challengeId, uid, meal } = parseOrThrow(paramsSchema, request.params);
    const { reason } = parseOrThrow(proofReportRequestSchema, request.body ?? {});
    if (uid === fromUid) throw new HttpError(400, 'You cannot report your own proof');
    const peers = await groupPeers(database, challengeId, fromUid, uid);
    const shown = boardProofOfRow(peers.to, meal as MealKey);
    if (shown !== 'Done' && shown !== 'Flagged')
      throw new HttpError(409, 'Only a proof photo can be reported');
    const [dayName, slotName] = meal.split('-');
    const day = Number(dayName.slice(3));
    const slot = slotName as MealSlot;
    const mealPath = `${dbPaths.challenge(uid, challengeId)}/meals/${dayKey(day)}/${slot}`;
    const stored = (await database.ref(mealPath).get()).val() as MealRecord | null;
    if (stored?.status !== 'Done' || !stored.imgPath)
      throw new HttpError(409, 'Only a proof photo can be reported');
    const imgPath = stored.imgPath;

    const now = clock();
    const report: ProofReportRecord = { reason, at: now, imgPath };
    // One report per member per photo, even against the same member's racing second report.
    const result = await database
      .ref(dbPaths.groupProofReport(challengeId, uid, meal, fromUid))
      .transaction((current: ProofReportRecord | null) =>
        current?.imgPath === imgPath ? undefined : report,
      );
    if (!result.committed || result.snapshot.val()?.at !== now)
      throw new HttpError(409, 'You have already reported this photo');

    const all = ((
      await database.ref(dbPaths.groupProofReports(challengeId, uid, meal)).get()
    ).val() ?? {}) as Record<string, ProofReportRecord>;
    const reports = Object.entries(all)
      .filter(([, record]) => record.imgPath === imgPath)
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
    response.status(201).json({ challengeId, uid, meal, reports: reports.length, flagged });
  };
}

/**
 * Puts the reported proof in the admins' queue: a new flag when it earns (no review, or approved
 * before these reports), or the reports added to the entry already waiting. The review is decided by
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
      current === null || current.state === 'approved' ? review : undefined,
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
  await database.ref().update({
    [dbPaths.proofQueueEntry(proofQueueKey(entry))]: entry,
    ...boardRowUpdate(challengeId, uid, recorded, earningPlan(recorded)),
  });
  return true;
}
