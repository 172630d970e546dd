import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { dayKey } from '@domain/challenges/meal-schedule';
import {
  type ProofQueueEntry,
  type ProofQueueRow,
  type ProofReview,
} from '@domain/challenges/proof-review';
import {
  emptyRequestSchema,
  proofQueueKeySchema,
  proofQueueQuerySchema,
  rejectProofRequestSchema,
  type ProofDecisionResponse,
  type ProofQueueResponse,
} from '@domain/api/admin';
import { auditUpdate } from './admin-audit';
import { adminIdentity } from '../http/authenticate';
import {
  boardRowUpdate,
  earningPlan,
  withMeal,
  writeGuardedBoardUpdate,
} from '../groups/group-board-writes';
import { isGroupMember } from '../groups/group-store';
import { HttpError, parseOrThrow } from '../http/http-error';
import type { ProofStore } from '../proofs/proof-store';
import { recomputeTotals } from '../progress/recompute-totals';

export interface ProofReviewDependencies {
  database: Database;
  clock: () => number;
  proofs: ProofStore;
  log: (message: string, error: unknown) => void;
}

/** Flagged proofs an admin sees at once, newest first. */
export const PROOF_QUEUE_PAGE_SIZE = 10;

const paramsSchema = z.object({ key: proofQueueKeySchema });

const mealPathOf = ({ uid, challengeId, day, slot }: ProofQueueEntry) =>
  `${dbPaths.challenge(uid, challengeId)}/meals/${dayKey(day)}/${slot}`;

async function displayNameOf(database: Database, uid: string): Promise<string> {
  const name: unknown = (await database.ref(`${dbPaths.userInfo(uid)}/displayName`).get()).val();
  return typeof name === 'string' ? name : '';
}

/**
 * GET /api/admin/proofs?before=KEY: flagged proofs, newest first, PROOF_QUEUE_PAGE_SIZE a page, each
 * with its photo, the earlier photo it matches (the admin sees both side by side), the meal, the
 * member and why it was flagged (docs/security.md, "Proof checks").
 */
export function listFlaggedProofs({ database, proofs }: ProofReviewDependencies): RequestHandler {
  return async (request, response) => {
    const { before } = parseOrThrow(proofQueueQuerySchema, request.query);
    let query = database.ref(dbPaths.proofQueue).orderByKey();
    if (before) query = query.endBefore(before);
    const snapshot = await query.limitToLast(PROOF_QUEUE_PAGE_SIZE + 1).get();
    const entries: Array<[string, ProofQueueEntry]> = [];
    snapshot.forEach((child) => {
      entries.push([child.key!, child.val() as ProofQueueEntry]);
    });
    entries.reverse();
    const page = entries.slice(0, PROOF_QUEUE_PAGE_SIZE);
    const rows = await Promise.all(
      page.map(async ([key, entry]): Promise<ProofQueueRow> => {
        const [displayName, meal, matchImg, matchDisplayName] = await Promise.all([
          displayNameOf(database, entry.uid),
          database.ref(mealPathOf(entry)).get(),
          entry.match?.imgPath && proofs.downloadUrl
            ? proofs.downloadUrl(entry.match.imgPath)
            : undefined,
          entry.match ? displayNameOf(database, entry.match.uid) : undefined,
        ]);
        const mealName: unknown = (meal.val() as MealRecord | null)?.name;
        return {
          ...entry,
          key,
          displayName,
          mealName: typeof mealName === 'string' ? mealName : '',
          ...(matchImg ? { matchImg } : {}),
          ...(matchDisplayName !== undefined ? { matchDisplayName } : {}),
        };
      }),
    );
    const result: ProofQueueResponse = {
      proofs: rows,
      ...(entries.length > PROOF_QUEUE_PAGE_SIZE ? { next: page.at(-1)![0] } : {}),
    };
    response.json(result);
  };
}

/** The queued entry and its meal, still flagged for the same photo, or a 404/409 saying why not. */
async function queuedProof(database: Database, key: string) {
  const entry = (
    await database.ref(dbPaths.proofQueueEntry(key)).get()
  ).val() as ProofQueueEntry | null;
  if (!entry) throw new HttpError(404, 'not-found', 'This proof is no longer waiting for review');
  const meal = (await database.ref(mealPathOf(entry)).get()).val() as MealRecord | null;
  if (!meal || meal.imgPath !== entry.imgPath || meal.review?.state !== 'flagged')
    throw new HttpError(409, 'conflict', 'This proof has changed since it was flagged');
  return { entry, meal };
}

/**
 * The member's board row with the decided meal, when the plan is on a group's board (the recompute
 * that follows adds what only it derives: photos checked in Storage, the team bonus).
 */
async function boardRowAfter(database: Database, entry: ProofQueueEntry, decided: MealRecord) {
  if (!(await isGroupMember(database, entry.challengeId, entry.uid))) return {};
  const plan = (
    await database.ref(dbPaths.challenge(entry.uid, entry.challengeId)).get()
  ).val() as ChallengeRecord | null;
  if (!plan) return {};
  const recorded = withMeal(plan, entry.day, entry.slot as MealSlot, decided);
  return boardRowUpdate(entry.challengeId, entry.uid, recorded, earningPlan(recorded));
}

/**
 * Decides a flagged proof: the meal's review, the queue entry removed and the audit entry, in one
 * update; then the member's points are recomputed at once (approved: the meal earns; rejected: it
 * stays withheld and the member may send another photo while the window is open). A group member's
 * board row changes in the same update.
 */
function decide(
  dependencies: ProofReviewDependencies,
  decision: 'approve' | 'reject',
): RequestHandler {
  const { database, clock, log } = dependencies;
  return async (request, response) => {
    const admin = adminIdentity(response);
    const { key } = parseOrThrow(paramsSchema, request.params);
    const { reason } =
      decision === 'reject'
        ? parseOrThrow(rejectProofRequestSchema, request.body ?? {})
        : { ...parseOrThrow(emptyRequestSchema, request.body ?? {}), reason: '' };
    const { entry, meal } = await queuedProof(database, key);
    const now = clock();
    const review: ProofReview =
      decision === 'approve'
        ? { state: 'approved', reasons: entry.reasons, at: now }
        : { state: 'rejected', reasons: entry.reasons, rejectedReason: reason, at: now };
    // The row only while the member is still in the group (docs/security.md, "Group challenges").
    await writeGuardedBoardUpdate(database, {
      ...(await boardRowAfter(database, entry, {
        ...meal,
        review,
        ...(decision === 'reject' && { status: 'Rejected' }),
      })),
      [`${mealPathOf(entry)}/review`]: review,
      // A rejected meal is no longer proved: its window decides again, for the next attempt.
      ...(decision === 'reject' && { [`${mealPathOf(entry)}/status`]: 'Rejected' }),
      [dbPaths.proofQueueEntry(key)]: null,
      ...auditUpdate(database, {
        at: now,
        action: decision === 'approve' ? 'approve-proof' : 'reject-proof',
        actor: admin,
        target: {
          uid: entry.uid,
          challengeId: entry.challengeId,
          label: `Day ${entry.day} ${entry.slot}: ${meal.name}`,
        },
        reason,
      }),
    });
    let score: number | undefined;
    try {
      ({ score } = await recomputeTotals(dependencies, entry.uid, entry.challengeId));
    } catch (error) {
      // The decision stands; the member's next recompute derives the same totals.
      log('Recompute after a proof review failed', error);
    }
    response.json({
      key,
      review,
      ...(score !== undefined && { score }),
    } satisfies ProofDecisionResponse);
  };
}

/** POST /api/admin/proofs/:key/approve {}: the proof earns its points. */
export const approveProof = (dependencies: ProofReviewDependencies) =>
  decide(dependencies, 'approve');

/** POST /api/admin/proofs/:key/reject {reason}: withheld, "Rejected" with the reason for the member. */
export const rejectProof = (dependencies: ProofReviewDependencies) =>
  decide(dependencies, 'reject');
