import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { CHALLENGE_DAYS, MEAL_SLOTS } from '@domain/constants';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { dayKey } from '@domain/challenges/meal-schedule';
import {
  CAPTURED_AT_BOUNDS,
  captureTimeOutsideWindow,
  nextProofAttempt,
  type ProofFlagReason,
  type ProofQueueEntry,
  type ProofReview,
} from '@domain/challenges/proof-review';
import { storagePaths } from '@domain/data/storage-paths';
import { memberUid } from './authenticate';
import { HttpError, parseOrThrow } from './http-error';
import { boardRowUpdate, earningPlan, withMeal } from './group-board-writes';
import { isGroupMember } from './group-store';
import { fingerprintProof, NotAnImageError, NOT_AN_IMAGE_MESSAGE } from './proof-fingerprint';
import { checkAndIndexProof, indexKey, unindexProof } from './proof-hash-index';
import type { ProofStore } from './proof-store';
import { inside, windowOf } from './proof-verification';

export interface ProofSubmitDependencies {
  database: Database;
  clock: () => number;
  proofs: ProofStore;
}

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
  day: z.coerce.number().int().min(CHALLENGE_DAYS.min).max(CHALLENGE_DAYS.max),
  slot: z.enum(MEAL_SLOTS),
});

const bodySchema = z.strictObject({
  capturedAt: z.number().int().min(CAPTURED_AT_BOUNDS.min).max(CAPTURED_AT_BOUNDS.max).optional(),
});

/** What the route answers: the meal's state as just written. */
export interface ProvedMeal {
  status: 'Done';
  img: string;
  imgPath: string;
  doneAt: number;
  review: ProofReview | null;
}

/** Refuses a meal that cannot take this proof now (why, as the member should read it). */
function assertProvable(
  challenge: ChallengeRecord | null,
  day: number,
  meal: MealRecord | undefined,
): asserts challenge is ChallengeRecord {
  if (!challenge || challenge.deleted === true) throw new HttpError(404, 'Challenge not found');
  if (challenge.moderation) throw new HttpError(409, 'This challenge is hidden by a moderator');
  if (day > challenge.day || !meal) throw new HttpError(404, 'Meal not found');
  if (meal.status === 'Done') throw new HttpError(409, 'This meal is already proved');
}

/**
 * POST /api/challenges/:challengeId/days/:day/meals/:slot/proof {capturedAt?}: records the photo the
 * member uploaded to the meal's proof path as its proof (docs/security.md, "Proof checks"). The server
 * derives everything but the advisory EXIF capture time: the window (from the start date and zone),
 * the attempt's path, that the photo exists and was stored inside the window, its perceptual hash
 * against every earlier proof, and the download URL. A photo that is not a picture is deleted (422);
 * a near-duplicate or a capture time far from the window is flagged for an admin and earns nothing.
 */
export function submitMealProof({
  database,
  clock,
  proofs,
}: ProofSubmitDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId, day, slot } = parseOrThrow(paramsSchema, request.params);
    const { capturedAt } = parseOrThrow(bodySchema, request.body ?? {});
    if (!proofs.read || !proofs.remove)
      throw new HttpError(503, 'Proofs cannot be recorded right now, please try again later');
    const [challengeSnapshot, disabledSnapshot, onBoard] = await Promise.all([
      database.ref(dbPaths.challenge(uid, challengeId)).get(),
      database.ref(dbPaths.disabledMember(uid)).get(),
      isGroupMember(database, challengeId, uid),
    ]);
    if (disabledSnapshot.exists()) throw new HttpError(403, 'This account is disabled');
    const challenge = challengeSnapshot.val() as ChallengeRecord | null;
    const meal = challenge?.meals?.[dayKey(day)]?.[slot];
    assertProvable(challenge, day, meal);
    const window = windowOf(challenge, day, slot);
    const now = clock();
    if (!window || now < window.opensAt)
      throw new HttpError(409, "This meal's window has not opened yet");
    if (now > window.closesAt) throw new HttpError(409, "This meal's window has closed");
    const attempt = nextProofAttempt(meal!);
    if (attempt === undefined) throw new HttpError(409, 'No more photos can be sent for this meal');
    const imgPath = storagePaths.mealProof(uid, challengeId, day, slot, attempt);

    const photo = await proofs.read(imgPath);
    if (!photo)
      throw new HttpError(404, 'Upload the photo first: no proof photo is stored for this meal');
    if (!inside(photo.createdAt, window))
      throw new HttpError(409, "The photo was not uploaded inside this meal's window");
    let hash: string;
    try {
      ({ hash } = await fingerprintProof(photo.bytes));
    } catch (error) {
      if (!(error instanceof NotAnImageError)) throw error;
      // Deleted so it earns nothing, costs no storage, and the member can upload a real photo.
      await proofs.remove(imgPath);
      throw new HttpError(422, NOT_AN_IMAGE_MESSAGE);
    }

    const indexed = { hash, uid, challengeId, day, slot, at: now, imgPath };
    const match = await checkAndIndexProof(database, indexed);
    const reasons: ProofFlagReason[] = [];
    if (match) reasons.push('duplicate');
    if (captureTimeOutsideWindow(capturedAt, window)) reasons.push('capture-time');
    const review: ProofReview | null = reasons.length
      ? { state: 'flagged', reasons, at: now }
      : null;
    const proved: ProvedMeal = {
      status: 'Done',
      img: photo.downloadUrl,
      imgPath,
      doneAt: now,
      review,
    };

    // Once only, even against a second request for the same meal racing this one.
    const mealRef = database.ref(
      `${dbPaths.challenge(uid, challengeId)}/meals/${dayKey(day)}/${slot}`,
    );
    const result = await mealRef.transaction((stored: MealRecord | null) => {
      // null can be an empty local cache; returning it makes the server answer with the real value.
      if (!stored) return stored;
      if (stored.status === 'Done' || nextProofAttempt(stored) !== attempt) return undefined;
      const next: MealRecord = { ...stored, ...proved, review: review ?? undefined };
      if (!review) delete next.review;
      return next;
    });
    const written = result.snapshot.val() as MealRecord | null;
    if (!result.committed || written?.doneAt !== now || written.imgPath !== imgPath) {
      await unindexProof(database, indexed);
      throw new HttpError(409, 'This meal is already proved');
    }
    const update: Record<string, unknown> = {};
    if (review) {
      const entry: ProofQueueEntry = {
        uid,
        challengeId,
        day,
        slot,
        imgPath,
        img: photo.downloadUrl,
        reasons,
        ...(match && {
          match: {
            uid: match.uid,
            challengeId: match.challengeId,
            day: match.day,
            slot: match.slot,
            ...(match.imgPath ? { imgPath: match.imgPath } : {}),
          },
        }),
        ...(capturedAt !== undefined && { capturedAt }),
        opensAt: window.opensAt,
        closesAt: window.closesAt,
        at: now,
      };
      update[dbPaths.proofQueueEntry(proofQueueKey(entry))] = entry;
    }
    if (onBoard) {
      // The group's board shows it at once (docs/product.md, "Group challenges"): the member's row
      // from their plan with this meal as just written, and the photo; a flagged proof earns nothing.
      const recorded = withMeal(challenge, day, slot, written!);
      Object.assign(update, boardRowUpdate(challengeId, uid, recorded, earningPlan(recorded)));
    }
    if (Object.keys(update).length > 0) await database.ref().update(update);
    response.json({ challengeId, day, slot, ...proved });
  };
}

/** Queue keys sort by flag time (newest last; the list reads from the end), then which meal. */
export const proofQueueKey = (
  entry: Pick<ProofQueueEntry, 'uid' | 'challengeId' | 'day' | 'slot' | 'at'>,
) => indexKey(entry);
