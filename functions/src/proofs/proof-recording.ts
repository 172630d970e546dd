import type { Database } from 'firebase-admin/database';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import { dayKey } from '@domain/challenges/meal-schedule';
import {
  captureTimeOutsideWindow,
  nextProofAttempt,
  type ProofFlagReason,
  type ProofQueueEntry,
  type ProofReview,
} from '@domain/challenges/proof-review';
import { storagePaths } from '@domain/data/storage-paths';
import type { ProofResponse, ProvedMeal } from '@domain/api/proofs';
import { HttpError } from '../http/http-error';
import {
  boardRowUpdate,
  earningPlan,
  withMeal,
  writeGuardedBoardUpdate,
} from '../groups/group-board-writes';
import { isGroupMember } from '../groups/group-store';
import { fingerprintProof, NotAnImageError, PhotoTooLargeError } from './proof-fingerprint';
import { checkAndIndexProof, indexKey, unindexProof } from './proof-hash-index';
import type { ProofStore, StoredProofPhoto } from './proof-store';
import { inside, lateProofWindow, windowOf } from './proof-verification';
import { hasTimelyClaim, timelyClaimOf, type MealRef } from './proof-claims';
import type { MealWindow } from '@domain/challenges/meal-schedule';
import { readCaptureTime } from './proof-capture-time';
import { assertDecodeAllowance, countDecodeFailure } from './proof-decode-limit';
import { recomputeTotals } from '../progress/recompute-totals';
import type { PhotoSources } from '@domain/members/member-identity';

export interface ProofSubmitDependencies {
  database: Database;
  clock: () => number;
  proofs: ProofStore;
  /** Where board photos may come from (the recompute after the proof copies members' photos). */
  photoSources?: PhotoSources;
  log?: (message: string, error: unknown) => void;
}

/** Refuses a meal that cannot take this proof now (why, as the member should read it). */
function assertProvable(
  challenge: ChallengeRecord | null,
  day: number,
  meal: MealRecord | undefined,
): asserts challenge is ChallengeRecord {
  if (!challenge || challenge.deleted === true)
    throw new HttpError(404, 'not-found', 'Challenge not found');
  if (challenge.moderation)
    throw new HttpError(409, 'challenge-hidden', 'This challenge is hidden by a moderator');
  if (day > challenge.day || !meal) throw new HttpError(404, 'not-found', 'Meal not found');
  if (meal.status === 'Done')
    throw new HttpError(409, 'already-proved', 'This meal is already proved');
}

/**
 * The stored photo checked and hashed. A file that is not a picture, or one over 25 megapixels (read
 * from its header, before any decode), is deleted, counts against the member's failed decodes and
 * is refused with 422 and a message the member reads.
 */
async function examinePhoto(
  { database, proofs }: ProofSubmitDependencies,
  uid: string,
  imgPath: string,
  photo: StoredProofPhoto,
  now: number,
) {
  try {
    return await fingerprintProof(photo.bytes);
  } catch (error) {
    if (!(error instanceof NotAnImageError || error instanceof PhotoTooLargeError)) throw error;
    // Deleted so it earns nothing, costs no storage, and the member can upload a real photo.
    await Promise.all([proofs.remove!(imgPath), countDecodeFailure(database, uid, now)]);
    throw new HttpError(
      422,
      error instanceof PhotoTooLargeError ? 'photo-too-large' : 'photo-unreadable',
      error.message,
    );
  }
}

/**
 * Refuses a proof after the window closed, before the photo is downloaded, unless the meal has a
 * claim received in time and the close was less than 24 hours ago (docs/security.md, "Proof claims").
 */
async function assertStillOpen(database: Database, meal: MealRef, window: MealWindow, now: number) {
  if (now <= window.closesAt) return;
  const claimed =
    now <= lateProofWindow(window).closesAt && (await hasTimelyClaim(database, meal, window));
  if (!claimed) throw new HttpError(409, 'window-closed', "This meal's window has closed");
}

/**
 * When the meal counts as done: now for a proof in time. For a proof after its window closed, or a
 * photo stored after it: when the claim of exactly the stored bytes was received, which must be in
 * time (docs/security.md, "Proof claims"), capped at the close so that points, streaks and boards
 * judge it as proved in its window (src/domain/challenges/points.ts); `claimedAt` is that receipt. Without a timely claim a late photo is refused as before; a photo that is
 * not the claimed one is deleted (so the claimed photo can still take its create-only path).
 */
async function proofTimes(
  { database, proofs }: ProofSubmitDependencies,
  meal: MealRef,
  {
    imgPath,
    photo,
    window,
    now,
  }: { imgPath: string; photo: StoredProofPhoto; window: MealWindow; now: number },
): Promise<{ doneAt: number; claimedAt?: number }> {
  if (now <= window.closesAt && inside(photo.createdAt, window)) return { doneAt: now };
  const refusal =
    now > window.closesAt
      ? "This meal's window has closed"
      : "The photo was not uploaded inside this meal's window";
  if (!inside(photo.createdAt, lateProofWindow(window)))
    throw new HttpError(409, 'window-closed', refusal);
  const claimedAt = await timelyClaimOf(database, meal, photo.bytes, window);
  if (claimedAt !== undefined) return { doneAt: Math.min(claimedAt, window.closesAt), claimedAt };
  if (!(await hasTimelyClaim(database, meal, window)))
    throw new HttpError(409, 'window-closed', refusal);
  await proofs.remove!(imgPath);
  throw new HttpError(
    409,
    'claim-mismatch',
    "This is not the photo claimed in the meal's window: send the photo you took then",
  );
}

/**
 * Records the photo the member uploaded to the meal's proof path as its proof (docs/security.md, "Proof checks"). The server
 * derives everything: the window (from the start date and zone), the attempt's path, that the photo
 * exists and was stored inside the window, that it is a picture of a sane size, its hashes against
 * every earlier proof, its EXIF capture time, and the download URL. A near-duplicate, a picture of
 * (almost) one colour or far smaller than a camera's, or a capture time far from the window is held
 * for an admin and earns nothing. Then the member's points, boards and streaks are derived again.
 */
export async function recordProof(
  dependencies: ProofSubmitDependencies,
  target: MealRef,
): Promise<ProofResponse> {
  const { uid, challengeId, day, slot } = target;
  const { database, clock, proofs } = dependencies;
  if (!proofs.read || !proofs.remove)
    throw new HttpError(
      503,
      'unavailable',
      'Proofs cannot be recorded right now, please try again later',
    );
  const [challengeSnapshot, disabledSnapshot, onBoard] = await Promise.all([
    database.ref(dbPaths.challenge(uid, challengeId)).get(),
    database.ref(dbPaths.disabledMember(uid)).get(),
    isGroupMember(database, challengeId, uid),
  ]);
  if (disabledSnapshot.exists())
    throw new HttpError(403, 'account-disabled', 'This account is disabled');
  const challenge = challengeSnapshot.val() as ChallengeRecord | null;
  const meal = challenge?.meals?.[dayKey(day)]?.[slot];
  assertProvable(challenge, day, meal);
  const window = windowOf(challenge, day, slot);
  const now = clock();
  if (!window || now < window.opensAt)
    throw new HttpError(409, 'window-not-open', "This meal's window has not opened yet");
  await assertStillOpen(database, target, window, now);
  const attempt = nextProofAttempt(meal!);
  if (attempt === undefined)
    throw new HttpError(409, 'attempts-used', 'No more photos can be sent for this meal');
  const imgPath = storagePaths.mealProof(uid, challengeId, day, slot, attempt);
  await assertDecodeAllowance(database, uid, now);

  const photo = await proofs.read(imgPath);
  if (!photo)
    throw new HttpError(
      404,
      'not-found',
      'Upload the photo first: no proof photo is stored for this meal',
    );
  const evidence = { imgPath, photo, window, now };
  const { doneAt, claimedAt } = await proofTimes(dependencies, target, evidence);
  const fingerprint = await examinePhoto(dependencies, uid, imgPath, photo, now);
  const capturedAt = await readCaptureTime(photo.bytes, String(challenge.timezone));

  const indexed = { hash: fingerprint.hash, uid, challengeId, day, slot, at: now, imgPath };
  // One-colour pictures all hash alike: held anyway, they are not filed (proof-hash-index.ts).
  const match = fingerprint.plain
    ? undefined
    : await checkAndIndexProof(database, indexed, fingerprint);
  const reasons: ProofFlagReason[] = [];
  if (match) reasons.push('duplicate');
  if (fingerprint.plain) reasons.push('plain');
  if (fingerprint.small) reasons.push('small');
  if (captureTimeOutsideWindow(capturedAt, window)) reasons.push('capture-time');
  const review: ProofReview | null = reasons.length ? { state: 'flagged', reasons, at: now } : null;
  const proved: ProvedMeal = {
    status: 'Done',
    img: photo.downloadUrl,
    imgPath,
    doneAt,
    review,
    ...(claimedAt !== undefined && { claimedAt }),
  };

  // Once only, even against a second request for the same meal racing this one.
  const mealRef = database.ref(
    `${dbPaths.challenge(uid, challengeId)}/meals/${dayKey(day)}/${slot}`,
  );
  const result = await mealRef.transaction((stored: MealRecord | null) => {
    // null can be an empty local cache; returning it makes the server answer with the real value.
    if (!stored) return stored;
    if (stored.status === 'Done' || nextProofAttempt(stored) !== attempt) return undefined;
    const next: MealRecord & { claimedAt?: number } = {
      ...stored,
      ...proved,
      review: review ?? undefined,
    };
    if (!review) delete next.review;
    // An earlier, rejected attempt's claim says nothing about this photo.
    if (claimedAt === undefined) delete next.claimedAt;
    return next;
  });
  const written = result.snapshot.val() as MealRecord | null;
  if (!result.committed || written?.doneAt !== doneAt || written.imgPath !== imgPath) {
    if (!fingerprint.plain) await unindexProof(database, indexed, fingerprint);
    throw new HttpError(409, 'already-proved', 'This meal is already proved');
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
  // The row only while the member is still in the group (docs/security.md, "Group challenges").
  if (Object.keys(update).length > 0) await writeGuardedBoardUpdate(database, update);
  const score = await deriveProgress(dependencies, uid, challengeId);
  const answer: ProofResponse = { challengeId, day, slot, ...proved };
  return score === undefined ? answer : { ...answer, score };
}

/**
 * The member's score, week and month boards, streaks, board rows and team progress, derived again
 * here rather than on the app's say-so (docs/architecture.md, "Recompute"). The proof stands if this
 * fails; the next write or a repair recompute derives the same totals.
 */
async function deriveProgress(
  { database, clock, proofs, photoSources, log = console.error }: ProofSubmitDependencies,
  uid: string,
  challengeId: string,
): Promise<number | undefined> {
  try {
    return (await recomputeTotals({ database, clock, proofs, photoSources }, uid, challengeId))
      .score;
  } catch (error) {
    log('Recompute after a proof failed', error);
    return undefined;
  }
}

/** Queue keys sort by flag time (newest last; the list reads from the end), then which meal. */
export const proofQueueKey = (
  entry: Pick<ProofQueueEntry, 'uid' | 'challengeId' | 'day' | 'slot' | 'at'>,
) => indexKey(entry);
