import type { ProofReportReason } from '@domain/challenges/group-records';
import { MAX_PROOF_ATTEMPTS, parseStoragePath } from '@domain/data/storage-paths';

/**
 * What the server decides about a meal proof, shared by the API and the app (docs/security.md,
 * "Proof checks"). Only the API writes a meal's review and the admins' queue.
 */

/**
 * Why a proof waits for an admin: a near-duplicate of an earlier proof, a capture time far from its window,
 * or reports from members of its group (docs/product.md, "Group challenges").
 */
/** Why a proof waits for an admin; 'plain' (almost one colour) and 'small' (far below a phone camera's size) come from the photo itself. */
export type ProofFlagReason = 'duplicate' | 'capture-time' | 'reported' | 'plain' | 'small';

export type ProofReviewState = 'flagged' | 'approved' | 'rejected';

/** users/{uid}/challenges/{cid}/meals/Day{n}/{slot}/review, server-written. */
export interface ProofReview {
  state: ProofReviewState;
  reasons: ProofFlagReason[];
  /** The admin's reason, shown to the member, when rejected. */
  rejectedReason?: string;
  /** Epoch ms of the last change (the flag or the decision). */
  at: number;
}

/** An EXIF capture time this far outside the meal's window flags the proof (advisory: EXIF can be forged). */
export const CAPTURE_TIME_TOLERANCE_MS = 3 * 60 * 60 * 1000;

/** Epoch ms from 2000 to 2100: an EXIF time outside that is a camera with no clock set, not a time. */
export const CAPTURED_AT_BOUNDS = { min: 946_684_800_000, max: 4_102_444_800_000 } as const;

/** A rejection reason an admin types; shown to the member on the meal. */
export const PROOF_REJECTION_REASON_MAX_LENGTH = 200;

/** True when an EXIF capture time lies more than CAPTURE_TIME_TOLERANCE_MS outside the window. */
export function captureTimeOutsideWindow(
  capturedAt: number | undefined,
  { opensAt, closesAt }: { opensAt: number; closesAt: number },
): boolean {
  if (capturedAt === undefined) return false;
  return (
    capturedAt < opensAt - CAPTURE_TIME_TOLERANCE_MS ||
    capturedAt > closesAt + CAPTURE_TIME_TOLERANCE_MS
  );
}

/** Whether the meal's proof counts for points: no review, or an approved one. */
export function proofEarnsPoints(meal: { review?: Pick<ProofReview, 'state'> }): boolean {
  const state = meal.review?.state;
  return state === undefined || state === 'approved';
}

/** Which attempt a stored proof path is: `Day1-lunch.jpg` is 1, `Day1-lunch-2.jpg` is 2. */
export function proofAttemptOf(imgPath: string | undefined): number {
  const parsed = imgPath ? parseStoragePath(imgPath) : null;
  return parsed?.kind === 'mealProof' ? parsed.attempt : 0;
}

/**
 * The attempt the meal's next photo is stored as: 1 for a meal never proved, the next one after a
 * rejection, undefined when no more photo can be sent (proved, under review, or out of attempts).
 */
export function nextProofAttempt(meal: {
  status?: string;
  imgPath?: string;
  review?: Pick<ProofReview, 'state'>;
}): number | undefined {
  if (meal.status === 'Done') return undefined;
  const attempt = meal.review?.state === 'rejected' ? proofAttemptOf(meal.imgPath) + 1 : 1;
  return attempt <= MAX_PROOF_ATTEMPTS ? attempt : undefined;
}

/** moderation/proofQueue/{key}, server-only: a flagged proof waiting for an admin. */
export interface ProofQueueEntry {
  uid: string;
  challengeId: string;
  day: number;
  slot: string;
  imgPath: string;
  /** The proof's download URL (the server's). */
  img: string;
  reasons: ProofFlagReason[];
  /** The earlier proof it matches, when flagged as a duplicate. */
  match?: { uid: string; challengeId: string; day: number; slot: string; imgPath?: string };
  /** The EXIF capture time the browser sent, if any. */
  capturedAt?: number;
  opensAt: number;
  closesAt: number;
  /** When it was flagged (its doneAt). */
  at: number;
  /** Members' reports of the photo, when flagged as 'reported'. */
  reports?: { fromUid: string; reason: ProofReportReason; at: number }[];
}

/** A queue row as the admin list returns it: the entry with its key and the photos' URLs. */
export interface ProofQueueRow extends ProofQueueEntry {
  key: string;
  displayName: string;
  mealName: string;
  matchImg?: string;
  matchDisplayName?: string;
}

export interface ProofQueuePage {
  proofs: ProofQueueRow[];
  /** The key to pass as `before` for the next (older) page; absent on the last page. */
  next?: string;
}
